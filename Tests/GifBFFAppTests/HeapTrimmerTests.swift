@testable import GifBFFApp
import HTTPServer
import TestSupport
import Glibc
import XCTest

/// The trimmer trims at its interval, says so at debug level, and stops when told.
final class HeapTrimmerTests: XCTestCase {
    func testItTrimsAtItsIntervalUntilStopped() async throws {
        let sink = LogSink.capturing()
        let trimmer = HeapTrimmer(every: .milliseconds(20), logger: Logger(level: .debug, sink: sink))
        addTeardownBlock { trimmer.stop() }
        func trims() -> Int { sink.capturedText.split(separator: "\n").filter { $0.contains("heap trimmed") }.count }
        try await waitUntil("two trims were logged", timeout: .seconds(10)) { trims() >= 2 }
        XCTAssertTrue(sink.capturedText.contains("microseconds="), sink.capturedText)
        trimmer.stop()
        // A trim under way when it stopped may still be logged, however late: the task runs at
        // background priority, and a loaded machine can hold it between its check and its line
        // (longer than the 50 ms allowed here before). A trimmer that goes on logs one every 20 ms.
        let atStop = trims()
        try await Task.sleep(for: .milliseconds(500))
        XCTAssertLessThanOrEqual(trims() - atStop, 1, "no trim after stop but the one under way")
    }

    /// With a trimmer, glibc keeps what is freed for reuse (the trimmer hands it back): a block
    /// of a few hundred KB comes from an arena, not a fresh mapping faulted in page by page.
    func testBlocksUnderAMegabyteComeFromTheArenasOnceATrimmerRuns() throws {
        // The word read below is glibc's chunk header; a sanitizer's allocator has none there
        // (under ASan it read 2 in CI: a redzone, not a flag).
        try XCTSkipIf(Sanitizer.isActive, "a sanitizer's allocator replaces glibc's")
        let trimmer = HeapTrimmer(every: .seconds(3600), logger: Logger(level: .error, sink: LogSink.capturing()))
        defer { trimmer.stop() }
        let block = try XCTUnwrap(malloc(600 * 1024))
        defer { free(block) }
        // glibc's chunk header, the word before the block: bit 1 (IS_MMAPPED) marks a mapping of its own.
        let header = block.load(fromByteOffset: -MemoryLayout<UInt>.size, as: UInt.self)
        XCTAssertEqual(header & 2, 0, "a 600 KB block was mapped on its own")
    }
}
