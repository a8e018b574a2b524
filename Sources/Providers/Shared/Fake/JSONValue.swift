import JSON
import HTTPServer

/// A JSON value with keys kept in order, so the fake's bodies are byte-for-byte deterministic
/// and look like the real upstream's (JSONSerialization sorts or scrambles keys).
public enum JSONValue: Sendable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }

    public var text: String {
        var out = ""
        write(to: &out)
        return out
    }

    public func write(to out: inout String) {
        switch self {
        case .string(let text): out += Self.quoted(text)
        case .int(let number): out += String(number)
        case .double(let number): out += number.isFinite ? String(number) : "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .null: out += "null"
        case .array(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                item.write(to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { out += "," }
                out += Self.quoted(key)
                out += ":"
                value.write(to: &out)
            }
            out += "}"
        }
    }

    /// Quoted and escaped by the server's one JSON writer.
    private static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        JSON.JSONWriter.appendQuoted(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
