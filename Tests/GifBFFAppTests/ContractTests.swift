import FakeGiphy
import FakeUpstream
import Gateway
import API
@testable import GifBFFApp
import Foundation
import Service
import Model
import HTTPServer
import TestSupport
import XCTest

/// openapi.yaml and the server agree: the same routes both ways, every error code listed, and
/// the document served at /openapi.yaml is the file itself.
final class ContractTests: XCTestCase {
    func testRouterAndSpecHaveTheSameRoutesBothWays() throws {
        let spec = try OpenAPISpec.load()
        let gateway = UpstreamGateway(provider: UnusedProvider(), store: nil)
        let router = APIRouter.make(backend: Backend(
            gateway: gateway,
            favorites: FavoritesSettings(store: UnusedFavoritesStore()),
            history: SearchHistoryService(store: UnusedHistoryStore()),
            spotlight: SpotlightService(gateway: gateway, store: UnusedSpotlightStore(), intervalSeconds: 600, rating: .g),
            portability: UnusedPortabilityStore()),
            admin: AdminAccess(token: AdminToken("every admin route served"), log: { _, _ in }))
        // The web app's pages (/, /app/{file}) are for people, not part of the API's contract.
        let apiRoutes = router.routes.filter { !WebAppRoutes.templates.contains($0.template) }
        let served = Set(apiRoutes.map { OpenAPISpec.Operation(method: $0.method.rawValue, path: $0.template) })
        let documented = spec.operations
        XCTAssertGreaterThanOrEqual(documented.count, 10, "the spec reader found too few operations: \(documented)")
        XCTAssertEqual(served.count, apiRoutes.count)
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
        let apiCodes = ServiceError.Kind.allCases.map(\.rawValue) + ["invalid_body", "unsupported_media_type"]
        let transportCodes = ["bad_request", "not_found", "method_not_allowed", "request_timeout", "content_too_large",
                              "uri_too_long", "expectation_failed", "header_fields_too_large", "internal",
                              "not_implemented", "too_many_connections", "too_many_client_connections",
                              "http_version_not_supported"]
        // The browser guards' (CORSTests and HostAllowlistTests see them served).
        let browserCodes = ["origin_not_allowed", "host_not_allowed"]
        // The demo media route's (DemoMediaRouteTests and DemoDrawingTests see them served).
        let mediaCodes = ["media_not_found", "media_busy"]
        // /readyz's (DrainTests see it served).
        let readinessCodes = ["not_ready"]
        // The admin API's (ModerationTests see them served).
        let adminCodes = ["admin_token_invalid", "block_not_found"]
        let served = Set(apiCodes + transportCodes + browserCodes + mediaCodes + readinessCodes + adminCodes)
        XCTAssertEqual(served.subtracting(codes), [], "served but not listed in openapi.yaml's ProblemCode")
        XCTAssertEqual(Set(codes).subtracting(served), [], "listed in openapi.yaml but never served")
    }

