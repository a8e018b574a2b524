// libFuzzer target: the request decoder (request line, fields, Content-Length and chunked bodies,
// pipelining). Built by scripts/fuzz.sh together with the transport's parsing sources.
//
// Invariants checked on every input, besides "no crash, no hang":
//   - feeding the bytes one at a time gives the same requests and the same failure as all at once;
//   - no accepted request carries both Content-Length and Transfer-Encoding;
//   - a request's body is never larger than the configured limit.

private struct Outcome: Equatable {
    var requests: [String] = []
    var failure: String?
}

private let limits: HTTPLimits = {
    var limits = HTTPLimits()
    // Small limits, so the fuzzer reaches every "too large" branch with short inputs.
    limits.maxRequestLineBytes = 256
    limits.maxHeaderBytes = 512
    limits.maxHeaderCount = 16
    limits.maxBodyBytes = 1024
    return limits
}()

private func describe(_ request: HTTPRequest) -> String {
    let fields = request.headers.map { "\($0.name): \($0.value)" }.joined(separator: "\n")
    return "\(request.method.rawValue) \(request.target) \(request.version)\n\(fields)\n\(request.body)"
}

private func check(_ request: HTTPRequest) {
    let hasLength = request.headers["Content-Length"] != nil
    let hasCoding = request.headers["Transfer-Encoding"] != nil
    if hasLength && hasCoding {
        fatalError("accepted a request with both Content-Length and Transfer-Encoding: \(describe(request))")
    }
    if request.body.count > limits.maxBodyBytes {
        fatalError("accepted a body of \(request.body.count) bytes, over the limit")
    }
}

/// Runs the decoder over everything `input` holds so far; returns false once it has failed.
private func drain(_ decoder: inout RequestDecoder, _ input: [UInt8], _ index: inout Int, _ outcome: inout Outcome) -> Bool {
    while true {
        let event = input.withUnsafeBufferPointer { decoder.next($0, index: &index) }
        switch event {
        case .needMore:
            return true
        case .sendContinue:
            continue
        case .request(let request, _):
            check(request)
            outcome.requests.append(describe(request))
        case .failure(let error):
            outcome.failure = "\(error.status.code)"
            return false
        }
    }
}

private func decodeAtOnce(_ bytes: [UInt8]) -> Outcome {
    var decoder = RequestDecoder(limits: limits)
    var outcome = Outcome()
    var index = 0
    _ = drain(&decoder, bytes, &index, &outcome)
    return outcome
}

private func decodeByteByByte(_ bytes: [UInt8]) -> Outcome {
    var decoder = RequestDecoder(limits: limits)
    var outcome = Outcome()
    var input: [UInt8] = []
    var index = 0
    for byte in bytes {
        input.append(byte)
        if !drain(&decoder, input, &index, &outcome) { break }
    }
    return outcome
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequestDecoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let whole = decodeAtOnce(bytes)
    let split = decodeByteByByte(bytes)
    if whole != split {
        fatalError("one byte at a time differs from all at once:\n\(whole)\n---\n\(split)")
    }
    return 0
}
