// libFuzzer target: request-target parsing, percent decoding of path segments and query
// components. Built by scripts/fuzz.sh together with the transport's parsing sources.
//
// Invariants, besides "no crash, no hang":
//   - an accepted target's path is "/" followed by its decoded segments joined by "/";
//   - every decoded query item, percent-encoded byte by byte and parsed again, gives itself back.

private func percentEncodedEveryByte(_ text: String) -> [UInt8] {
    let hex = Array("0123456789ABCDEF".utf8)
    var out: [UInt8] = []
    for byte in text.utf8 { out += [0x25, hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]] }
    return out
}

private func parse(_ bytes: [UInt8]) -> RequestTarget? {
    bytes.withUnsafeBufferPointer { buffer in try? RequestTarget(buffer[...]) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequestTarget(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let target = parse(bytes) else { return 0 }
    if target.path != "/" + target.segments.joined(separator: "/") {
        fatalError("path \(target.path) is not its segments \(target.segments)")
    }
    for item in target.query {
        let encoded = Array("/?".utf8) + percentEncodedEveryByte(item.name) + [0x3D] + percentEncodedEveryByte(item.value)
        guard let again = parse(encoded), again.query.count == 1, let back = again.query.first(where: { _ in true }),
              back.name == item.name, back.value == item.value else {
            fatalError("query item \(item) does not survive percent-encoding")
        }
    }
    return 0
}
