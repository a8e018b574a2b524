import Model
@testable import Service
import XCTest

/// Past their capacity, the memories no call uses go least recently used first; a read counts as a use.
final class FavoritesMemoriesTests: XCTestCase {
    func testAMemoryReadStaysWhileOnesNotReadSinceAreDropped() async throws {
        let memories = FavoritesMemories(capacity: 10)
        let installs = (0..<11).map { InstallID(unchecked: "install-\($0)") }
        for install in installs.prefix(10) { await memories.using(install) { _ in } }
        // The oldest is read: it is now the most recently used.
        XCTAssertNotNil(memories.existing(installs[0]))
        // The eleventh takes the count past 10: the least recently used goes.
        await memories.using(installs[10]) { _ in }
        XCTAssertEqual(memories.count, 10)
        XCTAssertNotNil(memories.existing(installs[0]))
        XCTAssertNil(memories.existing(installs[1]))
        XCTAssertNotNil(memories.existing(installs[2]))
        XCTAssertNotNil(memories.existing(installs[10]))
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
        XCTAssertEqual(memories.count, 11, "the kept one, and the ten most recently used")
        memories.forget(local)
        XCTAssertNil(memories.existing(local))
        let again = memories.kept(local)
        XCTAssertFalse(again === kept)
        for number in 30..<60 { await memories.using(InstallID(unchecked: "install-\(number)")) { _ in } }
        XCTAssertTrue(memories.existing(local) === again)
    }

    /// A memory a call is using is never dropped, however many others come and go meanwhile: the
    /// install never has two (nor two gates).
    func testAMemoryInUseIsNeverDropped() async throws {
        let memories = FavoritesMemories(capacity: 2)
        let busy = InstallID(unchecked: "busy")
        await memories.using(busy) { memory in
            for number in 0..<10 { await memories.using(InstallID(unchecked: "install-\(number)")) { _ in } }
            XCTAssertTrue(memories.existing(busy) === memory)
        }
        XCTAssertNotNil(memories.existing(busy), "checked in as the newest")
        XCTAssertEqual(memories.count, 2)
    }
}