    /// Issue 15: generated clients must not throw when the server adds something. No closed
    /// object, no closed enum in an answer but ProblemCode's known list inside its open `anyOf`,
    /// no header with enumerated values, and no schema built from a `$ref` with keywords beside
    /// it (code generators drop those keywords, and with them fields). What a client sends may
    /// be an enum (issue 35.4): the request parameters' and the event request's.
    func testThePublishedSchemasAreOpenForAdditionsAndFlat() throws {
        let spec = try OpenAPISpec.load()
        XCTAssertFalse(spec.text.contains("additionalProperties: false"), "a closed object in openapi.yaml")
        XCTAssertFalse(spec.text.contains("unevaluatedProperties"), "a closed object in openapi.yaml")
        let sentOnly = ["ItemEventRequest", "Kind", "MediaType", "Rating", "ReportRequest", "SearchOrder", "TrendingOrder"]
        XCTAssertEqual(spec.enumOwners, (sentOnly + ["ProblemCode"]).sorted().map { "schemas/\($0)" },
                       "only what a client sends, and ProblemCode openly, may list values")
        for (name, schema) in spec.schemas {
            for (property, member) in schema.properties {
                for reference in [member.reference, member.itemsReference, member.valuesReference].compactMap({ $0 }) {
                    XCTAssertFalse(sentOnly.contains(reference), "\(name).\(property): an answer refers to the closed \(reference)")
                }
            }
        }
        XCTAssertTrue(spec.text.contains("    ProblemCode:\n"), "ProblemCode is missing")
        XCTAssertTrue(spec.text.contains("            - http_version_not_supported\n        - type: string\n"),
                      "ProblemCode is not open: its anyOf must end with a plain string")
        let schemas = spec.schemas
        XCTAssertGreaterThanOrEqual(schemas.count, 10, "the schema reader found too few schemas")
        for (name, schema) in schemas.sorted(by: { $0.key < $1.key }) where schema.keys.contains("$ref") {
            XCTAssertEqual(schema.keys.filter { $0 != "description" }, ["$ref"], "\(name): a $ref with keywords beside it")
        }
        let mediaTypeKeysWithParameters = spec.text.split(separator: "\n").filter {
            let key = $0.trimmingCharacters(in: .whitespaces)
            return key.hasSuffix(":") && key.contains("/") && key.contains(";") && !key.contains(" ")
                || key.hasPrefix("text/plain;") && key.hasSuffix(":")
        }
        XCTAssertEqual(mediaTypeKeysWithParameters, [], "a media type key with parameters does not match in clients")
    }

    /// The three GIF shapes are flat copies; they must not drift apart.
    func testGIFFetchedGIFAndFavoriteListTheSameFields() throws {
        let schemas = try OpenAPISpec.load().schemas
        let item = Set(try XCTUnwrap(schemas["Item"]).properties.keys)
        let fetched = Set(try XCTUnwrap(schemas["FetchedItem"]).properties.keys)
        let favorite = Set(try XCTUnwrap(schemas["Favorite"]).properties.keys)
        XCTAssertGreaterThanOrEqual(item.count, 11, "the schema reader found too few GIF fields: \(item)")
        XCTAssertEqual(fetched.subtracting(item), ["stale"])
        XCTAssertEqual(item.subtracting(fetched), [])
        XCTAssertEqual(favorite.subtracting(item), ["added_at"])
        XCTAssertEqual(item.subtracting(favorite), [])
        XCTAssertEqual(schemas["FetchedItem"]?.required, schemas["Item"]?.required)
        XCTAssertEqual(schemas["Favorite"]?.required, (schemas["Item"]?.required ?? []).union(["added_at", "is_favorite"]))
    }

    /// The strict reading of the schemas is itself checked: it rejects what the server must not send.
    func testTheStrictReadingRejectsAnUnknownMemberAMissingOneAndAnUnknownCode() throws {
        let strict = StrictConformance(try OpenAPISpec.load())
        let problem: [String: Any] = ["type": "t", "title": "t", "status": 400, "detail": "d", "code": "invalid_body"]
        XCTAssertEqual(strict.violations(of: problem, against: "ProblemDetails"), [])
        XCTAssertEqual(strict.violations(of: problem.merging(["instance": "/x"]) { $1 }, against: "ProblemDetails").count, 1)
        XCTAssertEqual(strict.violations(of: problem.merging(["code": "made_up"]) { $1 }, against: "ProblemDetails").count, 1)
        let rendition: [String: Any] = ["url": "u", "width": 1, "height": 1, "extra": 1]
        let item: [String: Any] = ["id": "a", "provider": "giphy", "attribution": ["text": "t"], "url": "u", "share_text": "s",
                                   "images": ["still": rendition]]
        XCTAssertEqual(strict.violations(of: ["data": [item]], against: "FavoritesList").count, 5,
                       "count and limit missing; the favorite lacks added_at and is_favorite; the rendition has extra")
    }

