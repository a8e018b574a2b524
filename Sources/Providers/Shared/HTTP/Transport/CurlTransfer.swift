import CCurl
import Foundation
import Model

/// One GET on the loop thread: its easy handle and the answer as it arrives. Only the loop thread
/// touches it; libcurl's header and write callbacks reach it through an unretained pointer that
/// stays valid because the loop holds the transfer until its easy handle is cleaned up.
final class CurlTransfer {
    let call: UpstreamCall
    let easy: UnsafeMutableRawPointer
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private var status: Int?
    private var headers: [String: String] = [:]
    /// Bytes of head read so far (interim 1xx heads included).
    private var headBytes = 0
    private var body = Data()
    /// Set when the answer is refused for its size.
    private var refusal: SizeRefusal?

    private enum SizeRefusal {
        case declared(Int64)
        case counted
        case head
    }

    /// The most head an answer may have: ours, not left to the libcurl version at hand.
    static let maxHeadBytes = 64 * 1024
    /// libcurl's receive buffer for each transfer.
    static let receiveBufferBytes = 96 * 1024

    /// nil when libcurl cannot make a handle or a header is unusable (`failure` says which).
    init?(_ call: UpstreamCall, failure: inout TransferFailure) {
        guard let easy = curl_easy_init() else {
            failure = .transportClosed
            return nil
        }
        self.call = call
        self.easy = easy
        for line in call.request.headerLines {
            guard !line.contains(where: { $0 == "\r" || $0 == "\n" }) else {
                failure = .invalidHeader
                return nil
            }
            headerList = curl_slist_append(headerList, line)
        }
        configure()
    }

    deinit {
        curl_easy_cleanup(easy)
        curl_slist_free_all(headerList)
    }

    private func configure() {
        let request = call.request
        let context = Unmanaged.passUnretained(self).toOpaque()
        setURL(request.url)
        _ = shim_easy_setopt_string(easy, CURLOPT_PROTOCOLS_STR, "http,https")
        _ = shim_easy_setopt_long(easy, CURLOPT_HTTP_VERSION, SHIM_CURL_HTTP_VERSION_1_1)
        // Threads and signals do not mix: libcurl must never raise SIGALRM for its timeouts.
        _ = shim_easy_setopt_long(easy, CURLOPT_NOSIGNAL, 1)
        _ = shim_easy_setopt_long(easy, CURLOPT_TIMEOUT_MS, request.timeoutMilliseconds)
        _ = shim_easy_setopt_long(easy, CURLOPT_CONNECTTIMEOUT_MS, request.timeoutMilliseconds)
        // "" offers every encoding libcurl decodes; the cap counts decoded bytes.
        _ = shim_easy_setopt_string(easy, CURLOPT_ACCEPT_ENCODING, "")
        // One read takes what the socket holds of a page: with libcurl's 16 KB, a 107 KB GIPHY page
        // took 7 recvs and as many polls (issue 46 item 7). Under glibc's 128 KB mmap threshold,
        // so the buffer comes from the heap, not fresh pages each call.
        _ = shim_easy_setopt_long(easy, CURLOPT_BUFFERSIZE, Self.receiveBufferBytes)
        _ = shim_easy_setopt_headers(easy, headerList)
        _ = shim_easy_setopt_pointer(easy, CURLOPT_HEADERDATA, context)
        _ = shim_easy_setopt_data_callback(easy, CURLOPT_HEADERFUNCTION) { data, size, count, context in
            guard let data, let context else { return 0 }
            let bytes = UnsafeRawBufferPointer(start: data, count: size * count)
            return Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue().headerLine(bytes) ? size * count : 0
        }
        _ = shim_easy_setopt_pointer(easy, CURLOPT_WRITEDATA, context)
        _ = shim_easy_setopt_data_callback(easy, CURLOPT_WRITEFUNCTION) { data, size, count, context in
            guard let data, let context else { return 0 }
            let bytes = UnsafeRawBufferPointer(start: data, count: size * count)
            return Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue().bodyBytes(bytes) ? size * count : 0
        }
    }

    /// `url` as its origin and request-target (`UpstreamRequestTarget`) when it can be, else whole.
    /// libcurl copies both strings.
    private func setURL(_ url: String) {
        let length = url.utf8.count
        url.withCString { whole in
            guard let start = UpstreamRequestTarget.start(in: UnsafeRawBufferPointer(start: whole, count: length)) else {
                _ = shim_easy_setopt_string(easy, CURLOPT_URL, whole)
                return
            }
            withUnsafeTemporaryAllocation(of: CChar.self, capacity: start + 1) { origin in
                guard let originStart = origin.baseAddress else { return }
                originStart.initialize(from: whole, count: start)
                originStart[start] = 0
                _ = shim_easy_setopt_string(easy, CURLOPT_URL, originStart)
            }
            _ = shim_easy_setopt_string(easy, CURLOPT_REQUEST_TARGET, whole + start)
        }
    }

