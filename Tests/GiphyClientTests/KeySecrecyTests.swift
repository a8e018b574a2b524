import FakeGiphy
import FakeUpstream
import Foundation
import Service
import Model
@testable import GiphyClient
import ProviderHTTP
import TestSupport
import XCTest

/// The key never shows in an error, whatever the failure, nor in the configuration's descriptions.
final class KeySecrecyTests: XCTestCase {
    private var harness: ClientHarness!

    override func setUp() async throws { harness = try ClientHarness() }
    override func tearDown() async throws { await harness.stop() }

    func assertNoKey(_ text: String, _ context: String, file: StaticString = #filePath, line: UInt = #line) {
        for form in [secretKey, GiphyEndpoint.escape(secretKey), "sEcReT"] {
            XCTAssertFalse(text.contains(form), "\(context): \(text)", file: file, line: line)
        }
    }

    func testNoErrorDescriptionHoldsTheKey() async throws {
        var errors: [UpstreamError] = []
        let faults: [FakeGiphyFault] = [
            .rateLimited(body: .message, retryAfter: 3), .unauthorized(body: .message), .forbidden(body: .meta),
            .serverError, .serviceUnavailable, .notJSON, .truncatedJSON, .synthetic,
            .response(status: 200, contentType: "text/plain", body: "api_key=\(secretKey)"),
        ]
        for fault in faults {
            harness.fake.inject(fault)
            let client = harness.client()
            if let error = await upstreamError({ try await client.search(SearchRequest(query: "cats", offset: 0, limit: 2)) }) {
                errors.append(error)
            }
        }
        harness.fake.inject(.delay(milliseconds: 1000))
        let slow = harness.client(deadline: .milliseconds(100))
        if let error = await upstreamError({ try await slow.item(id: "abc") }) { errors.append(error) }
        for url in [try FakeGiphy.refusingBaseURL(), try harness.fake.startConnectionResetter()] {
            let client = harness.client(baseURL: url)
            if let error = await upstreamError({ try await client.item(id: "abc") }) { errors.append(error) }
        }
        XCTAssertEqual(errors.count, faults.count + 3)
        for error in errors {
            assertNoKey(String(describing: error), "description")
            assertNoKey(String(reflecting: error), "debug description")
            assertNoKey(error.localizedDescription, "localized description")
        }
    }

    func testRedactionRemovesTheKeyInBothForms() {
        let reason = "failed at https://x/v1/gifs?api_key=\(GiphyEndpoint.escape(secretKey)) with \(secretKey)"
        let redacted = KeyRedaction.redact(.unavailable(reason: reason), key: secretKey)
        assertNoKey(String(describing: redacted), "redacted")
        XCTAssertTrue(String(describing: redacted).contains(KeyRedaction.placeholder))
    }

    func testTheConfigurationDescriptionHidesTheKey() {
        let configuration = GiphyClientConfiguration(apiKey: secretKey)
        assertNoKey(String(describing: configuration), "description")
        assertNoKey(String(reflecting: configuration), "debug description")
        assertNoKey("\(GiphyClient(configuration: configuration).configuration)", "interpolation")
    }
}

extension KeySecrecyTests {
    func testDumpHidesTheKey() {
        var text = ""
        dump(GiphyClientConfiguration(apiKey: secretKey), to: &text)
        assertNoKey(text, "dump")
        XCTAssertTrue(text.contains("redacted"))
    }
}
