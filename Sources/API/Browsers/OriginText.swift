import Foundation
/// An origin (RFC 6454) read from text: `scheme://host[:port]`, nothing after it.
/// The scheme's default port counts as no port, as browsers serialize it.
struct OriginText: Sendable, Equatable {
    let scheme: String
    let host: String
    let port: Int?
    /// `:*` in a configured origin: any port.
    let anyPort: Bool

    init(scheme: String, host: String, port: Int?, anyPort: Bool) {
        self.scheme = scheme
        self.host = host
        self.port = port
        self.anyPort = anyPort
    }

    init?(_ value: String, allowingAnyPort: Bool) {
        guard let separator = value.range(of: "://") else { return nil }
        let scheme = value[..<separator.lowerBound].lowercased()
        guard !scheme.isEmpty, scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }) else {
            return nil
        }
        let (hostText, portText) = HostName.split(value[separator.upperBound...])
        guard let host = HostName(String(hostText)) else { return nil }
        self.scheme = scheme
        self.host = host.text
        switch portText {
        case nil:
            port = nil
            anyPort = false
        case "*" where allowingAnyPort:
            port = nil
            anyPort = true
        case let text?:
            guard !text.isEmpty, text.count <= 5, text.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(text), (1...65535).contains(number) else {
                return nil
            }
            let isDefault = (scheme == "http" && number == 80) || (scheme == "https" && number == 443)
            port = isDefault ? nil : number
            anyPort = false
        }
    }
}
