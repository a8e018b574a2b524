import Foundation
@testable import GifBFFApp
import PostgreSQL
import TestSupport
import XCTest

/// Export and import over HTTP (issue 47, item 4), on SQLite and on PostgreSQL: the document and
/// its file name, a merge that keeps the order and the cap and drops duplicates, and a bad or
/// oversized document refused with nothing changed.
final class PortabilityTests: XCTestCase {
    /// `body` on a server over SQLite's file, then over PostgreSQL where a cluster runs.
    private func onBothDatabases(favoritesLimit: Int = 20, _ body: (APIHarness) async throws -> Void) async throws {
        try await body(try APIHarness(self, favoritesLimit: favoritesLimit))
        let url: String
        do {
            url = try PostgreSQLCluster.database(for: self)
        } catch is XCTSkip {
            return
        }
        guard case .success(let parsed) = PostgreSQLURL.parse(url) else { return XCTFail("not a URL: \(url)") }
        try await body(try APIHarness(self, favoritesLimit: favoritesLimit) { $0.databaseURL = parsed })
    }

    private func export(_ api: APIHarness, _ install: RegisteredInstall) throws -> RawClient.Response {
        try api.send("GET", "/installs/current/export", headers: [install.authorization])
    }

    private func importing(_ api: APIHarness, _ document: String, _ install: RegisteredInstall) throws -> RawClient.Response {
        try api.send("POST", "/installs/current/import", json: document, headers: [install.authorization])
    }

    private func history(_ api: APIHarness, _ install: RegisteredInstall) throws -> [String] {
        let answer = try api.send("GET", "/search/history", headers: [install.authorization])
        return ((answer.json?["data"] as? [[String: Any]]) ?? []).compactMap { $0["query"] as? String }
    }

    func testTheExportIsAVersionedDocumentWithAFileName() async throws {
        try await onBothDatabases { api in
            let items = try api.trendingIDs(count: 2)
            let install = try api.registerInstall()
            for item in items { XCTAssertEqual(try api.addFavorite(item, install).status, 201) }
            XCTAssertEqual(try api.send("GET", "/search?q=alpine", headers: [install.authorization]).status, 200)
            await api.flushWrites()

            let answer = try export(api, install)
            XCTAssertEqual(answer.status, 200, answer.text)
            XCTAssertEqual(answer.header("Cache-Control"), "no-store")
            let disposition = try XCTUnwrap(answer.header("Content-Disposition"))
            XCTAssertTrue(disposition.hasPrefix("attachment; filename=\"gif-bff-export-") && disposition.hasSuffix(".json\""), disposition)
            let json = try XCTUnwrap(answer.json)
            XCTAssertEqual(json["format"] as? String, "gif-bff-export")
            XCTAssertEqual(json["version"] as? Int, 1)
            XCTAssertNotNil(json["exported_at"] as? String)
            let favorites = try XCTUnwrap(json["favorites"] as? [[String: Any]])
            XCTAssertEqual(favorites.compactMap { ($0["item"] as? [String: Any])?["id"] as? String }, [items[1], items[0]], "newest first")
            for favorite in favorites {
                XCTAssertNotNil(favorite["added_at"] as? String)
                let item = try XCTUnwrap(favorite["item"] as? [String: Any])
                XCTAssertNil(item["is_favorite"], "the snapshot as kept, with no install's mark")
                XCTAssertNotNil(item["url"] as? String)
            }
            let searches = try XCTUnwrap(json["search_history"] as? [[String: Any]])
            XCTAssertEqual(searches.compactMap { $0["query"] as? String }, ["alpine"])
            XCTAssertNotNil(searches.first?["searched_at"] as? String)
        }
    }

