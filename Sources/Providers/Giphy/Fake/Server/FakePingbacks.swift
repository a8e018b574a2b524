import Foundation
import GiphyCatalog
import HTTPServer

/// GIPHY's analytics, faked: every GIF's `analytics.onload/onclick/onsent` url points at
/// `<base>/v2/pingback_simple?analytics_response_payload=e%3D<id>&action_type=SEEN|CLICK|SENT`,
/// and this fake counts what arrives there (faults armed for that path apply, e.g. a delay or a 500).
///   GET /__pingbacks  {"total": N, "pingbacks": [{"action", "gif_id", "random_id", "ts"}, ...]} (admin)
///   DELETE /__pingbacks forgets them
enum FakePingbacks {
    static let path = CatalogGIF.pingbackPath

    static func analytics(for gif: CatalogGIF, base: String) -> JSONValue {
        func link(_ url: String) -> JSONValue { .object([("url", .string(url))]) }
        let urls = gif.pingbackURLs(base: base)
        return .object([("onload", link(urls.onload)), ("onclick", link(urls.onclick)), ("onsent", link(urls.onsent))])
    }

    static func addRoutes(to router: inout RouterBuilder, log: PingbackLog, faults: FaultBoard<FakeGiphyFault>, admin: Bool) {
        router.get(path) { request in
            if let fault = faults.take(for: request.path) {
                if case .delay(let milliseconds) = fault {
                    try await Task.sleep(for: .milliseconds(min(max(0, milliseconds), 60_000)))
                } else {
                    return HTTPResponse(status: HTTPStatus(code: 500))
                }
            }
            let payload = request.query["analytics_response_payload"] ?? ""
            guard payload.hasPrefix("e="), let action = request.query["action_type"] else {
                return HTTPResponse(status: .badRequest)
            }
            log.record(ReceivedPingback(action: action, gifID: String(payload.dropFirst(2)), randomID: request.query["random_id"],
                                        timestamp: request.query["ts"].flatMap { Int64($0) },
                                        carriedKey: request.query["api_key"] != nil))
            return HTTPResponse(status: .noContent)
        }
        guard admin else { return }
        router.get("/__pingbacks") { _ in
            let items = log.all.map { pingback -> JSONValue in
                var members: [(String, JSONValue)] = [("action", .string(pingback.action)), ("gif_id", .string(pingback.gifID))]
                if let randomID = pingback.randomID { members.append(("random_id", .string(randomID))) }
                if let timestamp = pingback.timestamp { members.append(("ts", .int(Int(timestamp)))) }
                return .object(members)
            }
            return .json(JSONValue.object([("total", .int(items.count)), ("pingbacks", .array(items))]).text)
        }
        router.delete("/__pingbacks") { _ in
            log.reset()
            return HTTPResponse(status: .noContent)
        }
    }
}
