import Foundation
import GifBFFClient
import HTTPTypes
import XCTest

/// Installs against canned answers: the token on every request (and nowhere it does not belong),
/// registration read and never printed, the two 401s told apart.
final class InstallTests: XCTestCase {
    private let baseURL = URL(string: "http://127.0.0.1:8080")!  // a literal, not outside data
    private let json = ["Content-Type": "application/json"]
    /// What a list's 200 must carry by the spec (the generated client checks).
    private let listHeaders = ["Content-Type": "application/json", "ETag": #""f1""#, "Cache-Control": "no-cache"]
    private let pageHeaders = ["Content-Type": "application/json", "ETag": #""p1""#, "X-Cache": "MISS", "Cache-Control": "max-age=30"]
    private let token = "5f0c6a1e9b2d4c7a8e3f1b6d0a9c2e47.q3Zk1Xb0yV9mT2wR7pL4sN8cH6dF5gJ1aE0uI3oK2eY"
    private let emptyFavorites = #"{"data":[],"count":0,"limit":20}"#
    private let emptyPage = #"{"data":[],"pagination":{"offset":0,"count":0,"next_offset":null}}"#

    private struct KeychainLocked: Error {}

    private func sentAuthorization(_ transport: CannedTransport) -> [String?] {
        transport.requests.withLock { $0.map { $0.headerFields[.authorization] } }
    }

    func testTheTokenGoesOutAsBearerOnEveryRequest() async throws {
        let transport = CannedTransport([
            .init(status: 200, headers: listHeaders, body: emptyFavorites),
            .init(status: 200, headers: pageHeaders, body: emptyPage),
        ])
        let token = self.token
        let bff = GifBFF(baseURL: baseURL, transport: transport, installToken: { token })
        _ = try await bff.favorites()
        _ = try await bff.search("cat")
        XCTAssertEqual(sentAuthorization(transport), ["Bearer \(token)", "Bearer \(token)"])
    }

    func testNoProviderOrNoTokenSendsNoAuthorization() async throws {
        let transport = CannedTransport([
            .init(status: 200, headers: listHeaders, body: emptyFavorites),
            .init(status: 200, headers: listHeaders, body: emptyFavorites),
            .init(status: 200, headers: listHeaders, body: emptyFavorites),
        ])
        _ = try await GifBFF(baseURL: baseURL, transport: transport, etags: nil).favorites()
        _ = try await GifBFF(baseURL: baseURL, transport: transport, etags: nil, installToken: { nil }).favorites()
        _ = try await GifBFF(baseURL: baseURL, transport: transport, etags: nil, installToken: { "" }).favorites()
        XCTAssertEqual(sentAuthorization(transport), [nil, nil, nil])
    }

    func testRegisteringReadsTheAnswerAndAsksTheProviderForNothing() async throws {
        let body = #"{"install_id":"5f0c6a1e9b2d4c7a8e3f1b6d0a9c2e47","token":"\#(token)","created_at":"2026-11-25T09:30:00Z"}"#
        let transport = CannedTransport([.init(status: 201, headers: json.merging(["Cache-Control": "no-store"]) { $1 }, body: body)])
        // A provider that fails when asked: registering must not ask it.
        let bff = GifBFF(baseURL: baseURL, transport: transport, installToken: { throw KeychainLocked() })
        let registration = try await bff.registerInstall()
        XCTAssertEqual(registration.installID, "5f0c6a1e9b2d4c7a8e3f1b6d0a9c2e47")
        XCTAssertEqual(registration.token, token)
        XCTAssertEqual(registration.createdAt, Date(timeIntervalSince1970: 1_795_599_000))
        let sent = transport.requests.withLock { $0.map { "\($0.method) \($0.path ?? "")" } }
        XCTAssertEqual(sent, ["POST /installs"])
        XCTAssertEqual(sentAuthorization(transport), [nil])
    }

    func testARegistrationPrintedShowsNoToken() {
        let registration = InstallRegistration(installID: "5f0c6a1e9b2d4c7a8e3f1b6d0a9c2e47", token: token, createdAt: Date(timeIntervalSince1970: 0))
        var dumped = ""
        dump(registration, to: &dumped)
        for text in ["\(registration)", String(reflecting: registration), dumped] {
            XCTAssertFalse(text.contains("q3Zk1Xb0"), text)
            XCTAssertTrue(text.contains("5f0c6a1e9b2d4c7a8e3f1b6d0a9c2e47"), text)
        }
    }

    func testAMalformedTokenInTheAnswerIsNotKept() async throws {
        let body = #"{"install_id":"5f0c6a1e9b2d4c7a8e3f1b6d0a9c2e47","token":"a b\r\nX-Evil: 1","created_at":"2026-11-25T09:30:00Z"}"#
        let transport = CannedTransport([.init(status: 201, headers: json.merging(["Cache-Control": "no-store"]) { $1 }, body: body)])
        do {
            _ = try await GifBFF(baseURL: baseURL, transport: transport).registerInstall()
            XCTFail("a token no header can carry must throw")
        } catch let problem as GifBFFProblem {
            XCTAssertNil(problem.code)
        }
    }

    func testThe401sAreToldApart() async throws {
        func problem(_ code: String) -> CannedTransport.Answer {
            .init(status: 401, headers: ["Content-Type": "application/problem+json", "WWW-Authenticate": "Bearer"],
                  body: #"{"type":"t","title":"T","status":401,"detail":"d","code":"\#(code)"}"#)
        }
        let transport = CannedTransport([problem("install_token_required"), problem("install_token_invalid")])
        let bff = GifBFF(baseURL: baseURL, transport: transport)
        var seen: [GifBFFProblem] = []
        for _ in 0..<2 {
            do {
                _ = try await bff.favorites()
                XCTFail("a 401 must throw")
            } catch let problem as GifBFFProblem {
                seen.append(problem)
            }
        }
        XCTAssertEqual(seen.map(\.isInstallTokenRequired), [true, false])
        XCTAssertEqual(seen.map(\.isInstallTokenInvalid), [false, true])
        XCTAssertEqual(seen.map(\.knownCode), [.installTokenRequired, .installTokenInvalid])
    }

    func testDeletingSendsTheTokenAndForgetsTheHeldAnswers() async throws {
        let transport = CannedTransport([
            .init(status: 200, headers: listHeaders, body: emptyFavorites),
            .init(status: 204, headers: [:], body: ""),
            .init(status: 200, headers: listHeaders, body: emptyFavorites),
        ])
        let token = self.token
        let bff = GifBFF(baseURL: baseURL, transport: transport, installToken: { token })
        _ = try await bff.favorites()
        try await bff.deleteInstall()
        _ = try await bff.favorites()
        let sent = transport.requests.withLock { $0.map { "\($0.method) \($0.path ?? "")" } }
        XCTAssertEqual(sent, ["GET /favorites", "DELETE /installs/current", "GET /favorites"])
        XCTAssertEqual(sentAuthorization(transport)[1], "Bearer \(token)")
        let tags = transport.requests.withLock { $0.map { $0.headerFields[.ifNoneMatch] } }
        XCTAssertEqual(tags, [nil, nil, nil], "the deleted install's favorites are no longer held")
    }

    func testAProviderThatThrowsFailsTheCallWithItsOwnError() async throws {
        let transport = CannedTransport([.init(status: 200, headers: listHeaders, body: emptyFavorites)])
        let bff = GifBFF(baseURL: baseURL, transport: transport, installToken: { throw KeychainLocked() })
        do {
            _ = try await bff.favorites()
            XCTFail("a token that cannot be read must not become the local install's list")
        } catch is KeychainLocked {
            XCTAssertEqual(transport.requests.withLock { $0.count }, 0)
        }
    }

    func testATransportErrorDescribesTheRequestWithoutTheToken() async throws {
        let transport = CannedTransport([])  // no answer: the transport throws
        let token = self.token
        do {
            _ = try await GifBFF(baseURL: baseURL, transport: transport, installToken: { token }).favorites()
            XCTFail("a failed transport must throw")
        } catch {
            for text in ["\(error)", String(reflecting: error)] {
                XCTAssertTrue(text.contains("/favorites"), text)
                XCTAssertFalse(text.contains("q3Zk1Xb0"), "the token must not be in an error's description")
            }
        }
        XCTAssertEqual(sentAuthorization(transport), ["Bearer \(token)"])
    }
}
