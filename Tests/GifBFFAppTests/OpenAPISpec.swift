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

    /// The list under `enum:` of the `code` property of the `ProblemDetails` schema.
    var problemCodes: [String] {
        var codes: [String] = []
        var state = 0  // 0: looking for the schema, 1: for its code property, 2: for enum, 3: reading
        var listIndent = 0
        for line in lines {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            let indent = line.prefix { $0 == " " }.count
            switch state {
            case 0 where trimmed == "ProblemDetails:" && indent == 4: state = 1
            case 1 where trimmed == "code:": state = 2
            case 2 where trimmed == "enum:": state = 3; listIndent = indent
            case 3:
                if trimmed.hasPrefix("#") || trimmed.isEmpty { continue }
                guard indent > listIndent, trimmed.hasPrefix("- ") else { return codes }
                codes.append(String(trimmed.dropFirst(2)))
            default: continue
            }
        }
        return codes
    }
}
