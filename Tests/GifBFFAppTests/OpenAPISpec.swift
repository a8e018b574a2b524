import Foundation

/// Just enough of openapi.yaml for the contract tests, read line by line: the paths with their
/// methods, and the `code` values of the ProblemDetails schema. It relies on the file's layout
/// (two-space indentation, one key per line), which the tests themselves keep in check.
struct OpenAPISpec {
    struct Operation: Hashable, CustomStringConvertible {
        let method: String
        let path: String
        var description: String { "\(method) \(path)" }
    }

    static let methods: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    let text: String
    private var lines: [Substring] { text.split(separator: "\n", omittingEmptySubsequences: false) }

    /// openapi.yaml at the repository root.
    static func load() throws -> OpenAPISpec {
        OpenAPISpec(text: try String(contentsOf: repositoryRoot.appendingPathComponent("openapi.yaml"), encoding: .utf8))
    }

    static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// Every (method, path) under `paths:`: a path is a key indented by two spaces, a method a key
    /// indented by four below it.
    var operations: Set<Operation> {
        var result: Set<Operation> = []
        var inPaths = false
        var currentPath: String?
        for line in lines where !line.trimmingCharacters(in: .whitespaces).hasPrefix("#") {
            if !line.hasPrefix(" ") && !line.isEmpty {
                inPaths = line == "paths:"
                currentPath = nil
                continue
            }
            guard inPaths, line.hasSuffix(":") else { continue }
            let key = String(line.trimmingCharacters(in: .whitespaces).dropLast())
            let indent = line.prefix { $0 == " " }.count
            if indent == 2 {
                currentPath = key
            } else if indent == 4, let currentPath, Self.methods.contains(key) {
                result.insert(Operation(method: key.uppercased(), path: currentPath))
            }
        }
        return result
    }

    /// Where each `enum:` is, as "<components section>/<name>" (sorted, one per enum), or
    /// "paths" for one written in an operation.
    var enumOwners: [String] {
        var owners: [String] = []
        var top = "", section = "", name = ""
        for line in lines where !line.trimmingCharacters(in: .whitespaces).hasPrefix("#") {
            let indent = line.prefix { $0 == " " }.count
            let key = String(line.trimmingCharacters(in: .whitespaces).prefix { $0 != ":" })
            switch indent {
            case 0 where !line.isEmpty: top = key
            case 2: section = key
            case 4: name = key
            default: break
            }
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("enum:") {
                owners.append(top == "components" ? "\(section)/\(name)" : top)
            }
        }
        return owners.sorted()
    }

    /// The known values of the `ProblemCode` schema: the list under its `enum:`.
    var problemCodes: [String] {
        var codes: [String] = []
        var state = 0  // 0: looking for the schema, 1: for its enum, 2: reading
        var listIndent = 0
        for line in lines {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            let indent = line.prefix { $0 == " " }.count
            switch state {
            case 0 where trimmed == "ProblemCode:" && indent == 4: state = 1
            case 1 where trimmed == "enum:": state = 2; listIndent = indent
            case 2:
                if trimmed.hasPrefix("#") || trimmed.isEmpty { continue }
                guard indent > listIndent, trimmed.hasPrefix("- ") else { return codes }
                codes.append(String(trimmed.dropFirst(2)))
            default: continue
            }
        }
        return codes
    }

    /// One schema of `components/schemas`, as far as the strict checks need it.
    struct Schema {
        /// The keys of the schema itself (`type`, `properties`, `$ref`, ...).
        var keys: [String] = []
        var required: Set<String> = []
        var properties: [String: Property] = [:]
    }

    /// A property: the schema it refers to, directly, for its array items or for its map values.
    struct Property {
        var reference: String?
        var itemsReference: String?
        var valuesReference: String?
    }

