// libFuzzer target: reading Unsplash's answers (search body, bare feed list, one photo, lenient
// values, sized renditions, attribution) into our item. Built by scripts/fuzz.sh from Service's,
// ProviderHTTP's and UnsplashClient's sources compiled as one module.
//
// Invariants, besides "no crash, no hang":
//   - every item read has an Unsplash id a client can send back (ItemID), a page URL and at least one rendition, none 0 wide or high;
//   - every item written with our JSON writer reads back as the same item;
//   - every page is paged without a trap (Fuzz/shared/PagingCheck.swift).

import Foundation

private let reading = PhotoResponseReading(mapping: PhotoMapping(appName: "gif-bff"))
private let search = UnsplashEndpoint.search(SearchRequest(query: "cat", offset: 0, limit: 30))

private func check(_ item: Item) {
    if ItemID(item.id)?.provider != .unsplash || item.url.isEmpty || item.images.isEmpty {
        fatalError("an item without id, url or renditions: \(item)")
    }
    if item.images.values.contains(where: { $0.width <= 0 || $0.height <= 0 }) { fatalError("a rendition sized 0: \(item)") }
    var writer = JSONWriter()
    item.write(to: &writer)
    let written = Data(writer.bytes)
    guard let back = try? Item(jsonBytes: written) else {
        fatalError("our own JSON for an item does not decode: \(String(decoding: written, as: UTF8.self))")
    }
    var expected = item
    expected.isFavorite = back.isFavorite
    if back != expected { fatalError("an item changed through our JSON:\n\(item)\n\(back)") }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzUnsplashResponse(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let body = Data(bytes: data, count: size)
    if let page = try? reading.searchPage(body, endpoint: search, requestedOffset: 0) {
        page.items.forEach(check)
        checkPaging(page)
    }
    // The body's first line stands for the X-Total header, which is outside too.
    let totalHeader = String(decoding: body.prefix { $0 != 0x0A }.prefix(40), as: UTF8.self)
    if let page = try? reading.feedPage(body, endpoint: .editorialFeed(TrendingRequest(offset: 0, limit: 30)), totalHeader: totalHeader,
                                        requestedOffset: 0) {
        page.items.forEach(check)
        checkPaging(page)
    }
    if let item = try? reading.single(body, endpoint: .photo(id: "abc")) { check(item) }
    return 0
}
