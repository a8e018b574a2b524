import XCTest

/// Polls `condition` until it holds; a test failure (at the caller's line) after `timeout`.
/// For what a server does after answering (a pingback sent, a write flushed).
package func waitUntil(_ what: String = "the condition held", timeout: Duration = .seconds(10),
                      file: StaticString = #filePath, line: UInt = #line,
                      _ condition: () throws -> Bool) async throws {
    let deadline = ContinuousClock.now + timeout
    while try !condition() {
        guard ContinuousClock.now < deadline else {
            return XCTFail("timed out after \(timeout) waiting until \(what)", file: file, line: line)
        }
        try await Task.sleep(for: .milliseconds(5))
    }
}
