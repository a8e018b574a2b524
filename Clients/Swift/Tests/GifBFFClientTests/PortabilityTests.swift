import Foundation
import GifBFFClient
import HTTPTypes
import XCTest

/// Export, import and linked devices against canned answers: what each call sends, how its answer
/// is read, the problems it throws, and the linking token kept like a registration's.
final class PortabilityTests: XCTestCase {
    private let baseURL = URL(string: "http://127.0.0.1:8080")!  // a literal, not outside data
    private let noStore = ["Content-Type": "application/json", "Cache-Control": "no-store"]
    private let token = "5f0c6a1e9b2d4c7a8e3f1b6d0a9c2e47.q3Zk1Xb0yV9mT2wR7pL4sN8cH6dF5gJ1aE0uI3oK2eY"
    private let linkedToken = "5f0c6a1e9b2d4c7a8e3f1b6d0a9c2e47.Zz9yXw8vUt7sRq6pOn5mLk4jIh3gFe2dCb1aZ0yXw9v"
    private let document = """
        {"exported_at":"2026-11-25T09:30:00Z","format":"gif-bff-export","version":1,
         "favorites":[{"added_at":"2026-11-25T09:29:12Z","item":{"id":"b2","provider":"giphy","url":"https://g/b2","share_text":"B"}},
                      {"added_at":"2026-11-25T09:20:00Z","item":{"id":"unsplash:p1","provider":"unsplash","url":"https://u/p1","share_text":"P","width":4000,"height":3000}}],
         "search_history":[{"query":"cats","searched_at":"2026-11-25T09:28:40Z"}]}
        """

    private struct KeychainLocked: Error {}

    private func sent(_ transport: CannedTransport) -> [String] {
        transport.requests.withLock { $0.map { "\($0.method) \($0.path ?? "")" } }
    }

    private func authorization(_ transport: CannedTransport) -> [String?] {
        transport.requests.withLock { $0.map { $0.headerFields[.authorization] } }
    }

