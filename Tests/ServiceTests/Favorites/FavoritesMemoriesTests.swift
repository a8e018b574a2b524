import Model
@testable import Service
import XCTest

/// Past their capacity, the memories least recently used go first; a read counts as a use.
final class FavoritesMemoriesTests: XCTestCase {
    func testAMemoryReadStaysWhileOnesNotReadSinceAreDropped() async throws {
        let memories = FavoritesMemories(capacity: 10)
        let installs = (0..<11).map { InstallID(unchecked: "install-\($0)") }
        for install in installs.prefix(10) { await memories.using(install) { _ in } }
        // The oldest is read: it is now the most recently used.
        XCTAssertNotNil(memories.existing(installs[0]))
        // The eleventh takes the count past 10: down to 9, the two least recently used go.
        await memories.using(installs[10]) { _ in }
        XCTAssertEqual(memories.count, 9)
        XCTAssertNotNil(memories.existing(installs[0]))
        XCTAssertNil(memories.existing(installs[1]))
        XCTAssertNil(memories.existing(installs[2]))
        XCTAssertNotNil(memories.existing(installs[3]))
    }

    /// A kept (pinned) memory is never dropped for capacity, however long unread; it is the same
    /// memory each time it is kept, and goes only when its install is forgotten.
    func testAKeptMemoryStaysUntilItsInstallIsForgotten() async throws {
        let memories = FavoritesMemories(capacity: 10)
        let local = InstallID(unchecked: "local")
        let kept = memories.kept(local)
        XCTAssertTrue(memories.kept(local) === kept)
        for number in 0..<30 { await memories.using(InstallID(unchecked: "install-\(number)")) { _ in } }
        XCTAssertTrue(memories.existing(local) === kept)
        XCTAssertLessThanOrEqual(memories.count, 10)
        memories.forget(local)
        XCTAssertNil(memories.existing(local))
        let again = memories.kept(local)
        XCTAssertFalse(again === kept)
        for number in 30..<60 { await memories.using(InstallID(unchecked: "install-\(number)")) { _ in } }
        XCTAssertTrue(memories.existing(local) === again)
    }
}
