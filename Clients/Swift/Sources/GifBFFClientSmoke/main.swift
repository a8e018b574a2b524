import Foundation
import GifBFFClient

// gif-bff-client-smoke <base-url>: calls every operation of openapi.yaml through GifBFFClient
// against a live gif-bff in demo mode (no GIPHY key) and exits 1 when any check fails.

guard CommandLine.arguments.count == 2, let baseURL = URL(string: CommandLine.arguments[1]) else {
    FileHandle.standardError.write(Data("usage: gif-bff-client-smoke <base-url>\n".utf8))
    exit(2)
}

let bff = GifBFF(baseURL: baseURL)
let smoke = Smoke()

await smoke.check("getHealth") { try await bff.isHealthy() }
await smoke.check("getOpenAPIDocument") { try await bff.openAPIDocument().hasPrefix("openapi: 3.1.0") }
await smoke.check("getMetrics") { try await bff.metrics().contains("gif_bff_requests_total") }

var firstID = ""
await smoke.check("searchItems") {
    let page = try await bff.search("cat", limit: 5)
    firstID = page.data.first?.id ?? ""
    return !page.data.isEmpty && page.pagination.count == page.data.count && page.pagination.nextOffset != nil
}
await smoke.check("searchItems again: 304, the held page reused (ETag)") {
    let before = await bff.etags?.reusedCount ?? 0
    let page = try await bff.search("cat", limit: 5)
    let after = await bff.etags?.reusedCount ?? 0
    return page.data.first?.id == firstID && after == before + 1
}
await smoke.check("searchItems through next_offset to the end, no id twice") {
    var ids: [String] = []
    var batches = 0
    for try await batch in bff.searchPages("cat", limit: 50) {
        ids += batch.items.map(\.id)
        batches += 1
        guard batches < 200 else { return false }  // a catalog that never ends is a failure here
    }
    return batches >= 1 && !ids.isEmpty && Set(ids).count == ids.count
}
await smoke.check("trendingItems, two de-duplicated pages") {
    var ids: [String] = []
    var batches = 0
    for try await batch in bff.trendingPages(limit: 10) {
        ids += batch.items.map(\.id)
        batches += 1
        if batches == 2 { break }
    }
    return batches == 2 && ids.count > 10 && Set(ids).count == ids.count
}
await smoke.check("getGIF") {
    let gif = try await bff.gif(id: firstID)
    return gif.id == firstID && gif.stale == nil && !(gif.images?.additionalProperties.isEmpty ?? true)
}
await smoke.check("getGIF, unknown id: typed problem gif_not_found") {
    try await smoke.expectProblem(.gifNotFound, status: 404) { _ = try await bff.gif(id: "NoSuchGif0000") }
}
await smoke.check("searchItems, limit 0: typed problem invalid_parameter") {
    try await smoke.expectProblem(.invalidParameter, status: 400) { _ = try await bff.search("cat", limit: 0) }
}
await smoke.check("randomItem") { !(try await bff.random(tag: "cat").id.isEmpty) }
await smoke.check("getSpotlight") {
    let spotlight = try await bff.spotlight()
    return !spotlight.gif.id.isEmpty && spotlight.secondsLeft >= 0
}
await smoke.check("addFavorite, then again: added once") {
    let first = try await bff.addFavorite(id: firstID)
    let second = try await bff.addFavorite(id: firstID)
    return first.added && !second.added && first.favorite.isFavorite && first.favorite.id == firstID
}
await smoke.check("listFavorites, twice: the second a 304 reusing the held list") {
    let list = try await bff.favorites()
    let before = await bff.etags?.reusedCount ?? 0
    let again = try await bff.favorites()
    let after = await bff.etags?.reusedCount ?? 0
    return list.data.map(\.id) == [firstID] && again == list && after == before + 1
}
await smoke.check("removeFavorite, then again: favorite_not_found") {
    try await bff.removeFavorite(id: firstID)
    return try await smoke.expectProblem(.favoriteNotFound, status: 404) { try await bff.removeFavorite(id: firstID) }
}
await smoke.check("listSearchHistory") { try await bff.searchHistory(containing: "CA").map(\.query) == ["cat"] }
await smoke.check("clearSearchHistory") {
    try await bff.clearSearchHistory()
    return try await bff.searchHistory().isEmpty
}
await smoke.check("URLSession gets compressed answers and decodes them (issue 24 item 6)") {
    try await smoke.urlSessionDecodesGzip(baseURL.appendingPathComponent("search"), query: "q=cat")
}
await smoke.check("listFavorites from the generated client alone (percent-encoded If-None-Match): 304") {
    try await smoke.percentEncodedRevalidationIs304(baseURL: baseURL)
}

print("client smoke: \(smoke.passed) passed, \(smoke.failed.count) failed\(smoke.failed.isEmpty ? "" : ": \(smoke.failed)")")
exit(smoke.failed.isEmpty ? 0 : 1)
