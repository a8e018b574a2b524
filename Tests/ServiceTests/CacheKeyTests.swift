import DemoCatalog
@testable import Service
import XCTest

/// Queries that differ only in case and spacing share a cache key (and the keys stored in
/// SQLite keep their text across versions).
final class CacheKeyTests: XCTestCase {
    /// The folding as first written, on Characters; the byte path must agree with it exactly.
    private func reference(_ query: String) -> String {
        query.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    func testFoldingLowercasesAndCollapsesWhitespace() {
        XCTAssertEqual(CacheKey.folded("  Happy \t\r\n CAT  "), "happy cat")
        XCTAssertEqual(CacheKey.folded("cat"), "cat")
        XCTAssertEqual(CacheKey.folded(" \n "), "")
        XCTAssertEqual(CacheKey.folded("Ünïcode\u{3000}Cat"), "ünïcode cat", "non-ASCII text takes the general path")
    }

    func testASCIIFoldingAgreesWithTheGeneralFoldingOnRandomText() {
        // Seeded: a failure names inputs that come back on the next run.
        var generator = SeededGenerator(seed: 20261124)
        // Every ASCII byte, weighted towards letters, spaces and control characters.
        let alphabet: [UInt8] = Array(0...127) + Array(repeating: UInt8(ascii: " "), count: 20)
            + Array(UInt8(ascii: "A")...UInt8(ascii: "Z")) + [0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x1C, 0x1F]
        for _ in 0..<5_000 {
            let count = generator.below(24)
            let bytes = (0..<count).map { _ in alphabet[generator.below(alphabet.count)] }
            let query = String(decoding: bytes, as: UTF8.self)
            XCTAssertEqual(CacheKey.folded(query), reference(query), query.debugDescription)
        }
    }

    func testASearchKeyKeepsItsFormat() {
        let request = SearchRequest(query: "  Funny CATS ", offset: 25, limit: 25, rating: "g", lang: "en")
        XCTAssertEqual(CacheKey.search(request, upstream: "giphy"), "giphy|search|funny cats|25|25|g|en")
        var settings = GatewaySettings()
        settings.upstreamIdentity = "unsplash"
        XCTAssertEqual(CacheKey.search(request, upstream: settings.upstreamIdentity),
                       settings.key("search|funny cats|25|25|g|en"), "made in one string, the same text as joined")
        let unicode = SearchRequest(query: " Ünïcode\u{3000}Cat ", offset: 0, limit: 10, rating: "pg", lang: nil, type: .stickers)
        XCTAssertEqual(CacheKey.search(unicode, upstream: "giphy"), "giphy|stickers_search|ünïcode cat|0|10|pg|")
    }

    /// The key is written into storage sized beforehand: every part at its longest fits, and
    /// the text is the parts joined.
    func testASearchKeyWithEveryPartAtItsLongestIsThePartsJoined() {
        let query = String(repeating: "\tWord ", count: 300)
        let folded = CacheKey.folded(query)
        for (offset, limit) in [(Int.max, Int.min), (0, 9), (10, 100), (-1, 1_000_000)] {
            let request = SearchRequest(query: query, offset: offset, limit: limit, rating: "pg-13", lang: "zh-TW",
                                        type: .stickers, compactRenditions: true, order: "relevant")
            XCTAssertEqual(CacheKey.search(request, upstream: "unsplash@example"),
                           "unsplash@example|stickers_search|\(folded)|\(offset)|\(limit)|pg-13|zh-TW|compact|order=relevant")
        }
        var settings = GatewaySettings()
        for identity in ["giphy", "unsplash@example", ""] {
            settings.upstreamIdentity = identity
            XCTAssertEqual(CacheKey.item(id: "xT9IgDEI1iZyb2wqo8", upstream: identity), settings.key("gif|xT9IgDEI1iZyb2wqo8"),
                           "an item's key keeps the text stored by earlier versions")
        }
        for (offset, limit) in [(Int.max, Int.min), (0, 25), (475, 25)] {
            for request in [TrendingRequest(offset: offset, limit: limit),
                            TrendingRequest(offset: offset, limit: limit, rating: "pg-13", type: .stickers, compactRenditions: true,
                                            order: "popular")] {
                let joined = "\(CacheKey.endpoint("trending", request.type))|\(offset)|\(limit)|\(request.rating ?? "")"
                    + (request.compactRenditions ? "|compact" : "") + (request.order.map { "|order=\($0)" } ?? "")
                XCTAssertEqual(CacheKey.trending(request, upstream: "unsplash@example"), "unsplash@example|" + joined,
                               "a trending key keeps the text stored by earlier versions")
            }
        }
        let empty = SearchRequest(query: "", offset: 0, limit: 0)
        XCTAssertEqual(CacheKey.search(empty, upstream: ""), "|search||0|0||")
    }
}