    private func problem(_ status: Int, _ code: String, retryAfter: String? = nil) -> CannedTransport.Answer {
        var headers = ["Content-Type": "application/problem+json"]
        if let retryAfter { headers["Retry-After"] = retryAfter }
        return .init(status: status, headers: headers, body: #"{"type":"t","title":"T","status":\#(status),"detail":"d","code":"\#(code)"}"#)
    }

    private func thrown(_ body: () async throws -> Void) async -> GifBFFProblem? {
        do {
            try await body()
            return nil
        } catch {
            return error as? GifBFFProblem
        }
    }

    func testExportReadsTheDocumentItsFileNameAndWritesTheFileBack() async throws {
        let transport = CannedTransport([.init(status: 200, headers: noStore.merging(
            ["Content-Disposition": #"attachment; filename="gif-bff-export-2026-11-25.json""#]) { $1 }, body: document)])
        let token = self.token
        let export = try await GifBFF(baseURL: baseURL, transport: transport, installToken: { token }).exportData()
        XCTAssertEqual(sent(transport), ["GET /installs/current/export"])
        XCTAssertEqual(authorization(transport), ["Bearer \(token)"])
        XCTAssertEqual(export.fileName, "gif-bff-export-2026-11-25.json")
        XCTAssertEqual(export.document.format, "gif-bff-export")
        XCTAssertEqual(export.document.version, 1)
        XCTAssertEqual(export.favorites.map(\.item.id), ["b2", "unsplash:p1"])
        XCTAssertEqual(export.favorites.map(\.item.provider), [.giphy, .unsplash])
        XCTAssertEqual(export.favorites.first?.addedAt, Date(timeIntervalSince1970: 1_795_598_952))
        XCTAssertEqual(export.searchHistory.map(\.query), ["cats"])
        XCTAssertEqual(export.searchHistory.map(\.searchedAt), [Date(timeIntervalSince1970: 1_795_598_920)])
        XCTAssertEqual(export.exportedAt, Date(timeIntervalSince1970: 1_795_599_000))
        // The file, read back, is the same document, in the server's keys and times.
        let file = try export.fileContents()
        XCTAssertEqual(try InstallExport.document(fromFileContents: file), export.document)
        let text = String(decoding: file, as: UTF8.self)
        XCTAssertTrue(text.contains(#""added_at":"2026-11-25T09:29:12Z""#), text)
        XCTAssertTrue(text.contains(#""search_history":[{"query":"cats""#), text)
    }

    func testAnExportsFileNameIsAPlainNameOrTheDefault() async throws {
        let named = { (disposition: String?) async throws -> String in
            var headers = self.noStore
            headers["Content-Disposition"] = disposition
            return try await GifBFF(baseURL: self.baseURL, transport: CannedTransport([.init(status: 200, headers: headers, body: self.document)]))
                .exportData().fileName
        }
        let fileName = try await named(#"attachment; filename="../../.ssh/authorized_keys""#)
        XCTAssertEqual(fileName, "gif-bff-export.json")
        let hidden = try await named(#"attachment; filename=".profile""#)
        XCTAssertEqual(hidden, "gif-bff-export.json")
        let none = try await named(nil)
        XCTAssertEqual(none, "gif-bff-export.json")
    }

    func testImportSendsTheDocumentAndReadsWhatHappened() async throws {
        let transport = CannedTransport([
            .init(status: 200, headers: noStore, body: document),
            .init(status: 200, headers: ["Content-Type": "application/json"],
                  body: #"{"favorites":{"imported":1,"duplicates":1,"dropped":3,"count":20,"limit":20},"search_history":{"count":5}}"#),
        ])
        let bff = GifBFF(baseURL: baseURL, transport: transport)
        let export = try await bff.exportData()
        let summary = try await bff.importData(export.document)
        XCTAssertEqual([summary.imported, summary.duplicates, summary.dropped, summary.count, summary.limit, summary.searchHistoryCount],
                       [1, 1, 3, 20, 20, 5])
        XCTAssertEqual(sent(transport), ["GET /installs/current/export", "POST /installs/current/import"])
        let body = try XCTUnwrap(transport.bodies.withLock { $0.last } ?? nil)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: body) as? [String: Any])
        XCTAssertEqual(json["format"] as? String, "gif-bff-export")
        XCTAssertEqual((json["favorites"] as? [[String: Any]])?.compactMap { ($0["item"] as? [String: Any])?["id"] as? String },
                       ["b2", "unsplash:p1"])
        XCTAssertEqual((json["favorites"] as? [[String: Any]])?.first?["added_at"] as? String, "2026-11-25T09:29:12Z")
    }

    func testImportsProblemsAndAFileThatIsNoDocument() async throws {
        let transport = CannedTransport([problem(400, "import_invalid"), problem(413, "import_too_large")])
        let bff = GifBFF(baseURL: baseURL, transport: transport)
        let bytes = Data(document.utf8)
        let invalid = await thrown { _ = try await bff.importData(fileContents: bytes) }
        let tooLarge = await thrown { _ = try await bff.importData(fileContents: bytes) }
        XCTAssertEqual(invalid?.knownCode, .importInvalid)
        XCTAssertEqual(tooLarge?.knownCode, .importTooLarge)
        XCTAssertEqual(tooLarge?.status, 413)
        do {
            _ = try await bff.importData(fileContents: Data(#"{"favorites":[]}"#.utf8))
            XCTFail("a file with no format and version is no document")
        } catch is DecodingError {
            XCTAssertEqual(sent(transport).count, 2, "nothing is sent for a file that is no document")
        }
    }

    func testLinkingAsksNoProviderSendsTheCodeAndKeepsTheNewTokenHidden() async throws {
        let linked = #"{"install_id":"5f0c6a1e9b2d4c7a8e3f1b6d0a9c2e47","device_id":"plnRul5_F8Yc","token":"\#(linkedToken)","created_at":"2026-11-25T09:31:00Z"}"#
        let transport = CannedTransport([.init(status: 201, headers: noStore, body: linked)])
        // A provider that fails when asked (the device has no token yet): linking must not ask it.
        let bff = GifBFF(baseURL: baseURL, transport: transport, installToken: { throw KeychainLocked() })
        let registration = try await bff.linkDevice(code: "7qk2m d9xrt")
        XCTAssertEqual(sent(transport), ["POST /installs/link"])
        XCTAssertEqual(authorization(transport), [nil])
        let body = try XCTUnwrap(transport.bodies.withLock { $0.first } ?? nil)
        XCTAssertEqual(try JSONSerialization.jsonObject(with: body) as? [String: String], ["code": "7qk2m d9xrt"])
        XCTAssertEqual(registration.installID, "5f0c6a1e9b2d4c7a8e3f1b6d0a9c2e47")
        XCTAssertEqual(registration.deviceID, "plnRul5_F8Yc")
        XCTAssertEqual(registration.token, linkedToken)
        XCTAssertEqual(registration.createdAt, Date(timeIntervalSince1970: 1_795_599_060))
        var dumped = ""
        dump(registration, to: &dumped)
        for text in ["\(registration)", String(reflecting: registration), dumped] {
            XCTAssertFalse(text.contains("Zz9yXw8v"), text)
            XCTAssertTrue(text.contains("plnRul5_F8Yc"), text)
        }
    }

    func testLinkingForgetsTheHeldAnswersOfTheInstallBefore() async throws {
        let list = ["Content-Type": "application/json", "ETag": #""f1""#, "Cache-Control": "no-cache"]
        let empty = #"{"data":[],"count":0,"limit":20}"#
        let linked = #"{"install_id":"5f0c6a1e9b2d4c7a8e3f1b6d0a9c2e47","device_id":"d1","token":"\#(linkedToken)","created_at":"2026-11-25T09:31:00Z"}"#
        let transport = CannedTransport([
            .init(status: 200, headers: list, body: empty),
            .init(status: 201, headers: noStore, body: linked),
            .init(status: 200, headers: list, body: empty),
        ])
        let bff = GifBFF(baseURL: baseURL, transport: transport)
        _ = try await bff.favorites()
        _ = try await bff.linkDevice(code: "7QK2M-D9XRT")
        _ = try await bff.favorites()
        let tags = transport.requests.withLock { $0.map { $0.headerFields[.ifNoneMatch] } }
        XCTAssertEqual(tags, [nil, nil, nil], "the list held was the install before linking")
    }

    func testLinkingsProblemsAndAMalformedToken() async throws {
        let malformed = #"{"install_id":"5f0c6a1e9b2d4c7a8e3f1b6d0a9c2e47","device_id":"d1","token":"a b\r\nX: 1","created_at":"2026-11-25T09:31:00Z"}"#
        let transport = CannedTransport([
            problem(403, "link_code_invalid"), problem(429, "link_rate_limited", retryAfter: "3600"), problem(409, "devices_full"),
            .init(status: 201, headers: noStore, body: malformed),
        ])
        let bff = GifBFF(baseURL: baseURL, transport: transport)
        var seen: [GifBFFProblem?] = []
        for _ in 0..<4 { seen.append(await thrown { _ = try await bff.linkDevice(code: "7QK2M-D9XRT") }) }
        XCTAssertEqual(seen.map { $0?.knownCode }, [.linkCodeInvalid, .linkRateLimited, .devicesFull, nil])
        XCTAssertEqual(seen.map { $0?.status }, [403, 429, 409, 201])
        XCTAssertEqual(seen[1]?.retryAfterSeconds, 3600)
    }

    func testCodesDevicesAndRevokingSendTheToken() async throws {
        let transport = CannedTransport([
            .init(status: 201, headers: noStore, body: #"{"code":"7QK2M-D9XRT","expires_at":"2026-11-25T09:40:00Z","expires_in":600}"#),
            .init(status: 200, headers: noStore, body: #"{"data":[{"id":"first","created_at":"2026-11-25T09:00:00Z","current":true},{"id":"plnRul5_F8Yc","created_at":"2026-11-25T09:31:00Z"}]}"#),
            .init(status: 204, headers: [:], body: ""),
            problem(404, "device_not_found"),
            problem(401, "install_token_required"),
        ])
        let token = self.token
        let bff = GifBFF(baseURL: baseURL, transport: transport, installToken: { token })
        let code = try await bff.makeLinkCode()
        XCTAssertEqual(code.code, "7QK2M-D9XRT")
        XCTAssertEqual(code.expiresAt, Date(timeIntervalSince1970: 1_795_599_600))
        XCTAssertEqual(code.expiresIn, 600)
        let devices = try await bff.devices()
        XCTAssertEqual(devices.map(\.id), ["first", "plnRul5_F8Yc"])
        XCTAssertEqual(devices.map(\.createdAt), [Date(timeIntervalSince1970: 1_795_597_200), Date(timeIntervalSince1970: 1_795_599_060)])
        XCTAssertEqual(devices.map(\.isCurrent), [true, false])
        try await bff.revokeDevice(id: "plnRul5_F8Yc")
        let unknown = await thrown { try await bff.revokeDevice(id: "a/b") }
        XCTAssertEqual(unknown?.knownCode, .deviceNotFound)
        let noToken = await thrown { _ = try await GifBFF(baseURL: self.baseURL, transport: transport).makeLinkCode() }
        XCTAssertEqual(noToken?.isInstallTokenRequired, true)
        XCTAssertEqual(sent(transport), ["POST /installs/current/link-codes", "GET /installs/current/tokens",
                                         "DELETE /installs/current/tokens/plnRul5_F8Yc", "DELETE /installs/current/tokens/a%2Fb",
                                         "POST /installs/current/link-codes"])
        XCTAssertEqual(authorization(transport), Array(repeating: "Bearer \(token)", count: 4) + [nil])
    }
}
