import FakeUnsplash
import FakeUpstream
import Foundation
import Service
import Model
import Synchronization
import UnsplashClient
import TestSupport
import XCTest

/// A key no URL, error, description or log line may show: recognizable, and with characters
/// that need escaping.
let secretKey = "sEcReT-unsplash+key/42=&ok"

/// Every line the client logged.
final class LogLines: Sendable {
    private let lines = Mutex<[String]>([])
    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}

/// The fake Unsplash on an ephemeral port and clients pointed at it; stopped in teardown.
final class UnsplashHarness: Sendable {
    let fake: FakeUnsplash
    let baseURL: URL
    let log = LogLines()
    /// Shut down in `stop`, so their connections and descriptors are closed when the test ends.
    private let clients = Mutex<[UnsplashClient]>([])

    init(hourlyLimit: Int = 10_000) throws {
        fake = FakeUnsplash(accessKey: secretKey, hourlyLimit: hourlyLimit)
        baseURL = try fake.start()
    }

    func client(key: String = secretKey, deadline: Duration = .seconds(5), baseURL: URL? = nil,
                maxBodyBytes: Int = 4 * 1024 * 1024, appName: String = "gif-bff") -> UnsplashClient {
        let log = self.log
        let client = UnsplashClient(configuration: UnsplashClientConfiguration(
            accessKey: key, baseURL: baseURL ?? self.baseURL, deadline: deadline, maxBodyBytes: maxBodyBytes,
            appName: appName), log: { log.append($0) })
        clients.withLock { $0.append(client) }
        return client
    }

    func stop() async {
        for client in clients.withLock({ $0 }) { await client.shutdown() }
        await fake.stop()
    }
}

extension XCTestCase {
    /// A harness stopped when the test ends, also when an assertion throws.
    func startHarness(hourlyLimit: Int = 10_000) throws -> UnsplashHarness {
        let harness = try UnsplashHarness(hourlyLimit: hourlyLimit)
        addTeardownBlock { await harness.stop() }
        return harness
    }
}
