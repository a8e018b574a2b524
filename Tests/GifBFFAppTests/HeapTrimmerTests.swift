@testable import GifBFFApp
import HTTPServer
import TestSupport
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
        try await Task.sleep(for: .milliseconds(50))
        let afterStop = trims()
        try await Task.sleep(for: .milliseconds(200))
        XCTAssertEqual(trims(), afterStop, "no trim after stop")
    }
}
