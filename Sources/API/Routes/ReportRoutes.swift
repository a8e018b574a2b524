import HTTPServer
import JSON
import Model
import Primitives
import Service

/// POST /items/{id}/reports: an install reports an item to the operator, with a reason from a
/// closed list. 201 for a new report, 200 for a repeat (nothing changed); 429 past the address's
/// reports an hour. The item is not fetched: its id is only checked for a provider served.
enum ReportRoutes {
    struct Received: JSONWritable {
        let id: String
        let reason: String
        let isNew: Bool

        func write(to writer: inout JSONWriter) {
            writer.object { writer in
                writer.member("id", id)
                writer.member("reason", reason)
                writer.member("status", isNew ? "received" : "already_received")
            }
        }
    }

    static func register(on router: inout RouterBuilder, moderation: Moderation, providers: ProviderGateways, installs: Installs,
                         proxies: TrustedProxies) {
        router.serveWaiting(.post, "/items/{id}/reports") { request in
            let install = try await InstallAccess.forKeeping(request, installs: installs).value()
            let id = try RequestInputs.itemID(request.pathParameters["id"])
            _ = try providers.provider(of: id)
            let reason = try JSONBody.stringField("reason", of: request)
            let isNew = try await moderation.report(item: id, reason: reason, install: install,
                                                    client: ClientAddress.installClient(of: request, trusting: proxies).address)
            var response = JSONResponse.write(Received(id: id.rawValue, reason: reason, isNew: isNew), status: isNew ? .created : .ok)
            response.headers.set(name: "Cache-Control", value: CacheHeaders.never)
            return response
        }
    }
}