    /// The server's own answers, of every JSON shape, fresh and stale, held to the closed schemas;
    /// and the headers whose values the spec lists in words hold only those values.
    func testTheServersAnswersFollowTheClosedSchemas() async throws {
        let strict = StrictConformance(try OpenAPISpec.load())
        let api = try APIHarness(self) { $0.gateway.freshSeconds = 0 }
        func check(_ method: String, _ target: String, json body: String? = nil, status: Int, schema: String,
                   cacheControl: Set<String>, file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
            let response = try api.send(method, target, json: body)
            XCTAssertEqual(response.status, status, target, file: file, line: line)
            let json = try XCTUnwrap(response.json, target, file: file, line: line)
            XCTAssertEqual(strict.violations(of: json, against: schema), [], target, file: file, line: line)
            if let cache = response.header("X-Cache") {
                XCTAssertTrue(["HIT", "MISS", "STALE"].contains(cache), "\(target): X-Cache \(cache)", file: file, line: line)
            }
            if status < 400 {
                XCTAssertTrue(cacheControl.contains(response.header("Cache-Control") ?? "none"), target, file: file, line: line)
            }
            return json
        }
        let browse: Set<String> = ["max-age=30", "no-cache"]
        _ = try check("GET", "/healthz", status: 200, schema: "Health", cacheControl: ["no-store"])
        let page = try check("GET", "/search?q=cat&limit=5", status: 200, schema: "ItemPage", cacheControl: browse)
        _ = try check("GET", "/trending?limit=5", status: 200, schema: "ItemPage", cacheControl: browse)
        let id = try XCTUnwrap((page["data"] as? [[String: Any]])?.first?["id"] as? String)
        _ = try check("GET", "/gif/\(id)", status: 200, schema: "FetchedItem", cacheControl: browse)
        _ = try check("GET", "/random?tag=cat", status: 200, schema: "Item", cacheControl: ["no-store"])
        _ = try check("GET", "/spotlight", status: 200, schema: "Spotlight", cacheControl: ["no-cache"])
        _ = try check("POST", "/favorites", json: "{\"id\":\"\(id)\"}", status: 201, schema: "Favorite", cacheControl: ["no-cache", "none"])
        _ = try check("POST", "/favorites", json: "{\"id\":\"\(id)\"}", status: 200, schema: "Favorite", cacheControl: ["no-cache", "none"])
        _ = try check("GET", "/favorites", status: 200, schema: "FavoritesList", cacheControl: ["no-cache"])
        _ = try check("GET", "/search/history", status: 200, schema: "SearchHistory", cacheControl: ["no-cache"])
        // Stale answers: GIPHY down, the saved copies served with "stale": true.
        api.fake.inject(.serviceUnavailable, lifetime: .sticky)
        let stalePage = try check("GET", "/search?q=cat&limit=5", status: 200, schema: "ItemPage", cacheControl: browse)
        XCTAssertEqual(stalePage["stale"] as? Bool, true)
        let staleItem = try check("GET", "/gif/\(id)", status: 200, schema: "FetchedItem", cacheControl: browse)
        XCTAssertEqual(staleItem["stale"] as? Bool, true)
        // Problems, the API's and the transport's.
        _ = try check("GET", "/search?q=dogs", status: 502, schema: "ProblemDetails", cacheControl: [])
        _ = try check("GET", "/search?q=cat&limit=0", status: 400, schema: "ProblemDetails", cacheControl: [])
        _ = try check("DELETE", "/favorites/nope", status: 404, schema: "ProblemDetails", cacheControl: [])
        _ = try check("GET", "/no-such-path", status: 404, schema: "ProblemDetails", cacheControl: [])
        _ = try check("PUT", "/healthz", status: 405, schema: "ProblemDetails", cacheControl: [])
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

    /// The configuration page (docs/configuration.md) has one row per setting, with its flag and default.
    func testTheConfigurationPageListsEverySetting() throws {
        let page = try String(contentsOf: OpenAPISpec.repositoryRoot.appendingPathComponent("docs/configuration.md"), encoding: .utf8)
        let rows = page.split(separator: "\n").filter { $0.hasPrefix("| `") }
        for setting in Setting.all {
            let row = rows.first { $0.hasPrefix("| `\(setting.environment)` | `\(setting.flag)` |") }
            XCTAssertNotNil(row, "docs/configuration.md has no row for \(setting.environment)")
            XCTAssertTrue(row?.contains(setting.defaultText) ?? false, "docs/configuration.md: default of \(setting.environment) is \(setting.defaultText)")
        }
        let providers = ["GIF_BFF_", "GIPHY_", "KLIPY_", "UNSPLASH_", "PEXELS_"]
        let documented = rows.filter { row in providers.contains { row.hasPrefix("| `\($0)") } }.count
        XCTAssertEqual(documented, Setting.all.count, "docs/configuration.md lists a setting that does not exist")
    }

    /// What schemathesis found, kept fixed: parameters mean what openapi.yaml says they mean.
    func testParametersFollowTheSpecAtTheEdges() async throws {
        let api = try APIHarness(self)
        let combiningAcute = "e%CC%81"  // "é" as two scalars: 26 of them are 52 scalars, 26 characters
        for (target, parameter) in [("/search?q=cat&limit=", "limit"), ("/trending?offset=", "offset"),
                                    ("/search?q=" + String(repeating: combiningAcute, count: 26), "q"),
                                    ("/search?q=cat" + String(repeating: "%20", count: 48), "q"),
                                    ("/random?tag=" + String(repeating: "a", count: 51), "tag"),
                                    // An empty value is none of an enum's (issue 35.4): absent is the default.
                                    ("/search?q=cat&rating=", "rating"), ("/search?q=cat&lang=", "lang"),
                                    ("/search?q=cat&provider=", "provider"), ("/trending?type=", "type"),
                                    ("/random/deck?type=", "type"), ("/search?q=cat&provider=unsplash&order_by=", "order_by")] {
            let response = try api.get(target)
            XCTAssertEqual(response.status, 400, target)
            XCTAssertTrue((response.json?["detail"] as? String ?? "").contains("\"\(parameter)\""), target)
        }
        for target in ["/search?q=" + String(repeating: "a", count: 50), "/search?q=cat&rating=PG-13&lang=EN",
                       "/trending?rating=R", "/random/deck?session="] {
            XCTAssertEqual(try api.get(target).status, 200, target)
        }
    }
}

/// Building the router needs a backend; these are never called.
private struct UnusedProvider: Provider {
    func search(_ request: SearchRequest) async throws -> UpstreamPage { throw UpstreamError.timeout }
    func trending(_ request: TrendingRequest) async throws -> UpstreamPage { throw UpstreamError.timeout }
    func item(id: String) async throws -> Item { throw UpstreamError.timeout }
    func random(tag: String?, rating: String?, type: MediaType) async throws -> Item { throw UpstreamError.timeout }
}

private struct UnusedFavoritesStore: FavoritesStore {
    func list(install: InstallID) async throws -> [FavoriteRecord] { [] }
    func totalCount() async throws -> Int { 0 }
    func insertIfRoom(_ record: FavoriteRecord, limit: Int, install: InstallID) async throws -> FavoriteInsertOutcome { .full }
    func remove(id: String, install: InstallID) async throws -> Bool { false }
}

private struct UnusedHistoryStore: SearchHistoryStore {
    func record(_ query: String, at date: Date, keepingNewest limit: Int, install: InstallID) async throws {}
    func list(containing fragment: String?, install: InstallID) async throws -> [SearchHistoryEntry] { [] }
    func clear(install: InstallID) async throws {}
}

private struct UnusedPortabilityStore: PortabilityStore {
    func importData(_ plan: ImportPlan, install: InstallID) async throws -> ImportOutcome? { nil }
}

private struct UnusedSpotlightStore: SpotlightStore {
    func pick(for key: String) async throws -> StoredSpotlight? { nil }
    func save(_ pick: StoredSpotlight, forgettingChangedBefore: Date) async throws {}
}
