import FakeGiphy
import FakeUpstream
import Foundation
import GiphyCatalog
import Service
import Model
@testable import GiphyClient
import Glibc
import XCTest

/// A call waiting for a slow upstream costs (next to) no CPU (issue 16 item 5): URLSession on
/// Linux spun at about 80% of a core for one waiting call; the epoll loop sleeps.
final class WaitingCostTests: XCTestCase {
    private var harness: ClientHarness!

    override func setUp() async throws { harness = try ClientHarness() }
    override func tearDown() async throws { await harness.stop() }

    func testAWaitingCallUsesAlmostNoCPU() async throws {
        harness.fake.inject(.delay(milliseconds: 2500))
        let client = harness.client(deadline: .seconds(10))
        let id = harness.fake.catalog.gifs[0].id
        let waiting = Task { try await client.item(id: id) }
        try await Task.sleep(for: .milliseconds(300))
        let before = Self.processCPUSeconds()
        try await Task.sleep(for: .seconds(1))
        let used = Self.processCPUSeconds() - before
        // Generous: the whole test process over one second; spinning uses most of it.
        XCTAssertLessThan(used, 0.25, "CPU seconds used in one second while one call waited")
        _ = try await waiting.value
    }

    private static func processCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(Int32(RUSAGE_SELF.rawValue), &usage)
        let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
        let system = Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        return user + system
    }
}