    /// One line of the head; false stops the transfer (a declared length over the cap).
    private func headerLine(_ bytes: UnsafeRawBufferPointer) -> Bool {
        headBytes += bytes.count
        guard headBytes <= Self.maxHeadBytes else {
            refusal = .head
            return false
        }
        let line = Self.trimmed(bytes[...])
        if line.starts(with: "HTTP/".utf8) {
            // A new head (after an interim 1xx one): start over.
            status = Self.status(ofStatusLine: line)
            // Room for a usual head's fields at once, not grown and rehashed field by field.
            headers = Dictionary(minimumCapacity: 16)
        } else if line.isEmpty {
            guard let declared = headers["content-length"].flatMap({ Int64($0) }) else { return true }
            guard declared > Int64(call.request.maxBodyBytes) else {
                // Room for the whole body at once (within the cap): grown piece by piece, a GIPHY
                // page was copied over and over.
                if declared > 0 { body.reserveCapacity(Int(declared)) }
                return true
            }
            refusal = .declared(declared)
            return false
        } else if let colon = line.firstIndex(of: UInt8(ascii: ":")) {
            let name = String(decoding: Self.trimmed(line[..<colon]), as: UTF8.self).lowercased()
            let value = String(decoding: Self.trimmed(line[(colon + 1)...]), as: UTF8.self)
            headers[name] = headers[name].map { "\($0), \(value)" } ?? value
        }
        return true
    }

    /// A status line's code ("HTTP/1.1 200 OK": its second space-separated word, as `Int(_:)` reads
    /// it) when `UpstreamNumber.httpStatus` holds it. Read on the bytes: a String and an array of
    /// words per answer were half of reading a head (issue 46 item 7). A line with bytes past
    /// ASCII is read as text, as before (a combining mark joins the space before it into one character).
    static func status(ofStatusLine line: Slice<UnsafeRawBufferPointer>) -> Int? {
        guard line.allSatisfy({ $0 < 0x80 }) else {
            return String(decoding: line, as: UTF8.self).split(separator: " ", maxSplits: 2).dropFirst().first
                .flatMap { UpstreamNumber.httpStatus.believing(Int($0)) }
        }
        let space = UInt8(ascii: " ")
        var index = line.startIndex
        func skip(spaces: Bool) {
            while index < line.endIndex, (line[index] == space) == spaces { index += 1 }
        }
        skip(spaces: true)
        skip(spaces: false)
        skip(spaces: true)
        let start = index
        skip(spaces: false)
        guard start < index else { return nil }
        return UpstreamNumber.httpStatus.believing(Int(String(decoding: line[start..<index], as: UTF8.self)))
    }

    /// Without the spaces, tabs, CR and LF around it (a head line's own, and a field's value's).
    private static func trimmed(_ bytes: Slice<UnsafeRawBufferPointer>) -> Slice<UnsafeRawBufferPointer> {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A }
        var bytes = bytes
        while let first = bytes.first, isSpace(first) { bytes.removeFirst() }
        while let last = bytes.last, isSpace(last) { bytes.removeLast() }
        return bytes
    }

    /// A piece of body; false stops the transfer once the cap is passed (the body so far is dropped).
    private func bodyBytes(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard refusal == nil else { return false }
        guard body.count + bytes.count <= call.request.maxBodyBytes else {
            refusal = .counted
            body = Data()
            return false
        }
        body.append(contentsOf: bytes)
        return true
    }

    /// The answer, or why there is none, for libcurl's result code.
    func outcome(_ code: CURLcode) -> Result<HTTPExchange, any Error> {
        switch refusal {
        case .declared(let length)?:
            return .failure(TransferFailure.bodyTooLarge(limit: call.request.maxBodyBytes, declared: length))
        case .counted?:
            return .failure(TransferFailure.bodyTooLarge(limit: call.request.maxBodyBytes, declared: nil))
        case .head?:
            return .failure(TransferFailure.headTooLarge(limit: Self.maxHeadBytes))
        case nil:
            break
        }
        guard code == CURLE_OK else { return .failure(TransferFailure(curlCode: code, answered: status != nil)) }
        guard let status else { return .failure(TransferFailure.unreadableAnswer(curlCode: Int(code.rawValue))) }
        return .success(HTTPExchange(status: status, retryAfter: headers["retry-after"], body: body, headers: headers))
    }
}
