import FakeUpstream
import GiphyCatalog
import JSON

/// GIPHY's response bodies: the `{data, pagination, meta}` envelope and its error bodies.
enum Envelope {
    /// `analyticsBase`: where the GIFs' pingback urls point (none without it).
    /// `fields`: GIPHY's `fields` parameter, which projects each GIF (never the pagination or meta).
    static func list(_ gifs: [CatalogGIF], kind: APIKind, totalCount: Int, offset: Int, responseID: String,
                     analyticsBase: String? = nil, fields: FieldSelection = .everything) -> [UInt8] {
        FakeBody.object { writer in
            writer.key("data")
            writer.array(gifs) { writer, gif in
                GiphyGIFJSON.write(gif, kind: kind, analyticsBase: analyticsBase, fields: fields, to: &writer)
            }
            pagination(totalCount: totalCount, count: gifs.count, offset: offset, to: &writer)
            meta(status: 200, message: "OK", responseID: responseID, to: &writer)
        }
    }

    /// `random` and get-by-id: `data` is one object and there is no pagination.
    static func single(_ gif: CatalogGIF, kind: APIKind, responseID: String, analyticsBase: String? = nil) -> [UInt8] {
        ok(responseID: responseID) { writer in GiphyGIFJSON.write(gif, kind: kind, analyticsBase: analyticsBase, to: &writer) }
    }

    /// What `random` says when nothing matches the tag: an empty list, not an object.
    static func emptyRandom(responseID: String) -> [UInt8] {
        metaError(status: 200, message: "OK", responseID: responseID)
    }

    /// Autocomplete: `data` lists each term as `{"name", "analytics_response_payload"}`, no pagination.
    static func tags(_ terms: [String], responseID: String) -> [UInt8] {
        ok(responseID: responseID) { writer in
            writer.array(terms) { writer, term in
                writer.object { writer in
                    writer.member("name", term)
                    writer.member("analytics_response_payload", "e=\(term.prefix(8))")
                }
            }
        }
    }

    /// Trending searches: `data` is a plain list of terms, no pagination.
    static func searches(_ terms: [String], responseID: String) -> [UInt8] {
        ok(responseID: responseID) { writer in writer.array(terms) { writer, term in writer.string(term) } }
    }

    /// `/v1/randomid`: `data` holds the new id.
    static func randomID(_ id: String, responseID: String) -> [UInt8] {
        ok(responseID: responseID) { writer in writer.object { writer in writer.member("random_id", id) } }
    }

    /// The error body with a meta object: `{"data":[],"meta":{...}}`.
    static func metaError(status: Int, message: String, responseID: String = "") -> [UInt8] {
        FakeBody.object { writer in
            noData(to: &writer)
            meta(status: status, message: message, responseID: responseID, to: &writer)
        }
    }

    /// The gateway's error body, with no meta: `{"message":"..."}`.
    static func messageError(_ message: String) -> [UInt8] {
        FakeBody.object { writer in writer.member("message", message) }
    }

    /// A 403's meta alone, no data and no response_id: `{"meta":{"status":403,"msg":"Forbidden"}}`.
    static let forbiddenMeta = FakeBody.object { writer in
        writer.key("meta")
        writer.object { writer in
            writer.member("status", 403)
            writer.member("msg", "Forbidden")
        }
    }

    /// Status 200, an empty response_id and no data: GIPHY's back end failed behind its front.
    static let synthetic = FakeBody.object { writer in
        noData(to: &writer)
        pagination(totalCount: 0, count: 0, offset: 0, to: &writer)
        meta(status: 200, message: "OK", responseID: "", to: &writer)
    }

    /// `{"data": ..., "meta": {"status":200,"msg":"OK",...}}`, `data` written by `data`.
    private static func ok(responseID: String, data: (inout JSONWriter) -> Void) -> [UInt8] {
        FakeBody.object { writer in
            writer.key("data")
            data(&writer)
            meta(status: 200, message: "OK", responseID: responseID, to: &writer)
        }
    }

    /// `"data":[]`.
    private static func noData(to writer: inout JSONWriter) {
        writer.key("data")
        writer.array(EmptyCollection<Never>()) { _, _ in }
    }

    private static func pagination(totalCount: Int, count: Int, offset: Int, to writer: inout JSONWriter) {
        writer.key("pagination")
        writer.object { writer in
            writer.member("total_count", totalCount)
            writer.member("count", count)
            writer.member("offset", offset)
        }
    }

    private static func meta(status: Int, message: String, responseID: String, to writer: inout JSONWriter) {
        writer.key("meta")
        writer.object { writer in
            writer.member("status", status)
            writer.member("msg", message)
            writer.member("response_id", responseID)
        }
    }
}
