/// `method SP request-target SP HTTP-version`, exactly one space apart (RFC 9112 section 3).
struct RequestLine {
    let method: HTTPMethod
    let target: Slice<UnsafeBufferPointer<UInt8>>
    let version: HTTPVersion

    init(_ line: Slice<UnsafeBufferPointer<UInt8>>) throws(HTTPParseError) {
        guard let firstSpace = line.firstIndex(of: ByteClass.space) else {
            throw .badRequest("The request line is malformed.")
        }
        let rest = line[(firstSpace + 1)...]
        guard let secondSpace = rest.firstIndex(of: ByteClass.space) else {
            throw .badRequest("The request line is malformed.")
        }
        let methodBytes = line[line.startIndex..<firstSpace]
        let versionBytes = line[(secondSpace + 1)...]
        target = line[(firstSpace + 1)..<secondSpace]
        version = try Self.version(versionBytes)
        guard !methodBytes.isEmpty, methodBytes.allSatisfy(ByteClass.isTokenCharacter) else {
            throw .badRequest("The request method is not a valid token.")
        }
        guard !target.isEmpty, target.allSatisfy(ByteClass.isTargetCharacter) else {
            throw .badRequest("The request target is empty or has a character that is not allowed.")
        }
        method = HTTPMethod(String(decoding: methodBytes, as: UTF8.self))
    }

    /// `HTTP/d.d`; a well-formed version we do not speak is 505, anything else 400.
    private static func version(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) throws(HTTPParseError) -> HTTPVersion {
        // Read in place (UnsafeBufferPointer(rebasing:) indexes from 0): every request passes here.
        let text = UnsafeBufferPointer(rebasing: bytes)
        guard text.count == 8, text.starts(with: "HTTP/".utf8), text[6] == 0x2E,
              ByteClass.isDigit(text[5]), ByteClass.isDigit(text[7]) else {
            if text.count < 64, text.starts(with: "HTTP/".utf8),
               text.dropFirst(5).allSatisfy({ ByteClass.isDigit($0) || $0 == 0x2E }), text.count > 5 {
                throw .versionNotSupported(String(decoding: text, as: UTF8.self))
            }
            throw .badRequest("The request line does not end with a valid HTTP version.")
        }
        let version = HTTPVersion(major: Int(text[5] - 0x30), minor: Int(text[7] - 0x30))
        guard version == .http1_1 || version == .http1_0 else {
            throw .versionNotSupported(version.description)
        }
        return version
    }
}
