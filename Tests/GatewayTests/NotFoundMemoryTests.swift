@testable import Gateway
import Primitives
import Foundation
import Model
import TestSupport
import XCTest

/// The upstream's "not found" is remembered per provider and key for `notFoundSeconds`: an
/// unknown id (or a tag with nothing to pick) asked again meanwhile costs no call; the memory is
/// bounded.
final class NotFoundMemoryTests: XCTestCase {
    private let clock = TestClock()

    private func gateway(_ provider: ScriptedProvider, notFoundSeconds: Double = 60, cache: Bool = true) -> UpstreamGateway {
        var settings = GatewaySettings()
        settings.notFoundSeconds = notFoundSeconds
        settings.cacheEnabled = cache
        settings.upstreamIdentity = "giphy"
        return UpstreamGateway(provider: provider, store: nil, settings: settings, now: { [clock] in clock.now() })
    }

    private func assertNotFound(_ call: () async throws -> some Any, file: StaticString = #filePath, line: UInt = #line) async {
        do {
            _ = try await call()
            XCTFail("found", file: file, line: line)
        } catch {
            XCTAssertEqual(error as? UpstreamError, .notFound, file: file, line: line)
        }
    }

    func testAnUnknownIDIsAskedOnceAWhile() async throws {
        for cache in [true, false] {
            let provider = ScriptedProvider()
            let gateway = gateway(provider, cache: cache)
            for _ in 0..<12 { await assertNotFound { try await gateway.item(id: "nope").value() } }
            XCTAssertEqual(provider.calls, ["gif"], "cache \(cache): one call for 12 asks")
            _ = try await gateway.item(id: "id1").value()
            await assertNotFound { try await gateway.item(id: "other").value() }
            XCTAssertEqual(provider.calls.count, 3, "cache \(cache): per id")
            clock.advance(by: 60)
            await assertNotFound { try await gateway.item(id: "nope").value() }
            XCTAssertEqual(provider.calls.count, 4, "cache \(cache): asked again after 60 s")
        }
    }

    func testARandomPickWithNothingIsRememberedPerTag() async throws {
        let provider = ScriptedProvider()
        let gateway = gateway(provider)
        provider.fail(with: UpstreamError.notFound)
        for _ in 0..<5 { await assertNotFound { try await gateway.random(tag: "zzq", rating: "g") } }
        XCTAssertEqual(provider.calls, ["random"])
        provider.fail(with: nil)
        _ = try await gateway.random(tag: "cats", rating: "g")
        _ = try await gateway.random(tag: "zzq", rating: "pg")
        XCTAssertEqual(provider.calls.count, 3, "another tag, another rating: other pools")
        await assertNotFound { try await gateway.random(tag: "zzq", rating: "g") }
        XCTAssertEqual(provider.calls.count, 3)
    }

    func testOtherFailuresAreNotRemembered() async throws {
        let provider = ScriptedProvider()
        let gateway = gateway(provider)
        // A failure that holds off nothing (a timeout would hold the next calls off).
        provider.fail(with: UpstreamError.rejected(status: 400))
        for _ in 0..<3 { _ = try? await gateway.item(id: "id1").value() }
        XCTAssertEqual(provider.calls.count, 3)
        provider.fail(with: nil)
        let found = try await gateway.item(id: "id1").value()
        XCTAssertEqual(found.value.value.id, "id1")
    }

    func testZeroSecondsRemembersNothing() async throws {
        let provider = ScriptedProvider()
        let gateway = gateway(provider, notFoundSeconds: 0)
        for _ in 0..<3 { await assertNotFound { try await gateway.item(id: "nope").value() } }
        XCTAssertEqual(provider.calls.count, 3)
    }

    func testTheMemoryIsBounded() {
        let memory = NotFoundMemory(lifetime: 60)
        let start = clock.now()
        for index in 0..<(NotFoundMemory.capacity + 100) {
            memory.remember("key\(index)", now: start.addingTimeInterval(Double(index) / 1_000))
        }
        XCTAssertEqual(memory.count, NotFoundMemory.capacity)
        let latest = start.addingTimeInterval(5)
        XCTAssertFalse(memory.contains("key0", now: latest), "the oldest went first")
        XCTAssertTrue(memory.contains("key\(NotFoundMemory.capacity + 99)", now: latest))
        memory.remember("late", now: start.addingTimeInterval(120))
        XCTAssertEqual(memory.count, 1, "the expired go before the oldest")
    }
}
