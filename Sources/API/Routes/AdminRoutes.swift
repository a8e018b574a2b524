import Foundation
import HTTPServer
import JSON
import Model
import Service

/// The operator's routes (docs/moderation.md), registered only when the admin token is set; the
/// token is checked before routing (`AdminAccess`). PUT and DELETE /admin/blocks/items/{id} and
/// /admin/blocks/terms/{term}, GET /admin/blocks, GET /admin/reports. Each change is logged.
enum AdminRoutes {
    static func register(on router: inout RouterBuilder, moderation: Moderation, access: AdminAccess) {
        for (kind, template, parameter) in [(BlockKind.item, "/admin/blocks/items/{id}", "id"), (.term, "/admin/blocks/terms/{term}", "term")] {
            router.serveWaiting(.put, template) { request in
                let reason = try JSONBody.stringField("reason", of: request)
                let record = try await moderation.block(kind, key: request.pathParameters[parameter] ?? "", reason: reason)
                access.log("blocked", [("kind", kind.rawValue), ("key", record.key), ("reason", record.reason)])
                return noStore(JSONResponse.write(BlockJSON(record: record)))
            }
            router.serveWaiting(.delete, template) { request in
                let key = request.pathParameters[parameter] ?? ""
                guard try await moderation.unblock(kind, key: key) else {
                    throw ProblemDetails(status: .notFound, code: "block_not_found", title: "Block not found",
                                         detail: "Nothing is blocked under that \(parameter).")
                }
                access.log("unblocked", [("kind", kind.rawValue), ("key", key)])
                return HTTPResponse(status: .noContent)
            }
        }
        router.serveWaiting(.get, "/admin/blocks") { _ in
            let blocks = try await moderation.blocks()
            return noStore(JSONResponse.write(BlockList(items: blocks.filter { $0.kind == .item }, terms: blocks.filter { $0.kind == .term })))
        }
        router.serveWaiting(.get, "/admin/reports") { _ in
            noStore(JSONResponse.write(ReportList(data: try await moderation.reports())))
        }
    }

    private static func noStore(_ response: HTTPResponse) -> HTTPResponse {
        var response = response
        response.headers.set(name: "Cache-Control", value: CacheHeaders.never)
        return response
    }

    struct BlockJSON: JSONWritable {
        let record: BlockRecord

        func write(to writer: inout JSONWriter) {
            writer.object { writer in
                writer.member("blocked_at", ISO8601.string(from: record.blockedAt))
                writer.member(record.kind == .item ? "id" : "term", record.key)
                writer.member("reason", record.reason)
            }
        }
    }

    struct BlockList: JSONWritable {
        let items: [BlockRecord]
        let terms: [BlockRecord]

        func write(to writer: inout JSONWriter) {
            writer.object { writer in
                writer.key("items")
                writer.array(items) { writer, record in BlockJSON(record: record).write(to: &writer) }
                writer.key("terms")
                writer.array(terms) { writer, record in BlockJSON(record: record).write(to: &writer) }
            }
        }
    }

    struct ReportList: JSONWritable {
        let data: [ReportedItem]

        func write(to writer: inout JSONWriter) {
            writer.object { writer in
                writer.key("data")
                writer.array(data) { writer, item in
                    writer.object { writer in
                        writer.member("count", item.count)
                        writer.member("id", item.itemID)
                        writer.member("last_reported_at", ISO8601.string(from: item.lastReportedAt))
                        writer.key("reasons")
                        writer.object { writer in
                            for (reason, count) in item.reasons.sorted(by: { $0.key < $1.key }) {
                                writer.key(escaping: reason)
                                writer.int(count)
                            }
                        }
                    }
                }
            }
        }
    }
}
