/// Parses a complete request head (RFC 9112 sections 2 to 7) and decides the body's framing.
enum RequestHeadParser {
    static func parse(_ head: UnsafeBufferPointer<UInt8>, requestLineEnd: Int, limits: HTTPLimits)
        -> Result<RequestHead, HTTPParseError>
    {
        do throws(HTTPParseError) {
            let line = try RequestLine(head[0..<lineContentEnd(head, from: 0, lfAt: requestLineEnd - 1)])
            let headers = try parseFields(head, from: requestLineEnd)
            let target = try RequestTarget(line.target)
            let framing = try framing(of: headers, version: line.version, limits: limits)
            try checkHost(headers, version: line.version)
            let connection = headers.tokens(of: "Connection")
            let keepAlive = line.version == .http1_1
                ? !connection.contains("close")
                : connection.contains("keep-alive") && !connection.contains("close")
            return .success(RequestHead(
                method: line.method, target: target.raw, path: target.path, pathSegments: target.segments,
                query: target.query, version: line.version, headers: headers, framing: framing,
                keepAlive: keepAlive, expectsContinue: try expectsContinue(headers, version: line.version)))
        } catch {
            return .failure(error)
        }
    }

    /// The end of a line's content: before its LF, and before a CR right in front of it.
    private static func lineContentEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, lfAt lf: Int) -> Int {
        lf > start && bytes[lf - 1] == ByteClass.cr ? lf - 1 : lf
    }

    private static func parseFields(_ head: UnsafeBufferPointer<UInt8>, from start: Int) throws(HTTPParseError) -> HTTPHeaders {
        var headers = HTTPHeaders(capacity: 8)
        var lineStart = start
        while lineStart < head.count {
            var lf = lineStart
            while head[lf] != ByteClass.lf { lf += 1 }
            let end = lineContentEnd(head, from: lineStart, lfAt: lf)
            if end == lineStart { break }
            try headers.addField(head[lineStart..<end])
            lineStart = lf + 1
        }
        return headers
    }

    private static func framing(of headers: HTTPHeaders, version: HTTPVersion, limits: HTTPLimits)
        throws(HTTPParseError) -> RequestHead.Framing
    {
        let lengths = headers.values(of: "Content-Length")
        if headers.contains(name: "Transfer-Encoding") {
            guard lengths.isEmpty else {
                throw .badRequest("Content-Length and Transfer-Encoding must not both be sent.")
            }
            guard version == .http1_1 else { throw .badRequest("Transfer-Encoding needs HTTP/1.1.") }
            let codings = headers.tokens(of: "Transfer-Encoding")
            if let other = codings.first(where: { $0 != "chunked" }) {
                throw .notImplemented("Transfer coding \"\(other)\" is not supported; only chunked is.")
            }
            guard codings.count == 1 else { throw .badRequest("Transfer-Encoding must name chunked once.") }
            return .chunked
        }
        guard !lengths.isEmpty else { return .none }
        var length: Int?
        for element in lengths.flatMap({ $0.split(separator: ",", omittingEmptySubsequences: false) }) {
            let digits = element.trimmingOptionalWhitespace()
            guard !digits.isEmpty, digits.utf8.allSatisfy(ByteClass.isDigit) else {
                throw .badRequest("Content-Length must be a non-negative integer.")
            }
            // Ten digits already exceed any body limit; the exact value no longer matters.
            let value = digits.count > 15 ? Int.max : Int(digits) ?? Int.max
            if let known = length, known != value { throw .badRequest("Content-Length values differ.") }
            length = value
        }
        guard let length else { return .none }
        if length > limits.maxBodyBytes { throw .contentTooLarge }
        return length == 0 ? .none : .length(length)
    }

    private static func checkHost(_ headers: HTTPHeaders, version: HTTPVersion) throws(HTTPParseError) {
        // Counted in place, no array made: every request passes here.
        var host: String?
        for field in headers where HTTPHeaders.equalNames(field.name, "Host") {
            if host != nil { throw .badRequest("More than one Host header field.") }
            host = field.value
        }
        if version == .http1_1 && host == nil { throw .badRequest("An HTTP/1.1 request needs a Host header field.") }
        if let host, !HostValue.isValid(host) {
            throw .badRequest("The Host header field is not a valid host[:port].")
        }
    }

    private static func expectsContinue(_ headers: HTTPHeaders, version: HTTPVersion) throws(HTTPParseError) -> Bool {
        guard let expectation = headers["Expect"] else { return false }
        guard expectation.lowercased() == "100-continue" else {
            throw .expectationFailed("Only the expectation 100-continue is supported.")
        }
        return version == .http1_1
    }
}

private extension HTTPHeaders {
    /// Adds one `name: value` line; rejects obs-fold, whitespace before the colon and control characters.
    mutating func addField(_ line: Slice<UnsafeBufferPointer<UInt8>>) throws(HTTPParseError) {
        guard let colon = line.firstIndex(of: ByteClass.colon) else {
            if line.first == ByteClass.space || line.first == ByteClass.tab {
                throw .badRequest("Folded header lines (obs-fold) are not accepted.")
            }
            throw .badRequest("A header line has no colon.")
        }
        let name = line[line.startIndex..<colon]
        guard !name.isEmpty else { throw .badRequest("A header field has an empty name.") }
        guard name.allSatisfy(ByteClass.isTokenCharacter) else {
            if name.first == ByteClass.space || name.first == ByteClass.tab {
                throw .badRequest("Folded header lines (obs-fold) are not accepted.")
            }
            if name.last == ByteClass.space || name.last == ByteClass.tab {
                throw .badRequest("Whitespace between a header field name and its colon is not allowed.")
            }
            throw .badRequest("A header field name has a character that is not allowed.")
        }
        var valueStart = colon + 1
        var valueEnd = line.endIndex
        while valueStart < valueEnd, line[valueStart] == ByteClass.space || line[valueStart] == ByteClass.tab {
            valueStart += 1
        }
        while valueEnd > valueStart, line[valueEnd - 1] == ByteClass.space || line[valueEnd - 1] == ByteClass.tab {
            valueEnd -= 1
        }
        let value = line[valueStart..<valueEnd]
        guard value.allSatisfy(ByteClass.isFieldValueCharacter) else {
            throw .badRequest("A header field value has a control character.")
        }
        add(name: String(decoding: name, as: UTF8.self), value: String(decoding: value, as: UTF8.self))
    }
}
