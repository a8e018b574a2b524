import ProviderHTTP
import FakeKlipy
import FakeUpstream
import Foundation
import KlipyClient
import Model
import Synchronization
import XCTest

/// A key no URL, error, description or log line may show: recognizable, and with characters
/// that need escaping in a path.
let klipyKey = "sEcReT-klipy+key/42=&ok"

/// Every line the client logged.
final class KlipyLog: Sendable {
    private let lines = Mutex<[String]>([])
    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}

/// Each install's identity kept in memory, made once by the client's own fetch.
final class MemoryIdentities: UpstreamIdentities {
    private let kept = Mutex<[InstallID: String]>([:])
    func known(for install: InstallID) async -> String? { kept.withLock { $0[install] } }
    func resolved(for install: InstallID, fetch: @escaping Fetch) async -> String? {
        if let known = await known(for: install) { return known }
        guard let made = try? await fetch() else { return nil }
        return kept.withLock { kept in
            if let first = kept[install] { return first }
            kept[install] = made
            return made
        }
    }
}

/// The fake KLIPY on an ephemeral port and clients pointed at it; stopped in teardown.
final class KlipyHarness: Sendable {
    let fake: FakeKlipy
    let baseURL: URL
    let log = KlipyLog()
    let identities = MemoryIdentities()
    private let clients = Mutex<[KlipyClient]>([])

    init(minuteLimit: Int = 10_000) throws {
        fake = FakeKlipy(apiKey: klipyKey, minuteLimit: minuteLimit)
        baseURL = try fake.start()
    }

    func client(key: String = klipyKey, deadline: Duration = .seconds(5), baseURL: URL? = nil) -> KlipyClient {
        let log = self.log
        let client = KlipyClient(configuration: KeyedClientConfiguration(apiKey: key, baseURL: baseURL ?? self.baseURL, deadline: deadline),
                                 identities: identities, log: { log.append($0) })
        clients.withLock { $0.append(client) }
        return client
    }

    /// The latest call's query parameter.
    func lastValue(_ name: String) -> String? { fake.recordedCalls.last?.value(of: name) }

    func stop() async {
        for client in clients.withLock({ $0 }) { await client.shutdown() }
        await fake.stop()
    }
}

extension XCTestCase {
    /// A harness stopped when the test ends, also when an assertion throws.
    func startKlipy(minuteLimit: Int = 10_000) throws -> KlipyHarness {
        let harness = try KlipyHarness(minuteLimit: minuteLimit)
        addTeardownBlock { await harness.stop() }
        return harness
    }
}
