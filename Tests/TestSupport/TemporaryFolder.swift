import Foundation
import XCTest

extension XCTestCase {
    /// A new empty folder under the system's temporary directory, removed after the test.
    package func makeTemporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("gif-bff-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock {
            try? FileManager.default.removeItem(at: folder)
        }
        return folder
    }

    /// A path for a database file that does not exist yet, in a fresh temporary folder.
    package func makeDatabasePath() throws -> String {
        try makeTemporaryFolder().appendingPathComponent("test.sqlite3").path
    }
}
