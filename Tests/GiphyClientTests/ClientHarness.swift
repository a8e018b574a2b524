import FakeGiphy
import Foundation
import Service
@testable import GiphyClient
import TestSupport
import XCTest

/// A key no response, error or description may show: recognizable, and with characters that
/// need escaping in a query ("+" read as a space would lock the client out of the fake).
let secretKey = "sEcReT-giphy+key/42=&ok"

/// The fake GIPHY on an ephemeral port and a client pointed at it.
final class ClientHarness {
    let fake: FakeGiphy
    let baseURL: URL

    init() throws {
        fake = FakeGiphy(apiKey: secretKey)
        baseURL = try fake.start()
    }

    func client(key: String = secretKey, deadline: Duration = .seconds(5), countryCode: String? = nil,
                baseURL: URL? = nil, maxBodyBytes: Int = 8 * 1024 * 1024) -> GiphyClient {
        GiphyClient(configuration: GiphyClientConfiguration(
            apiKey: key, baseURL: baseURL ?? self.baseURL, deadline: deadline, countryCode: countryCode,
            maxBodyBytes: maxBodyBytes))
    }

    func stop() async { await fake.shutdown() }
}

/// A list body with the given GIF objects (raw JSON), as a fault response.
func listBody(_ objects: [String], pagination: String? = nil) -> String {
    let paginationPart = pagination.map { ",\"pagination\":\($0)" } ?? ""
    return "{\"data\":[\(objects.joined(separator: ","))]\(paginationPart),\"meta\":{\"status\":200,\"msg\":\"OK\",\"response_id\":\"abc\"}}"
}
