import Model
import XCTest

/// `ContentCeiling`, the one rule: what rating an upstream is asked for and which items may be
/// served (the server's answers under it are ContentCeilingTests').
final class ContentCeilingRuleTests: XCTestCase {
    private func gif(rated rating: String?) -> Item {
        Item(id: "abc", provider: .giphy, rating: rating, url: "https://giphy.com/gifs/abc")
    }

    func testARequestIsAskedAtItsRatingOrTheDefaultNeverAboveTheCeiling() {
        let pg = ContentCeiling(.pg)
        XCTAssertEqual(pg.rating(asked: .r, default: .g, ratesItems: true), .pg)
        XCTAssertEqual(pg.rating(asked: .pg13, default: .g, ratesItems: true), .pg)
        XCTAssertEqual(pg.rating(asked: .g, default: .pg, ratesItems: true), .g)
        XCTAssertEqual(pg.rating(asked: nil, default: .g, ratesItems: true), .g)
        XCTAssertEqual(pg.rating(asked: nil, default: .r, ratesItems: true), .pg)
        XCTAssertEqual(ContentCeiling.none.rating(asked: .r, default: .g, ratesItems: true), .r, "no ceiling: as asked")
        // An upstream that rates nothing is sent the ceiling, whatever was asked.
        XCTAssertEqual(pg.rating(asked: .g, default: .g, ratesItems: false), .pg)
        XCTAssertEqual(ContentCeiling.none.rating(asked: nil, default: .g, ratesItems: false), .r)
    }

    func testAnItemIsServedOnlyWhenItsOwnRatingIsKnownAndWithinTheCeiling() {
        let pg = ContentCeiling(.pg)
        for (rating, admitted) in [("g", true), ("pg", true), ("PG", true), ("y", true), ("Y", true), ("pg-13", false),
                                   ("r", false), ("R", false), ("nc-17", false), ("", false)] {
            XCTAssertEqual(pg.admits(gif(rated: rating), ratesItems: true), admitted, rating)
        }
        XCTAssertFalse(pg.admits(gif(rated: nil), ratesItems: true), "unrated by an upstream that rates: not known to be mild")
        XCTAssertTrue(ContentCeiling(.g).admits(gif(rated: "g"), ratesItems: true))
        XCTAssertFalse(ContentCeiling(.g).admits(gif(rated: "pg"), ratesItems: true))
        XCTAssertTrue(ContentCeiling(.pg13).admits(gif(rated: "pg-13"), ratesItems: true))
        // No ceiling lets everything through, as before it existed; a photo has nothing to read.
        for rating in ["r", "nc-17", nil] as [String?] {
            XCTAssertTrue(ContentCeiling.none.admits(gif(rated: rating), ratesItems: true), "\(rating ?? "nil")")
            XCTAssertTrue(pg.admits(gif(rated: rating), ratesItems: false), "\(rating ?? "nil")")
        }
    }

    func testRatingsOrderMildestFirst() {
        XCTAssertEqual(Rating.all, Rating.all.sorted())
        XCTAssertTrue(Rating.g < .pg && Rating.pg < .pg13 && Rating.pg13 < .r)
    }
}
