// libFuzzer target: reading KLIPY's answers (a search or trending page, the items endpoint,
// `result` false, lenient values, renditions from four sizes) into our item. Built by
// scripts/fuzz.sh from Service's, ProviderHTTP's and KlipyClient's sources compiled as one module.
//
// Invariants, besides "no crash, no hang":
//   - every item read has a KLIPY id a client can send back (ItemID), a page URL and at least one rendition, none 0 wide or high;
//   - every item written with our JSON writer reads back as the same item;
//   - every page is paged without a trap (Fuzz/shared/PagingCheck.swift).

import Foundation

private let search = KlipyEndpoint.search(SearchRequest(query: "cat", offset: 0, limit: 24), customerID: nil)
private let items = KlipyEndpoint.items(id: "8041071659142944", sticker: false)

private func check(_ item: Item) {
    guard let id = ItemID(item.id), id.provider == .klipy, Klipy.lookup(id.upstreamID) != nil, !item.url.isEmpty, !item.images.isEmpty
    else { fatalError("an item without id, url or renditions: \(item)") }
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
public func fuzzKlipyResponse(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let body = Data(bytes: data, count: size)
    // The first byte stands for the offset asked (a multiple of the page), which is outside too.
    let offset = Int(body.first ?? 0) * 24
    if let page = try? KlipyResponseReading.page(body, endpoint: search, requestedOffset: offset) {
        page.items.forEach(check)
        checkPaging(page)
    }
    if let item = try? KlipyResponseReading.single(body, endpoint: items) { check(item) }
    _ = KlipyResponseReading.errorMessage(body)
    return 0
}
