@testable import API
import Gateway
import Service
import Model
import HTTPServer
import TestSupport
import XCTest

/// Every row of the error table, produced in memory: input checks, the favorites rules, busy
/// storage, and each upstream failure coming out of the scripted provider.
final class ErrorTableTests: XCTestCase {
    func testQueryTextIsCheckedNamingTheParameterWithoutAnUpstreamCall() async throws {
        let api = InMemoryAPI()
        let rows: [(String, String)] = [
            ("/search?q=cat&limit=0", "Parameter \"limit\": must be an integer from 1 to 50."),
            ("/search?q=cat&limit=", "Parameter \"limit\": must be an integer from 1 to 50."),
            ("/search?q=cat&offset=5000", "Parameter \"offset\": must be an integer from 0 to 4999."),
            ("/search?q=cat&offset=x&limit=0", "Parameter \"offset\": must be an integer from 0 to 4999."),
            ("/search?q=\(String(repeating: "a", count: 51))", "Parameter \"q\": must be at most 50 characters."),
            ("/search?q=\(String(repeating: "a", count: 51))&rating=x", "Parameter \"rating\": must be one of g, pg, pg-13, r."),
            ("/search?q=cat&lang=english", "Parameter \"lang\": must be a two-letter language code such as en."),
            ("/trending?limit=51", "Parameter \"limit\": must be an integer from 1 to 50."),
            ("/random?tag=\(String(repeating: "b", count: 51))", "Parameter \"tag\": must be at most 50 characters."),
            ("/spotlight?tag=\(String(repeating: "b", count: 51))", "Parameter \"tag\": must be at most 50 characters."),
            ("/gif/not-an-id!", "Parameter \"id\": must be an item id as answers give it: 1 to 64 letters and digits, or a provider's name, a colon and 1 to 64 letters, digits, - or _."),
        ]
        for (target, detail) in rows {
            let answer = try await api.get(target)
            assertProblem(answer, 400, "invalid_parameter")
            XCTAssertEqual(answer.problem?.title, "Invalid parameter", target)
            XCTAssertEqual(answer.problem?.detail, detail, target)
        }
        let badID = try await api.send(.delete, "/favorites/a-b")
        XCTAssertEqual(badID.problem?.detail, "Parameter \"id\": must be an item id as answers give it: 1 to 64 letters and digits, or a provider's name, a colon and 1 to 64 letters, digits, - or _.")
        let missing = try await api.send(.post, "/favorites", json: "{\"gif\":\"abc\"}")
        assertProblem(missing, 400, "invalid_parameter")
        XCTAssertEqual(missing.problem?.detail, "Parameter \"id\": a string is required in the JSON body.")
        XCTAssertEqual(api.provider.calls, [], "input failures never reach the upstream")
    }

    func testRequestBodiesMustBeJSONObjects() async throws {
        let api = InMemoryAPI()
        assertProblem(try await api.send(.post, "/favorites", json: "id=abc", contentType: "text/plain"), 415, "unsupported_media_type")
        assertProblem(try await api.send(.post, "/favorites", json: "{\"id\":"), 400, "invalid_body")
        assertProblem(try await api.send(.post, "/favorites", json: "[]"), 400, "invalid_body")
    }

    func testNotFoundAndFavoritesRules() async throws {
        let api = InMemoryAPI(backend: makeMemoryBackend(provider: ScriptedProvider(), favoritesLimit: 1))
        let unknown = try await api.get("/gif/unknown1")
        assertProblem(unknown, 404, "gif_not_found")
        XCTAssertEqual(unknown.problem?.title, "Item not found")
        let absent = try await api.send(.delete, "/favorites/id1")
        assertProblem(absent, 404, "favorite_not_found")
        XCTAssertEqual(absent.problem?.detail, "id1 is not a favorite.")
        let added = try await api.send(.post, "/favorites", json: "{\"id\":\"id1\"}")
        XCTAssertEqual(added.status, 201)
        let full = try await api.send(.post, "/favorites", json: "{\"id\":\"id2\"}")
        assertProblem(full, 409, "favorites_full")
        XCTAssertEqual(full.problem?.detail, "You can keep at most 1 favorites; remove one to add another.")
    }

    func testARandomPickMatchingNothingNamesTheTag() async throws {
        let provider = ScriptedProvider()
        provider.fail(with: UpstreamError.notFound)
        let answer = try await InMemoryAPI(provider: provider).get("/random?tag=zzq")
        assertProblem(answer, 404, "gif_not_found")
        XCTAssertEqual(answer.problem?.detail, "GIPHY has nothing for the tag \"zzq\".")
    }

