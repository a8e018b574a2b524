import FakeUnsplash
import FakeUpstream
import Foundation
import Service
import Model
import UnsplashCatalog
import UnsplashClient
import TestSupport
import XCTest

/// The access key leaves the server only in the Authorization header: never in a URL, an
/// error, a description or a log line, whatever goes wrong.
final class UnsplashKeySecrecyTests: XCTestCase {
    private let forms = [secretKey, secretKey.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? secretKey]

    private func assertSecret(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        for form in forms { XCTAssertFalse(text.contains(form), "the key shows in: \(text)", file: file, line: line) }
    }

    func testNoErrorNorLogLineShowsTheKeyUnderAnyFault() async throws {
        let harness = try startHarness()
        let faults: [FakeUnsplashFault] = [
            .rateLimited, .tooManyRequests, .notJSON, .truncatedJSON, .status(401, errors: ["bad key \(secretKey)"]),
            .status(403, errors: ["Forbidden"]), .status(404, errors: ["gone"]), .status(500, errors: ["oops \(secretKey)"]),
            .status(503, errors: []), .response(status: 200, contentType: "text/plain", body: secretKey),
        ]
        var clients = [harness.client(), harness.client(deadline: .milliseconds(200))]
        clients.append(harness.client(baseURL: try harness.fake.startRawUpstream(.resetAfterRequest)))
        clients.append(harness.client(baseURL: try harness.fake.startRawUpstream(.hugeBody(bytes: 1_000_000, declaresLength: false)),
                                      maxBodyBytes: 1024))
        clients.append(harness.client(baseURL: try FakeUnsplash.refusingBaseURL()))
        var errors: [UpstreamError] = []
        for fault in faults {
            harness.fake.inject(fault)
            if let error = await upstreamError({ try await clients[0].item(id: "x") }) { errors.append(error) }
        }
        harness.fake.inject(.delay(milliseconds: 1000))
        for client in clients.dropFirst() {
            if let error = await upstreamError({ try await client.search(SearchRequest(query: "cat", offset: 0, limit: 5)) }) {
                errors.append(error)
            }
        }
        XCTAssertEqual(errors.count, faults.count + 4)
        for error in errors {
            assertSecret(String(describing: error))
            assertSecret(error.localizedDescription)
        }
        XCTAssertGreaterThanOrEqual(harness.log.all.count, errors.count)
        harness.log.all.forEach { assertSecret($0) }
    }

    func testTheKeyTravelsOnlyInTheAuthorizationHeader() async throws {
        let harness = try startHarness()
        let client = harness.client()
        let item = try await client.item(id: harness.fake.catalog.photos[0].id)
        _ = try await client.search(SearchRequest(query: "city", offset: 0, limit: 5))
        _ = try await client.random(tag: nil, rating: nil)
        try await client.trackDownload(of: item)
        XCTAssertEqual(harness.fake.recordedCalls.count, 4)
        for call in harness.fake.recordedCalls {
            assertSecret(call.path)
            call.parameters.forEach { assertSecret($0.name + "=" + $0.value) }
            let carrying = call.headers.filter { header in forms.contains { header.value.contains($0) } }
            XCTAssertEqual(carrying.map(\.name), ["authorization"])
        }
    }

    func testConfigurationDescriptionsHideTheKey() {
        let configuration = UnsplashClientConfiguration(accessKey: secretKey)
        assertSecret(configuration.description)
        assertSecret(configuration.debugDescription)
        assertSecret(String(reflecting: configuration))
        var dumped = ""
        dump(configuration, to: &dumped)
        assertSecret(dumped)
        XCTAssertTrue(dumped.contains("<redacted>"))
    }
}
