import PostgreSQL
import Storage
import TestSupport
import XCTest

/// One of the databases the stores run on, for the tests that run the same calls on each.
struct DatabaseUnderTest {
    let name: String
    let open: () throws -> Stores
    /// Several instances may share it (PostgreSQL); SQLite's file belongs to one process.
    var isShared: Bool { name == "postgresql" }
}

extension XCTestCase {
    /// SQLite's file always; PostgreSQL where a cluster runs (TestSupport's throwaway one:
    /// skipped without one, failing under CI=true).
    func bothDatabases() throws -> [DatabaseUnderTest] {
        let path = try makeDatabasePath()
        var found = [DatabaseUnderTest(name: "sqlite", open: { try Stores.open(path: path) })]
        if let url = try postgreSQLURL() {
            found.append(DatabaseUnderTest(name: "postgresql", open: { try Stores.open(url: url, poolSize: 4) }))
        }
        return found
    }

    /// A fresh database on TestSupport's cluster; nil where none runs (outside CI).
    func postgreSQLURL() throws -> PostgreSQLURL? {
        let text: String
        do {
            text = try PostgreSQLCluster.database(for: self)
        } catch is XCTSkip {
            return nil
        }
        return try PostgreSQLURL.parse(text).get()
    }

    /// Stores opened on `database`, closed when the test ends.
    func opened(_ database: DatabaseUnderTest) throws -> Stores {
        let stores = try database.open()
        addTeardownBlock { await stores.close() }
        return stores
    }
}
