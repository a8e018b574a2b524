import Foundation
import Storage
import TestSupport
import XCTest

final class AppDatabaseTests: XCTestCase {
    func testCreatesMissingFolders() throws {
        let folder = try makeTemporaryFolder()
        let path = folder.appendingPathComponent("a/b/c/gif-bff.sqlite3").path
        _ = try AppDatabase.open(path: path)
        XCTAssertTrue(FileManager.default.fileExists(atPath: path))
    }

    func testFileThatIsNotADatabaseIsATypedOneLineError() throws {
        let path = try makeTemporaryFolder().appendingPathComponent("notes.sqlite3").path
        try Data(String(repeating: "this is not a database\n", count: 100).utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try AppDatabase.open(path: path)) { error in
            XCTAssertEqual(error as? StorageOpenError, .notADatabase(path: path))
            assertOneLine(String(describing: error), naming: path)
        }
    }

    func testPathUnderARegularFileCannotBeWritten() throws {
        let file = try makeTemporaryFolder().appendingPathComponent("plain-file")
        try Data("x".utf8).write(to: file)
        let path = file.appendingPathComponent("gif-bff.sqlite3").path
        XCTAssertThrowsError(try AppDatabase.open(path: path)) { error in
            guard case .cannotWrite(let errorPath, _)? = error as? StorageOpenError else {
                return XCTFail("expected cannotWrite, got \(error)")
            }
            XCTAssertEqual(errorPath, path)
            assertOneLine(String(describing: error), naming: path)
        }
    }

    func testPathThatIsAFolderCannotBeWritten() throws {
        let path = try makeTemporaryFolder().path
        XCTAssertThrowsError(try AppDatabase.open(path: path)) { error in
            guard case .cannotWrite(let errorPath, _)? = error as? StorageOpenError else {
                return XCTFail("expected cannotWrite, got \(error)")
            }
            XCTAssertEqual(errorPath, path)
            assertOneLine(String(describing: error), naming: path)
        }
    }

    func testDescriptionStaysOnOneLineWhateverThePath() {
        let error = StorageOpenError.notADatabase(path: "/tmp/odd\nname")
        XCTAssertFalse(error.description.contains("\n"))
        XCTAssertTrue(error.description.contains("odd\\nname"))
    }

    private func assertOneLine(_ text: String, naming path: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(text.contains("\n"), text, file: file, line: line)
        XCTAssertTrue(text.contains(path), text, file: file, line: line)
    }
}
