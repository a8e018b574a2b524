import HTTPServer
import JSON

/// A fake's JSON body, written by the server's one writer (`JSONWriter`). Members are written in
/// the order the code writes them, which is GIPHY's and Unsplash's own (not sorted): the fakes'
/// bodies are byte for byte deterministic and look like the real upstream's.
package enum FakeBody {
    /// One value, written whole by `write`.
    package static func value(_ write: (inout JSONWriter) -> Void) -> [UInt8] {
        var writer = JSONWriter()
        write(&writer)
        return writer.bytes
    }

    /// One object, its members written by `members`.
    package static func object(_ members: (inout JSONWriter) -> Void) -> [UInt8] {
        value { writer in writer.object(members) }
    }

    /// One array, each element written by `element`.
    package static func array<S: Sequence>(_ elements: S, _ element: (inout JSONWriter, S.Element) -> Void) -> [UInt8] {
        value { writer in writer.array(elements, element) }
    }

    /// An answer with `body` as application/json.
    package static func response(_ status: Int, _ body: [UInt8]) -> HTTPResponse {
        HTTPResponse(status: HTTPStatus(code: status), contentType: "application/json", body: body)
    }
}
