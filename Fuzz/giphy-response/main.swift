// libFuzzer target: reading GIPHY's answers (envelope, lenient numbers and dates, renditions) into
// our item shape. Built by scripts/fuzz.sh from Service's and GiphyClient's sources compiled as
// one module (their imports of each other are dropped by the script).
//
// Invariants, besides "no crash, no hang":
//   - every GIF read has a GIPHY id a client can send back (ItemID) and a page URL;
//   - every GIF written with our JSON writer (as answers and favorites snapshots are) reads back
//     as the same GIF: what we store, we can read;
//   - every page is paged without a trap (Fuzz/shared/PagingCheck.swift).

import Foundation

/// The client class itself needs libcurl, which this one-module build leaves out; GIPHY's rules
/// (GiphyRules.swift, read by the mapping for its attribution) extend it.
final class GiphyClient {}

private let searchEndpoint = GiphyEndpoint.search(SearchRequest(query: "cat", offset: 0, limit: 24, rating: "g", lang: nil), countryCode: nil)

private func checkRoundTrip(_ gif: Item) {
    if ItemID(gif.id)?.provider != .giphy || gif.url.isEmpty { fatalError("a GIF without id or url: \(gif)") }
    var writer = JSONWriter()
    gif.write(to: &writer)
    let written = Data(writer.bytes)
    guard let back = try? Item(jsonBytes: written) else {
        fatalError("our own JSON for a GIF does not decode: \(String(decoding: written, as: UTF8.self))")
    }
    var expected = gif
    expected.isFavorite = back.isFavorite
    if back != expected {
        fatalError("a GIF changed through our JSON:\n\(gif)\n\(back)")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGiphyResponse(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let body = Data(bytes: data, count: size)
    if let page = try? ResponseReading.page(body, endpoint: searchEndpoint, requestedOffset: 0) {
        page.items.forEach(checkRoundTrip)
        checkPaging(page)
    }
    if let gif = try? ResponseReading.single(body, endpoint: .gif(id: "abc")) {
        checkRoundTrip(gif)
    }
    return 0
}