    func testAnImportMergesOrderAndDropsDuplicates() async throws {
        try await onBothDatabases { api in
            let items = try api.trendingIDs(count: 4)
            let leaving = try api.registerInstall(), arriving = try api.registerInstall()
            for item in items[1...3] { XCTAssertEqual(try api.addFavorite(item, leaving).status, 201) }
            XCTAssertEqual(try api.addFavorite(items[0], leaving).status, 201, "also the arriving install's")
            XCTAssertEqual(try api.send("GET", "/search?q=beach", headers: [leaving.authorization]).status, 200)
            await api.flushWrites()
            let document = try export(api, leaving).text
            // Added after the export: newer than every favorite in it.
            XCTAssertEqual(try api.addFavorite(items[0], arriving).status, 201)
            XCTAssertEqual(try api.send("GET", "/search?q=alpine", headers: [arriving.authorization]).status, 200)
            await api.flushWrites()

            let answer = try importing(api, document, arriving)
            XCTAssertEqual(answer.status, 200, answer.text)
            let favorites = try XCTUnwrap(answer.json?["favorites"] as? [String: Any])
            XCTAssertEqual(favorites["imported"] as? Int, 3)
            XCTAssertEqual(favorites["duplicates"] as? Int, 1)
            XCTAssertEqual(favorites["dropped"] as? Int, 0)
            XCTAssertEqual(favorites["count"] as? Int, 4)
            XCTAssertEqual(favorites["limit"] as? Int, 20)
            XCTAssertEqual((answer.json?["search_history"] as? [String: Any])?["count"] as? Int, 2)
            // The exported ones in their order, after items[0], which stays where the arriving install had it.
            XCTAssertEqual(try api.favoriteIDs(arriving), [items[0], items[3], items[2], items[1]])
            XCTAssertEqual(Set(try history(api, arriving)), ["alpine", "beach"])
            // A second import of the same document changes nothing.
            let again = try importing(api, document, arriving)
            XCTAssertEqual((again.json?["favorites"] as? [String: Any])?["imported"] as? Int, 0, again.text)
            XCTAssertEqual((again.json?["favorites"] as? [String: Any])?["duplicates"] as? Int, 4)
            XCTAssertEqual(try api.favoriteIDs(arriving), [items[0], items[3], items[2], items[1]])
            XCTAssertEqual(try api.favoriteIDs(leaving), [items[0], items[3], items[2], items[1]], "the exporting install keeps its own")
        }
    }

    func testAnImportKeepsTheCapTheExistingFirstThenTheNewest() async throws {
        try await onBothDatabases(favoritesLimit: 3) { api in
            let items = try api.trendingIDs(count: 5)
            let leaving = try api.registerInstall(), arriving = try api.registerInstall()
            for item in items[0...2] { XCTAssertEqual(try api.addFavorite(item, leaving).status, 201) }
            for item in items[3...4] { XCTAssertEqual(try api.addFavorite(item, arriving).status, 201) }
            let answer = try importing(api, try export(api, leaving).text, arriving)
            XCTAssertEqual(answer.status, 200, answer.text)
            let favorites = try XCTUnwrap(answer.json?["favorites"] as? [String: Any])
            XCTAssertEqual(favorites["imported"] as? Int, 1)
            XCTAssertEqual(favorites["dropped"] as? Int, 2)
            XCTAssertEqual(favorites["count"] as? Int, 3)
            let listed = try api.favoriteIDs(arriving)
            XCTAssertEqual(Set(listed), [items[2], items[3], items[4]], "its own kept, then the newest imported: \(listed)")
            assertProblem(try api.addFavorite(items[0], arriving), 409, "favorites_full")
        }
    }

    func testABadOrOversizedDocumentIsRefusedAndChangesNothing() async throws {
        try await onBothDatabases { api in
            let items = try api.trendingIDs(count: 2)
            let leaving = try api.registerInstall(), arriving = try api.registerInstall()
            XCTAssertEqual(try api.addFavorite(items[0], leaving).status, 201)
            XCTAssertEqual(try api.addFavorite(items[1], arriving).status, 201)
            let document = try export(api, leaving).text
            XCTAssertTrue(document.contains("\"search_history\":[]"), document)

            let blankQuery = document.replacingOccurrences(of: "\"search_history\":[]",
                                                           with: "\"search_history\":[{\"query\":\"   \",\"searched_at\":\"2026-01-01T00:00:00Z\"}]")
            let badItem = document.replacingOccurrences(of: "\"url\":\"", with: "\"url\":7,\"x\":\"")
            let badDate = document.replacingOccurrences(of: "\"added_at\":\"", with: "\"added_at\":\"yesterday")
            for (what, bad) in [("another format", document.replacingOccurrences(of: "gif-bff-export", with: "other")),
                                ("a later version", document.replacingOccurrences(of: "\"version\":1", with: "\"version\":2")),
                                ("a blank query beside good favorites", blankQuery), ("an unreadable item", badItem),
                                ("a date that is not one", badDate), ("not an object", "[]"), ("not JSON", "{\"format\":"),
                                ("a null history", document.replacingOccurrences(of: "\"search_history\":[]", with: "\"search_history\":null"))] {
                let answer = try importing(api, bad, arriving)
                assertProblem(answer, 400, what == "not JSON" || what == "not an object" ? "invalid_body" : "import_invalid")
                XCTAssertEqual(try api.favoriteIDs(arriving), [items[1]], "\(what): nothing changed")
            }
            let padded = document.replacingOccurrences(of: "\"format\"",
                                                       with: "\"padding\":\"\(String(repeating: "x", count: 600 * 1024))\",\"format\"")
            assertProblem(try importing(api, padded, arriving), 413, "import_too_large")
            XCTAssertEqual(try api.favoriteIDs(arriving), [items[1]])
            XCTAssertEqual(try history(api, arriving), [])
        }
    }
}
