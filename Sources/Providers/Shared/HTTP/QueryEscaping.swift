import Foundation

/// Percent-encoding for path segments and query parts, done by hand: URLComponents leaves "+"
/// as is in a query, and servers read it as a space.
package enum QueryEscaping {
    /// RFC 3986 unreserved characters stay; everything else is percent-encoded (so "+" is "%2B").
    package static func escape(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    private static let unreserved = CharacterSet(charactersIn:
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
