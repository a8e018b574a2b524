import FakeUpstream
import XCTest

/// Armed faults meet calls in the order armed, each for as many calls as its lifetime says and
/// only on the paths it was armed for.
final class FaultBoardTests: XCTestCase {
    private enum TestFault: InjectableFault, Equatable {
        case first, second
        var delayMilliseconds: Int? { nil }
    }

    func testAFaultArmedForNCallsMeetsNCallsThenNoMore() {
        let board = FaultBoard<TestFault>()
        board.arm(.first, lifetime: .times(2), pathPrefix: nil)
        XCTAssertEqual(board.take(for: "/v1/gifs/search"), .first)
        XCTAssertEqual(board.take(for: "/v1/gifs/trending"), .first)
        XCTAssertNil(board.take(for: "/v1/gifs/search"))
        XCTAssertTrue(board.isEmpty)
        board.arm(.first, lifetime: .times(0), pathPrefix: nil)
        XCTAssertTrue(board.isEmpty, "armed for no call: not armed")
    }

    func testAStickyFaultStaysUntilCleared() {
        let board = FaultBoard<TestFault>()
        board.arm(.first, lifetime: .sticky, pathPrefix: nil)
        for _ in 0..<10 { XCTAssertEqual(board.take(for: "/search/photos"), .first) }
        board.clear()
        XCTAssertNil(board.take(for: "/search/photos"))
    }

    func testAFaultMeetsOnlyItsPathsAndTheFirstArmedWins() {
        let board = FaultBoard<TestFault>()
        board.arm(.first, lifetime: .once, pathPrefix: "/v1/gifs/search")
        board.arm(.second, lifetime: .sticky, pathPrefix: nil)
        XCTAssertEqual(board.take(for: "/v1/gifs/trending"), .second, "the first is not for this path")
        XCTAssertEqual(board.take(for: "/v1/gifs/search"), .first, "armed first, it meets its path first")
        XCTAssertEqual(board.take(for: "/v1/gifs/search"), .second, "used up, the next one meets the call")
    }
}
