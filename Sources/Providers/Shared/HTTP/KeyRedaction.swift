import Foundation
import Model

/// Removes the API key from error reasons, whatever put it there.
package enum KeyRedaction {
    package static let placeholder = "<redacted>"

    package static func redact(_ error: UpstreamError, key: String) -> UpstreamError {
        switch error {
        case .unavailable(let reason): .unavailable(reason: redact(reason, key: key))
        case .badResponse(let reason): .badResponse(reason: redact(reason, key: key))
        case .notFound, .rateLimited, .unauthorized, .rejected, .serverError, .timeout: error
        }
    }

    package static func redact(_ text: String, key: String) -> String {
        guard !key.isEmpty else { return text }
        let escaped = QueryEscaping.escape(key)
        var result = text.replacingOccurrences(of: key, with: placeholder)
        if escaped != key { result = result.replacingOccurrences(of: escaped, with: placeholder) }
        return result
    }
}
