// Compiled into the giphy-response and unsplash-response targets (scripts/fuzz.sh): a page read
// from any body is paged as every endpoint may page it, so a number that could trap (issue 31.1:
// a count of 2^63-1, a total of Int.min) is a finding.
//
// Invariants, besides "no trap":
//   - the page's numbers lie within `UpstreamNumber.count`;
//   - a next offset lies past the page's own offset and within the last offset served;
//   - a deck over the page's pool draws from 1 to 100 pages (offsets 0...4999, 50 a page);
//   - the page's cached form reads back as the same page.

import Foundation

func checkPaging(_ page: UpstreamPage) {
    let believed = UpstreamNumber.count
    guard believed.contains(page.count), believed.contains(page.offset), page.totalCount.map(believed.contains) ?? true else {
        fatalError("a page with numbers past belief: count \(page.count), offset \(page.offset), total \(String(describing: page.totalCount))")
    }
    let lastOffset = 4999
    for offset in [0, 1, 10, 499, lastOffset] {
        for limit in [1, 25, 50] {
            for wholePages in [false, true] {
                guard let request = PageRequest(offset: offset, limit: limit) else { fatalError("no request for \(offset), \(limit)") }
                let answer = PageAnswer(Fetched(page, status: .miss, age: 0), request: request, favorites: .none,
                                        lastOffset: lastOffset, wholePages: wholePages, provider: .giphy).page()
                if let next = answer.pagination.nextOffset, next <= offset || next > lastOffset {
                    fatalError("next offset \(next) after \(offset) (last \(lastOffset)) for count \(page.count)")
                }
            }
        }
    }
    if let total = page.totalCount, !(1...100).contains(DeckDraw.pages(ofPool: total, pageSize: 50, lastOffset: lastOffset)) {
        fatalError("a deck over a pool of \(total) draws from \(DeckDraw.pages(ofPool: total, pageSize: 50, lastOffset: lastOffset)) pages")
    }
    let cached = Data(page.jsonBytes())
    guard let back = try? UpstreamPage(jsonBytes: cached), back == page else {
        fatalError("a page's cached form does not read back: \(String(decoding: cached, as: UTF8.self))")
    }
}
