import FakeGiphy
import Foundation
import Service
import Synchronization
@testable import GiphyClient
import TestSupport
import XCTest

/// A key no response, error or description may show: recognizable, and with characters that
/// need escaping in a query ("+" read as a space would lock the client out of the fake).
let secretKey = "sEcReT-giphy+key/42=&ok"

/// The fake GIPHY on an ephemeral port and clients pointed at it; `stop` shuts down both.
final class ClientHarness: Sendable {
    let fake: FakeGiphy
    let baseURL: URL
    /// Shut down in `stop`, so their connections and descriptors are closed when the test ends.
    private let clients = Mutex<[GiphyClient]>([])

    init() throws {
        fake = FakeGiphy(apiKey: secretKey)
        baseURL = try fake.start()
    }

    func client(key: String = secretKey, deadline: Duration = .seconds(5), countryCode: String? = nil,
                baseURL: URL? = nil, maxBodyBytes: Int = 8 * 1024 * 1024) -> GiphyClient {
        let client = GiphyClient(configuration: GiphyClientConfiguration(
            apiKey: key, baseURL: baseURL ?? self.baseURL, deadline: deadline, countryCode: countryCode,
            maxBodyBytes: maxBodyBytes))
        clients.withLock { $0.append(client) }
        return client
    }

    func stop() async {
        for client in clients.withLock({ $0 }) { await client.shutdown() }
        await fake.shutdown()
    }
}

/// A list body with the given GIF objects (raw JSON), as a fault response.
func listBody(_ objects: [String], pagination: String? = nil) -> String {
    let paginationPart = pagination.map { ",\"pagination\":\($0)" } ?? ""
    return "{\"data\":[\(objects.joined(separator: ","))]\(paginationPart),\"meta\":{\"status\":200,\"msg\":\"OK\",\"response_id\":\"abc\"}}"
}
