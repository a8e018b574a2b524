import JSON
import Service
import Model
import HTTPServer
import Primitives

/// POST /gif/{id}/events: the app says a GIF was seen, clicked or sent; the server sends the
/// upstream's pingbacks in the background and answers 202 at once (`{"accepted": n}`, the
/// number of GIFs taken), also when analytics is off.
enum AnalyticsRoutes {
    /// A grid that just appeared names its GIFs in one event, up to this many.
    static let maxIDs = 100

    struct Accepted: JSONWritable {
        let count: Int

        func write(to writer: inout JSONWriter) {
            writer.object { writer in writer.member("accepted", count) }
        }
    }

    static func register(on router: inout RouterBuilder, analytics: AnalyticsPingbacks, installs: Installs) {
        router.serveWaiting(.post, "/gif/{id}/events") { request in
            let install = try await InstallAccess.forBrowsing(request, installs: installs).value()
            let id = try RequestInputs.itemID(request.pathParameters["id"])
            let body = try JSONBody.object(of: request)
            let action = try self.action(body.optional("action"))
            let listed = try ids(body.optional("ids"), action: action)
            let accepted = analytics.record(action, ids: [id] + listed, install: install)
            return JSONResponse.write(Accepted(count: accepted), status: HTTPStatus(code: 202), sizeHint: 32)
        }
    }

    private static func action(_ value: JSONValue?) throws(ServiceError) -> AnalyticsAction {
        guard let text = value?.string, let action = AnalyticsAction(text) else {
            throw .invalid("action", "must be one of \(AnalyticsAction.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        return action
    }

    /// `ids`, only with "seen": the other GIFs shown with this one, at most `maxIDs`.
    private static func ids(_ value: JSONValue?, action: AnalyticsAction) throws(ServiceError) -> [ItemID] {
        guard let value else { return [] }
        guard action == .seen else { throw .invalid("ids", "is only taken with the action seen.") }
        guard value.isArray, value.elements.count <= maxIDs else {
            throw .invalid("ids", "must be a list of at most \(maxIDs) GIF ids.")
        }
        var ids: [ItemID] = []
        for element in value.elements {
            ids.append(try RequestInputs.itemID(element.string, name: "ids"))
        }
        return ids
    }
}
