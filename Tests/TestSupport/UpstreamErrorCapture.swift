import Service
import Model
import XCTest

/// The `UpstreamError` a provider call throws; fails the test if it throws nothing or something else.
package func upstreamError<T>(_ call: () async throws -> T, file: StaticString = #filePath, line: UInt = #line) async -> UpstreamError? {
    do {
        let value = try await call()
        XCTFail("expected an UpstreamError, got \(value)", file: file, line: line)
    } catch let error as UpstreamError {
        return error
    } catch {
        XCTFail("expected an UpstreamError, got \(error)", file: file, line: line)
    }
    return nil
}
