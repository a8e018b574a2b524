/// A host as the `Host` header and origins carry it: a name or IPv4 address, or an IPv6
/// address in brackets. Kept lowercased, a final dot dropped (`localhost.` is `localhost`).
struct HostName: Sendable, Hashable {
    let text: String

    /// A host alone, no port. An IPv6 address may come without brackets (as `--host` takes it).
    init?(_ value: String) {
        var host = value.lowercased()
        if !host.hasPrefix("["), host.contains(":") { host = "[" + host + "]" }
        if host.hasPrefix("[") {
            let inside = host.dropFirst().dropLast()
            guard host.hasSuffix("]"), inside.contains(":"),
                  inside.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { return nil }
        } else {
            if host.hasSuffix(".") { host.removeLast() }
            guard !host.isEmpty, host.allSatisfy({ ($0.isASCII && ($0.isLetter || $0.isNumber)) || "-._".contains($0) }) else {
                return nil
            }
        }
        text = host
    }

    /// `host[:port]` split in two; the port is the text after the colon (not checked here).
    static func split(_ value: Substring) -> (host: Substring, port: Substring?) {
        if value.hasPrefix("["), let close = value.firstIndex(of: "]") {
            let rest = value[value.index(after: close)...]
            return (value[...close], rest.hasPrefix(":") ? rest.dropFirst() : (rest.isEmpty ? nil : rest))
        }
        guard let colon = value.firstIndex(of: ":") else { return (value, nil) }
        return (value[..<colon], value[value.index(after: colon)...])
    }
}
