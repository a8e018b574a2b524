import Foundation
import Model
import PostgreSQL
import Service
import SQLite
import Storage
import TestSupport
import XCTest

/// Searches recorded together (one transaction) leave what recording them one after another
/// leaves, on both databases; a search the database refuses fails alone, the others are kept.
final class SearchHistoryBatchTests: XCTestCase {
    private func searches(_ queries: [String], install: InstallID = .local) -> [RecordedSearch] {
        queries.enumerated().map { RecordedSearch(query: $1, at: Date(timeIntervalSince1970: Double($0)), install: install) }
    }

    func testABatchLeavesWhatOneAfterAnotherLeaves() async throws {
        for database in try bothDatabases() {
            let stores = try opened(database)
            let queries = ["a", "Cats", "b", "c", "CATS", "d", "e", "f", "a"]
            let failures = await stores.searchHistory.record(searches(queries), keepingNewest: 5)
            XCTAssertEqual(failures.count, queries.count, database.name)
            XCTAssertTrue(failures.allSatisfy { $0 == nil }, "\(database.name): \(failures)")
            let entries = try await stores.searchHistory.list(containing: nil, install: .local)
            XCTAssertEqual(entries.map(\.query), ["a", "f", "e", "d", "CATS"], database.name)
            XCTAssertEqual(entries.first?.searchedAt, Date(timeIntervalSince1970: 8), database.name)

            // An install that does not exist records nothing, and fails nothing.
            let gone = try XCTUnwrap(InstallID(String(repeating: "f", count: InstallID.issuedLength)))
            let mixed = await stores.searchHistory.record(searches(["g"]) + searches(["lost"], install: gone), keepingNewest: 5)
            XCTAssertEqual(mixed.map { $0 == nil }, [true, true], database.name)
            let after = try await stores.searchHistory.list(containing: nil, install: .local)
            XCTAssertEqual(after.map(\.query), ["g", "a", "f", "e", "d"], database.name)
            let lost = try await stores.searchHistory.list(containing: nil, install: gone)
            XCTAssertEqual(lost, [], database.name)
        }
    }

    func testASearchTheDatabaseRefusesFailsAloneInItsBatch() async throws {
        for (name, stores) in try await storesRefusingBoom() {
            let failures = await stores.searchHistory.record(searches(["one", "boom", "two"]), keepingNewest: 5)
            XCTAssertEqual(failures.map { $0 == nil }, [true, false, true], name)
            let entries = try await stores.searchHistory.list(containing: nil, install: .local)
            XCTAssertEqual(entries.map(\.query), ["two", "one"], name)
        }
    }

    /// Stores on SQLite's file, and on PostgreSQL where a cluster runs, whose search history
    /// refuses the query "boom" (a trigger added once the schema is made).
    private func storesRefusingBoom() async throws -> [(String, Stores)] {
        let path = try makeDatabasePath()
        await (try Stores.open(path: path)).close()
        try Database(path: path).executeScript("""
            CREATE TRIGGER refuse_boom BEFORE INSERT ON search_history WHEN NEW.query = 'boom'
            BEGIN SELECT RAISE(ABORT, 'boom refused'); END
            """)
        var found = [("sqlite", try Stores.open(path: path))]
        if let url = try postgreSQLURL() {
            let stores = try Stores.open(url: url, poolSize: 2)
            try PGConnection(url: url.text).executeScript("""
                CREATE FUNCTION refuse_boom() RETURNS trigger LANGUAGE plpgsql AS
                $$ BEGIN IF NEW.query = 'boom' THEN RAISE EXCEPTION 'boom refused'; END IF; RETURN NEW; END $$;
                CREATE TRIGGER refuse_boom BEFORE INSERT ON search_history FOR EACH ROW EXECUTE FUNCTION refuse_boom();
                """)
            found.append(("postgresql", stores))
        }
        for (_, stores) in found { addTeardownBlock { await stores.close() } }
        return found
    }
}