    func testBusyStorageIs503WithRetryAfter() async throws {
        let busy = BusyStore(retryAfterSeconds: 7)
        let api = InMemoryAPI(backend: makeMemoryBackend(favoritesStore: busy, historyStore: busy, spotlightStore: busy))
        for (method, target) in [(HTTPMethod.get, "/favorites"), (.delete, "/favorites/id1"), (.get, "/gif/id1"), (.get, "/search?q=cats"),
                                 (.get, "/search/history"), (.delete, "/search/history"), (.get, "/spotlight")] {
            let answer = try await api.send(method, target)
            assertProblem(answer, 503, "storage_busy")
            XCTAssertEqual(answer.problem?.title, "Storage busy", target)
            XCTAssertEqual(answer.header("Retry-After"), "7", target)
        }
        let added = try await api.send(.post, "/favorites", json: "{\"id\":\"id1\"}")
        assertProblem(added, 503, "storage_busy")
    }

    func testEveryUpstreamFailureMapsToItsRow() async throws {
        let rows: [(any Error, Int, String, String?)] = [
            (UpstreamError.rateLimited(retryAfter: 42), 503, "upstream_rate_limited", "42"),
            (UpstreamError.rateLimited(retryAfter: nil), 503, "upstream_rate_limited", "60"),
            (UpstreamError.unauthorized(status: 403), 502, "upstream_auth", nil),
            (UpstreamError.rejected(status: 400), 502, "upstream_rejected", nil),
            (UpstreamError.serverError(status: 503), 502, "upstream_error", nil),
            (UpstreamError.unavailable(reason: "refused"), 502, "upstream_unavailable", nil),
            (UpstreamError.timeout, 504, "upstream_timeout", nil),
            (UpstreamError.badResponse(reason: "synthetic"), 502, "upstream_bad_response", nil),
            (CancellationError(), 500, "internal", nil),
        ]
        for (failure, status, code, retryAfter) in rows {
            let provider = ScriptedProvider()
            provider.fail(with: failure)
            let answer = try await InMemoryAPI(provider: provider).get("/trending")
            assertProblem(answer, status, code)
            XCTAssertEqual(answer.header("Retry-After"), retryAfter, code)
        }
    }

    func testASpentBudgetIs503WithRetryAfter() async throws {
        var settings = uncachedGateway
        settings.callsPerHour = 0
        let answer = try await InMemoryAPI(backend: makeMemoryBackend(gateway: settings)).get("/trending")
        assertProblem(answer, 503, "upstream_budget_exhausted")
        XCTAssertEqual(answer.problem?.title, "Upstream call budget spent")
        XCTAssertNotNil(answer.header("Retry-After").flatMap(Int.init))
    }

    /// The table itself: one status and title per kind, as openapi.yaml documents them.
    func testTheTableHasOneRowPerKind() {
        let expected: [ServiceError.Kind: (Int, String)] = [
            .invalidParameter: (400, "Invalid parameter"), .itemNotFound: (404, "Item not found"),
            .favoriteNotFound: (404, "Favorite not found"), .favoritesFull: (409, "Favorites full"),
            .storageBusy: (503, "Storage busy"), .storageFull: (507, "Storage full"),
            .storageUnavailable: (503, "Storage unavailable"), .upstreamRateLimited: (503, "Upstream rate limit reached"),
            .upstreamBudgetExhausted: (503, "Upstream call budget spent"), .upstreamAuth: (502, "The upstream refused the server's key"),
            .upstreamRejected: (502, "The upstream rejected the request"), .upstreamError: (502, "The upstream failed"),
            .upstreamUnavailable: (502, "Upstream unreachable"), .upstreamTimeout: (504, "The upstream did not answer in time"),
            .upstreamBadResponse: (502, "The upstream sent an unusable answer"), .internal: (500, "Internal server error"),
            .installTokenRequired: (401, "Install token required"), .installTokenInvalid: (401, "Install token invalid"),
            .installRateLimited: (429, "Too many installs"), .upstreamShareSpent: (429, "Your share of upstream calls is spent"),
            .importInvalid: (400, "Import document invalid"), .importTooLarge: (413, "Import document too large"),
            .linkCodeInvalid: (403, "Link code invalid"), .linkRateLimited: (429, "Too many link attempts"),
            .devicesFull: (409, "Devices full"), .deviceNotFound: (404, "Device not found"),
            .reportRateLimited: (429, "Too many reports"),
        ]
        XCTAssertEqual(Set(expected.keys), Set(ServiceError.Kind.allCases))
        for kind in ServiceError.Kind.allCases {
            let row = ServiceErrorTable.row(kind)
            XCTAssertEqual(row.status.code, expected[kind]?.0, "\(kind)")
            XCTAssertEqual(row.title, expected[kind]?.1, "\(kind)")
        }
    }
}
