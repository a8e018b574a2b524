import Foundation
import Synchronization
import XCTest
import Primitives

/// Set once, read by every loop: every racer gets the first instance stored, and no instance is
/// kept alive past its holder or leaked by a racer that lost.
final class SetOnceReferenceTests: XCTestCase {
    private final class Counted: Sendable {
        static let alive = Atomic<Int>(0)
        let number: Int
        init(_ number: Int) {
            self.number = number
            Self.alive.add(1, ordering: .relaxed)
        }
        deinit { Self.alive.subtract(1, ordering: .relaxed) }
    }

    private final class Holder: Sendable {
        let reference = SetOnceReference<Counted>()
    }

    func testEmptyUntilStoredThenTheFirstStays() {
        let holder = Holder()
        XCTAssertNil(holder.reference.load())
        let first = Counted(1)
        XCTAssertTrue(holder.reference.storeIfNil(first) === first)
        XCTAssertTrue(holder.reference.storeIfNil(Counted(2)) === first)
        XCTAssertEqual(holder.reference.load()?.number, 1)
    }

    /// A lent instance is the one stored, nil before one is, and lending it keeps no reference.
    func testWithLoadedLendsTheStoredInstance() {
        let holder = Holder()
        XCTAssertTrue(holder.reference.withLoaded { $0 == nil })
        var first = Counted(7)
        _ = holder.reference.storeIfNil(first)
        XCTAssertEqual(holder.reference.withLoaded { $0?.number }, 7)
        XCTAssertTrue(holder.reference.withLoaded { $0 === first })
        XCTAssertFalse(isKnownUniquelyReferenced(&first), "the holder keeps its own reference")
    }

    func testRacersAllGetOneInstanceAndNoneLeaks() {
        let before = Counted.alive.load(ordering: .relaxed)
        do {
            let holder = Holder()
            let kept = Mutex<[ObjectIdentifier]>([])
            DispatchQueue.concurrentPerform(iterations: 64) { index in
                let stored = holder.reference.storeIfNil(Counted(index))
                let loaded = holder.reference.load()
                kept.withLock { $0.append(ObjectIdentifier(stored)) }
                XCTAssertTrue(loaded === stored)
            }
            XCTAssertEqual(Set(kept.withLock { $0 }).count, 1, "every racer got the same instance")
            XCTAssertEqual(Counted.alive.load(ordering: .relaxed), before + 1, "the losers' instances were released")
        }
        XCTAssertEqual(Counted.alive.load(ordering: .relaxed), before, "the stored instance goes with its holder")
    }
}
