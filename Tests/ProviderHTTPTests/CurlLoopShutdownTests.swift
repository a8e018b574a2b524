@testable import ProviderHTTP
import Synchronization
import XCTest

/// A call that reaches the loop in the same batch as its shutdown, behind it, is refused
/// (`transportClosed`) rather than dropped: its caller's continuation is always resumed.
final class CurlLoopShutdownTests: XCTestCase {
    func testACallPostedBehindTheShutdownIsRefusedNotDropped() async throws {
        let loop = try XCTUnwrap(CurlLoop(maxConnections: 1))
        let call = UpstreamCall(UpstreamRequest(url: "http://127.0.0.1:9/", headerLines: [], timeoutMilliseconds: 1_000,
                                                maxBodyBytes: 1_024))
        let outcome = Mutex<(any Error)?>(nil)
        Task {
            do {
                _ = try await withCheckedThrowingContinuation { continuation in
                    _ = call.begin(continuation)
                    // Both wait in the mailbox before the thread starts: it reads them as one batch.
                    loop.post(.shutdown)
                    loop.post(.start(call))
                    loop.start()
                }
            } catch {
                outcome.withLock { $0 = error }
            }
        }
        // A bounded wait: the dropped call of the old loop was never answered at all.
        for _ in 0..<1_000 where outcome.withLock({ $0 == nil }) { try await Task.sleep(for: .milliseconds(10)) }
        XCTAssertEqual(outcome.withLock { $0 } as? TransferFailure, .transportClosed)
        await loop.stop()
    }
}
