import Foundation

/// A provider client's HTTP transport: GETs on libcurl's multi interface, driven by a loop thread
/// of its own (`CurlLoop`), with keep-alive connections up to `maxConnections`. An answer over
/// `maxBodyBytes` is refused at its head when its Content-Length says so, else cut off as soon as
/// the body passes the cap, so an upstream answer never grows memory beyond cap plus one chunk.
package final class UpstreamTransport: Sendable {
    package let maxBodyBytes: Int
    private let loop: CurlLoop?

    package init(maxBodyBytes: Int, maxConnections: Int) {
        self.maxBodyBytes = maxBodyBytes
        loop = CurlLoop(maxConnections: maxConnections)
        loop?.start()
    }

    /// A transport its owner never stopped ends when the last reference goes.
    deinit {
        loop?.post(.shutdown)
    }

    /// Closes every connection and the loop's descriptors, and returns when they are closed;
    /// a call made after fails with `TransferFailure.transportClosed`. Safe to call more than once.
    package func shutdown() async {
        await loop?.stop()
    }

    /// One GET with `headers` ("Name" to value; none may hold CR or LF), ended by `deadline` at
    /// the latest (libcurl's total timeout, and the loop's own timer as a backstop that also
    /// covers waiting for a free connection: `UpstreamCall.deadline`). Throws `TransferFailure`,
    /// `DeadlinePassed` or `CancellationError`; a cancelled task cancels its transfer.
    /// The loop keeps the deadline, not a race with a sleeping task: that race made two tasks
    /// and a dispatch timer per call, and woke three more threads (issue 46 item 7).
    package func get(_ url: URL, headers: [String: String] = [:], deadline: Duration) async throws -> HTTPExchange {
        try await get(url.absoluteString, headers: headers, deadline: deadline)
    }

    /// `get` of a URL already written out (`UpstreamURL`): no Foundation URL to parse and print again.
    package func get(_ url: String, headers: [String: String] = [:], deadline: Duration) async throws -> HTTPExchange {
        let milliseconds = deadline.components.seconds * 1000 + deadline.components.attoseconds / 1_000_000_000_000_000
        let request = UpstreamRequest(
            url: url, headerLines: headers.map { "\($0.key): \($0.value)" },
            timeoutMilliseconds: Int(max(1, milliseconds)), maxBodyBytes: maxBodyBytes)
        guard let loop else { throw TransferFailure.transportClosed }
        return try await Self.exchange(UpstreamCall(request), on: loop)
    }

    private static func exchange(_ call: UpstreamCall, on loop: CurlLoop) async throws -> HTTPExchange {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPExchange, any Error>) in
                guard call.begin(continuation) else { return }
                if !loop.post(.start(call)) { call.finish(.failure(TransferFailure.transportClosed)) }
            }
        } onCancel: {
            call.cancel()
            loop.post(.cancel(call))
        }
    }
}
