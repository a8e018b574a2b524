import FakeUpstream
import Foundation
import GiphyCatalog
import HTTPServer
import JSON

/// GIPHY's analytics, faked: every GIF's `analytics.onload/onclick/onsent` url points at
/// `<base>/v2/pingback_simple?analytics_response_payload=e%3D<id>&action_type=SEEN|CLICK|SENT`,
/// and this fake counts what arrives there (faults armed for that path apply, e.g. a delay or a 500).
///   GET /__pingbacks  {"total": N, "pingbacks": [{"action", "gif_id", "random_id", "ts"}, ...]} (admin)
///   DELETE /__pingbacks forgets them
enum FakePingbacks {
    static let path = CatalogGIF.pingbackPath

    /// `{"onload": {"url": ...}, "onclick": {...}, "onsent": {...}}`.
    static func writeAnalytics(for gif: CatalogGIF, base: String, to writer: inout JSONWriter) {
        let urls = gif.pingbackURLs(base: base)
        writer.object { writer in
            for (action, url): (StaticString, String) in [("onload", urls.onload), ("onclick", urls.onclick), ("onsent", urls.onsent)] {
                writer.key(action)
                writer.object { writer in writer.member("url", url) }
            }
        }
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
            let received = log.all
            return FakeBody.response(200, FakeBody.object { writer in
                writer.member("total", received.count)
                writer.key("pingbacks")
                writer.array(received) { writer, pingback in
                    writer.object { writer in
                        writer.member("action", pingback.action)
                        writer.member("gif_id", pingback.gifID)
                        if let randomID = pingback.randomID { writer.member("random_id", randomID) }
                        if let timestamp = pingback.timestamp { writer.member("ts", Int(timestamp)) }
                    }
                }
            })
        }
        router.delete("/__pingbacks") { _ in
            log.reset()
            return HTTPResponse(status: .noContent)
        }
    }
}
