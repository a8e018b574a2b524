import ProviderHTTP
import FakePexels
import FakeUpstream
import Foundation
import Model
import PexelsClient
import Synchronization
import XCTest

/// A key no URL, error, description or log line may show: recognizable, and with characters that
/// need escaping.
let secretKey = "sEcReT-pexels+key/42=&ok"

/// Every line the client logged.
final class LogLines: Sendable {
    private let lines = Mutex<[String]>([])
    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}

/// The fake Pexels on an ephemeral port and clients pointed at it; stopped in teardown.
final class PexelsHarness: Sendable {
    let fake: FakePexels
    let baseURL: URL
    let log = LogLines()
    private let clients = Mutex<[PexelsClient]>([])

    init(hourlyLimit: Int = 10_000) throws {
        fake = FakePexels(apiKey: secretKey, hourlyLimit: hourlyLimit)
        baseURL = try fake.start()
    }

    func client(key: String = secretKey, deadline: Duration = .seconds(5), baseURL: URL? = nil) -> PexelsClient {
        let log = self.log
        let client = PexelsClient(configuration: KeyedClientConfiguration(apiKey: key, baseURL: baseURL ?? self.baseURL, deadline: deadline),
                                  log: { log.append($0) })
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
    func startHarness(hourlyLimit: Int = 10_000) throws -> PexelsHarness {
        let harness = try PexelsHarness(hourlyLimit: hourlyLimit)
        addTeardownBlock { await harness.stop() }
        return harness
    }
}