    /// Every schema under `components:` `schemas:`, read by indentation: a schema name at 4 spaces,
    /// its keys at 6, property names at 8, their keys at 10 and `$ref` under `items` or
    /// `additionalProperties` at 12.
    var schemas: [String: Schema] {
        var result: [String: Schema] = [:]
        var section = ""
        var subsection = ""
        var schema: String?
        var schemaKey = ""
        var property: String?
        var propertyKey = ""
        for line in lines {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { continue }
            let indent = line.prefix { $0 == " " }.count
            let key = trimmed.split(separator: ":", maxSplits: 1).first.map(String.init) ?? trimmed
            let value = trimmed.dropFirst(key.count + 1).trimmingCharacters(in: .whitespaces)
            switch indent {
            case 0: section = key
            case 2: subsection = key; schema = nil
            case 4 where section == "components" && subsection == "schemas":
                schema = key
                result[key] = Schema()
            case 6:
                guard let schema else { continue }
                schemaKey = key
                result[schema]?.keys.append(key)
                if key == "required" {
                    let names = value.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).split(separator: ",")
                    result[schema]?.required = Set(names.map { $0.trimmingCharacters(in: .whitespaces) })
                }
            case 8 where schemaKey == "properties":
                guard let schema else { continue }
                property = key
                result[schema]?.properties[key] = Property()
            case 10 where schemaKey == "properties":
                guard let schema, let property else { continue }
                propertyKey = key
                if key == "$ref" { result[schema]?.properties[property]?.reference = Self.schemaName(value) }
            case 12 where schemaKey == "properties" && key == "$ref":
                guard let schema, let property else { continue }
                if propertyKey == "items" { result[schema]?.properties[property]?.itemsReference = Self.schemaName(value) }
                if propertyKey == "additionalProperties" { result[schema]?.properties[property]?.valuesReference = Self.schemaName(value) }
            default: continue
            }
        }
        return result
    }

    /// `Rendition` from `'#/components/schemas/Rendition'`.
    private static func schemaName(_ reference: String) -> String {
        String(reference.trimmingCharacters(in: CharacterSet(charactersIn: "'\"")).split(separator: "/").last ?? "")
    }
}

/// The published schemas are open for additions (clients must accept members and codes they do
/// not know); the server's own answers are held to them closed: no member a schema does not
/// name, every required member there, and a `code` only from the known list.
struct StrictConformance {
    let schemas: [String: OpenAPISpec.Schema]
    let problemCodes: Set<String>

    init(_ spec: OpenAPISpec) {
        schemas = spec.schemas
        problemCodes = Set(spec.problemCodes)
    }

    /// Every way `value` breaks the closed form of the named schema; empty when it conforms.
    func violations(of value: Any?, against schemaName: String, at path: String = "$") -> [String] {
        if schemaName == "ProblemCode" {
            return problemCodes.contains(value as? String ?? "") ? [] : ["\(path): \(value ?? "nothing") is not a known code"]
        }
        guard let schema = schemas[schemaName] else { return ["\(path): no schema \(schemaName) in openapi.yaml"] }
        guard !schema.properties.isEmpty else { return [] }
        guard let object = value as? [String: Any] else { return ["\(path): not an object (\(schemaName))"] }
        var found: [String] = []
        for missing in schema.required.subtracting(object.keys).sorted() {
            found.append("\(path): \(schemaName) requires \(missing)")
        }
        for (key, member) in object.sorted(by: { $0.key < $1.key }) {
            guard let property = schema.properties[key] else {
                found.append("\(path): \(key) is not a member of \(schemaName)")
                continue
            }
            if let reference = property.reference {
                found += violations(of: member, against: reference, at: "\(path).\(key)")
            }
            if let reference = property.itemsReference {
                for (index, item) in (member as? [Any] ?? []).enumerated() {
                    found += violations(of: item, against: reference, at: "\(path).\(key)[\(index)]")
                }
            }
            if let reference = property.valuesReference {
                for (name, item) in (member as? [String: Any] ?? [:]).sorted(by: { $0.key < $1.key }) {
                    found += violations(of: item, against: reference, at: "\(path).\(key).\(name)")
                }
            }
        }
        return found
    }
}
