import Foundation

/// A JSON object the server wrote itself (a cached answer, a favorite's snapshot, a request body
/// read as an object), read strictly: a member of the wrong type is an error rather than a guess,
/// a member absent or `null` is none. Keys are written in code, as the writer's are.
package struct JSONObject {
    package let value: JSONValue

    /// Throws unless `value` is an object.
    package init(_ value: JSONValue) throws(JSONShapeError) {
        guard value.isObject else { throw JSONShapeError("an object was expected") }
        self.value = value
    }

    /// Parses `bytes` and reads its top-level object.
    package init(parsing bytes: Data) throws(JSONShapeError) {
        let document: JSONDocument
        do throws(JSONSyntaxError) {
            document = try JSONDocument(parsing: bytes)
        } catch {
            throw JSONShapeError("not JSON: \(error)")
        }
        try self.init(document.root)
    }

    /// The member, nil when absent or null.
    package func optional(_ key: StaticString) -> JSONValue? {
        guard let member = value[key], !member.isNull else { return nil }
        return member
    }

    package func string(_ key: StaticString) throws(JSONShapeError) -> String {
        guard let text = try optionalString(key) else { throw .missing(key) }
        return text
    }

    package func optionalString(_ key: StaticString) throws(JSONShapeError) -> String? {
        guard let member = optional(key) else { return nil }
        guard let text = member.string else { throw .wrongType(key, "a string") }
        return text
    }

    /// An integer within `range`: a number past it was written by a build that believed it, and
    /// is not believed now.
    package func int(_ key: StaticString, in range: ClosedRange<Int>) throws(JSONShapeError) -> Int {
        guard let number = try optionalInt(key, in: range) else { throw .missing(key) }
        return number
    }

    package func optionalInt(_ key: StaticString, in range: ClosedRange<Int>) throws(JSONShapeError) -> Int? {
        guard let member = optional(key) else { return nil }
        guard let number = member.exactInteger else { throw .wrongType(key, "an integer") }
        guard range.contains(number) else { throw JSONShapeError("\(key): \(number) is outside \(range)") }
        return number
    }

    package func optionalBool(_ key: StaticString) throws(JSONShapeError) -> Bool? {
        guard let member = optional(key) else { return nil }
        guard let flag = member.bool else { throw .wrongType(key, "true or false") }
        return flag
    }

    package func optionalObject(_ key: StaticString) throws(JSONShapeError) -> JSONObject? {
        guard let member = optional(key) else { return nil }
        guard member.isObject else { throw .wrongType(key, "an object") }
        return try JSONObject(member)
    }

    package func array(_ key: StaticString) throws(JSONShapeError) -> [JSONValue] {
        guard let member = optional(key) else { throw .missing(key) }
        guard member.isArray else { throw .wrongType(key, "an array") }
        return member.elements
    }

    /// A value read from the member by its own `init(json:)`, nil when absent or null.
    package func optional<T: JSONReadable>(_ key: StaticString, as type: T.Type) throws(JSONShapeError) -> T? {
        guard let member = optional(key) else { return nil }
        return try T(json: member)
    }
}

/// A value the server reads back from JSON it wrote itself.
package protocol JSONReadable {
    init(json: JSONValue) throws(JSONShapeError)
}

extension JSONReadable {
    /// Reads the value from `bytes`, one JSON document.
    package init(jsonBytes bytes: Data) throws(JSONShapeError) {
        let document: JSONDocument
        do throws(JSONSyntaxError) {
            document = try JSONDocument(parsing: bytes)
        } catch {
            throw JSONShapeError("not JSON: \(error)")
        }
        try self.init(json: document.root)
    }
}

/// Why JSON the server wrote itself could not be read back as what it should be.
package struct JSONShapeError: Error, CustomStringConvertible {
    package let reason: String

    package init(_ reason: String) { self.reason = reason }

    static func missing(_ key: StaticString) -> JSONShapeError { JSONShapeError("\(key) is missing") }
    static func wrongType(_ key: StaticString, _ expected: String) -> JSONShapeError { JSONShapeError("\(key) is not \(expected)") }

    package var description: String { reason }
}
