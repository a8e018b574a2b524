// libFuzzer target: reading Pexels' answers (a search or curated page, one photo, lenient values,
// renditions sized by Pexels' rule, the attribution) into our item. Built by scripts/fuzz.sh from
// Service's, ProviderHTTP's and PexelsClient's sources compiled as one module.
//
// Invariants, besides "no crash, no hang":
//   - every item read has a Pexels id a client can send back (ItemID), a page URL, an attribution
//     and at least one rendition, none 0 wide or high nor larger than the original;
//   - every item written with our JSON writer reads back as the same item;
//   - every page is paged without a trap (Fuzz/shared/PagingCheck.swift).

import Foundation

private let reading = PexelsResponseReading(mapping: PexelsMapping())

private func check(_ item: Item) {
    if ItemID(item.id)?.provider != .pexels || item.url.isEmpty || item.images.isEmpty || item.attribution == nil {
        fatalError("an item without id, url, attribution or renditions: \(item)")
    }
    if item.images.values.contains(where: { $0.width <= 0 || $0.height <= 0 }) { fatalError("a rendition sized 0: \(item)") }
    if let width = item.width, let height = item.height,
       item.images.values.contains(where: { $0.width > width || $0.height > height }) {
        fatalError("a rendition larger than the original: \(item)")
    }
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
public func fuzzPexelsResponse(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let body = Data(bytes: data, count: size)
    // Offsets as the service sends them, the last at the end of GIPHY's search range.
    for (endpoint, offset) in [(PexelsEndpoint.search(query: "cat", offset: 0, limit: 30), 0), (.curated(offset: 4980, limit: 30), 4980)] {
        if let page = try? reading.page(body, endpoint: endpoint, requestedOffset: offset) {
            page.items.forEach(check)
            checkPaging(page)
        }
    }
    if let item = try? reading.single(body, endpoint: .photo(id: "2014422")) { check(item) }
    return 0
}
