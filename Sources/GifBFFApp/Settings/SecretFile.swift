import API
import Foundation
import Glibc
import Storage

/// Reads a secret from a file (`GIPHY_API_KEY_FILE` and the like): a regular file of at most
/// `maxBytes`, UTF-8, with one trailing line break (\n or \r\n) dropped, as `echo` and editors
/// leave one. Read by `BoundedFile`, so a FIFO or a device named by mistake is refused instead of
/// hanging or filling memory at start-up.
enum SecretFile {
    static let maxBytes = 65_536

    static func read(_ path: String) throws(SettingValueError) -> String {
        var content: [UInt8]
        do {
            content = try BoundedFile.read(path, maxBytes: maxBytes)
        } catch {
            switch error {
            case .cannotOpen(let code): throw refusal("cannot open it: \(String(cString: strerror(code)))")
            case .notARegularFile: throw refusal("it is not a regular file")
            case .cannotRead(let code): throw refusal("cannot read it: \(String(cString: strerror(code)))")
            case .tooLarge: throw refusal("it is larger than \(maxBytes) bytes")
            }
        }
        if content.last == UInt8(ascii: "\n") {
            content.removeLast()
            if content.last == UInt8(ascii: "\r") { content.removeLast() }
        }
        guard let text = String(bytes: content, encoding: .utf8) else { throw refusal("it is not UTF-8 text") }
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw refusal("it is empty") }
        return text
    }

    private static func refusal(_ problem: String) -> SettingValueError {
        SettingValueError(expected: "a readable file of at most \(maxBytes) bytes holding the value; \(problem)")
    }
}
