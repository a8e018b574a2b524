import Foundation
import GifBFFClient

// gif-bff-client-smoke <base-url> [<required-base-url>]: calls every operation of openapi.yaml
// through GifBFFClient, on both providers where the operation takes one, against a live gif-bff
// in demo mode (no keys), prints one line per call with what it got, and exits 1 when any check
// fails. The second URL, when given, is a gif-bff started with `--installs required`.

let arguments = CommandLine.arguments.dropFirst()
let urls = arguments.compactMap { URL(string: $0) }
guard (1...2).contains(arguments.count), urls.count == arguments.count, let baseURL = urls.first else {
    FileHandle.standardError.write(Data("usage: gif-bff-client-smoke <base-url> [<required-base-url>]\n".utf8))
    exit(2)
}
let requiredBaseURL = urls.dropFirst().first

let bff = GifBFF(baseURL: baseURL)
let smoke = Smoke()

await smoke.check("getHealth") { (try await bff.isHealthy(), "healthy") }
await smoke.check("getReadiness") { (try await bff.isReady(), "ready") }
await smoke.check("getOpenAPIDocument") {
    let document = try await bff.openAPIDocument()
    return (document.hasPrefix("openapi: 3.1.0"), "\(document.utf8.count) bytes")
}
await smoke.check("getMetrics") {
    let metrics = try await bff.metrics()
    return (metrics.contains("gif_bff_requests_total"), "\(metrics.split(separator: "\n").count) lines")
}

// GIPHY ---------------------------------------------------------------------------------------
var gif: Item?
await smoke.check("searchItems, GIPHY") {
    let page = try await bff.search("cat", provider: .giphy, limit: 5)
    gif = page.items.first
    return (page.items.count == 5 && page.items.allSatisfy { $0.provider == .giphy && $0.isAnimated && $0.thumbnail != nil }
                && page.nextOffset == 5 && page.provider == .giphy, "\(page.items.count) GIFs of \(page.totalCount ?? 0), next at \(page.nextOffset ?? -1); first \(page.items.first.map(summary) ?? "-")")
}
let gifID = gif?.id ?? ""
await smoke.check("searchItems again: 304, the held page reused (ETag)") {
    let before = await bff.etags?.reusedCount ?? 0
    let page = try await bff.search("cat", provider: .giphy, limit: 5)
    let after = await bff.etags?.reusedCount ?? 0
    return (page.items.first?.id == gifID && after == before + 1, "reused \(after - before) held answer")
}
await smoke.check("searchItems through next_offset to the end, GIPHY, no id twice") {
    var ids: [String] = []
    var batches = 0
    for try await batch in bff.searchPages("cat", provider: .giphy, limit: 50) {
        ids += batch.items.map(\.id)
        batches += 1
        guard batches < 200 else { return (false, "no end after 200 pages") }
    }
    return (batches >= 1 && !ids.isEmpty && Set(ids).count == ids.count, "\(ids.count) GIFs in \(batches) pages")
}
await smoke.check("trendingItems, GIPHY, two de-duplicated pages") {
    var ids: [String] = []
    var batches = 0
    for try await batch in bff.trendingPages(provider: .giphy, limit: 10) {
        ids += batch.items.map(\.id)
        batches += 1
        if batches == 2 { break }
    }
    return (batches == 2 && ids.count > 10 && Set(ids).count == ids.count, "\(ids.count) GIFs in 2 pages")
}
await smoke.check("getItem, a GIF") {
    let item = try await bff.item(id: gifID)
    return (item.id == gifID && !item.isStale && item.renditions["original"] != nil && item.attribution?.text == "Powered by GIPHY",
            "\(summary(item)); \(item.renditions.count) renditions; \(item.attribution?.text ?? "no attribution")")
}
await smoke.check("getGIF") {
    let item = try await bff.gif(id: gifID)
    return (item.id == gifID && item.fullSize?.name == "original", summary(item))
}
await smoke.check("getItem, unknown id: typed problem gif_not_found") {
    try await smoke.expectProblem(.gifNotFound, status: 404) { _ = try await bff.item(id: "NoSuchGif0000") }
}
await smoke.check("searchItems, limit 0: typed problem invalid_parameter") {
    try await smoke.expectProblem(.invalidParameter, status: 400) { _ = try await bff.search("cat", limit: 0) }
}
await smoke.check("searchItems, GIPHY with order_by: invalid_parameter (Unsplash only)") {
    try await smoke.expectProblem(.invalidParameter, status: 400) { _ = try await bff.search("cat", provider: .giphy, orderBy: .latest) }
}
await smoke.check("randomItem, GIPHY") {
    let item = try await bff.random(provider: .giphy, tag: "cat")
    return (item.provider == .giphy && !item.id.isEmpty, summary(item))
}
await smoke.check("randomDeck, twice in one session: no GIF repeated") {
    let first = try await bff.deck(count: 5)
    let second = try await bff.deck(count: 5, session: first.session)
    let ids = (first.items + second.items).map(\.id)
    return (first.items.count == 5 && !second.items.isEmpty && Set(ids).count == ids.count,
            "\(first.items.count) + \(second.items.count) GIFs, session \(first.session.prefix(8))…")
}
await smoke.check("getSpotlight, GIPHY") {
    let spotlight = try await bff.spotlight(provider: .giphy)
    return (spotlight.item.provider == .giphy && spotlight.secondsLeft > 0 && !spotlight.isStale,
            "\(summary(spotlight.item)); next in \(spotlight.secondsLeft) s")
}
await smoke.check("trendingSearches") {
    let terms = try await bff.trendingSearches()
    return (!terms.isEmpty, terms.prefix(3).joined(separator: ", "))
}
await smoke.check("recordItemEvent, seen with two more") {
    let accepted = try await bff.recordEvent(.seen, itemID: gifID, alsoSeen: ["X396v8KXl4QvaJvBR", "3o7TKsQ8UQ4l4LhGz6"])
    return (accepted == 3, "\(accepted) accepted")
}
await smoke.check("downloadItem, a GIF: its original") {
    let file = try await bff.download(id: gifID)
    let item = try await bff.item(id: gifID)
    return (file.id == gifID && file.url == item.renditions["original"]?.url, "\(file.width)×\(file.height) \(file.url.host ?? "")")
}

// Unsplash ------------------------------------------------------------------------------------
var photos: [Item] = []
await smoke.check("searchItems, Unsplash: 30 photos, each with what a grid needs") {
    let page = try await bff.search("mountain", provider: .unsplash)
    photos = page.items
    let complete = page.items.allSatisfy {
        $0.provider == .unsplash && !$0.isAnimated && $0.color != nil && $0.blurHash != nil && $0.thumbnail?.name == "small"
            && $0.aspectRatio != nil && $0.attribution?.authorURL != nil && $0.attribution?.providerURL != nil
    }
    return (page.items.count == 30 && complete, "\(page.items.count) photos of \(page.totalCount ?? 0); first \(page.items.first.map(summary) ?? "-")")
}
await smoke.check("searchItems, Unsplash, order_by latest: newest first") {
    let latest = try await bff.search("mountain", provider: .unsplash, orderBy: .latest)
    // Lists are compact (no dates): the first few photos in full say the order.
    var dates: [Date] = []
    for item in latest.items.prefix(5) { dates += try await bff.item(id: item.id).createdAt.map { [$0] } ?? [] }
    return (latest.items.count == 30 && dates.count == 5 && dates == dates.sorted(by: >) && latest.items.map(\.id) != photos.map(\.id),
            "first \(latest.items.first?.id ?? "-") (relevant: \(photos.first?.id ?? "-")), taken \(dates.map { ISO8601DateFormatter().string(from: $0).prefix(10) }.joined(separator: " ≥ "))")
}
await smoke.check("searchItems through next_offset to the end, Unsplash") {
    var ids: [String] = []
    var batches = 0
    for try await batch in bff.searchPages("mountain", provider: .unsplash, orderBy: .latest) {
        ids += batch.items.map(\.id)
        batches += 1
        guard batches < 50 else { return (false, "no end after 50 pages") }
    }
    return (batches == 2 && ids.count == 35 && Set(ids).count == 35, "\(ids.count) photos in \(batches) pages")
}
await smoke.check("trendingItems, Unsplash, order_by popular") {
    let page = try await bff.trending(provider: .unsplash, limit: 10, orderBy: .popular)
    return (page.items.count == 10 && page.items.allSatisfy { $0.provider == .unsplash }, "\(page.items.count) photos; first \(page.items.first.map(summary) ?? "-")")
}
var photo: Item?
await smoke.check("getItem, a photo: likes, location, camera, date, full size") {
    for candidate in photos {
        let item = try await bff.item(id: candidate.id)
        if item.camera != nil && item.location != nil { photo = item; break }
    }
    guard let photo else { return (false, "no photo with a camera and a location") }
    return (photo.likes != nil && photo.createdAt != nil && photo.fullSize?.name == "full" && photo.width == photo.fullSize?.width
                && photo.attribution?.text.hasPrefix("Photo by ") == true,
            "\(summary(photo)); \(photo.attribution?.text ?? "")")
}
let photoID = photo?.id ?? photos.first?.id ?? ""
await smoke.check("getItem, unknown photo: typed problem gif_not_found") {
    try await smoke.expectProblem(.gifNotFound, status: 404) { _ = try await bff.item(id: "unsplash:NoSuchPhoto00") }
}
await smoke.check("randomItem, Unsplash") {
    let item = try await bff.random(provider: .unsplash)
    return (item.provider == .unsplash && item.id.hasPrefix("unsplash:"), summary(item))
}
await smoke.check("getSpotlight, Unsplash") {
    let spotlight = try await bff.spotlight(provider: .unsplash)
    return (spotlight.item.provider == .unsplash && spotlight.secondsLeft > 0, "\(summary(spotlight.item)); next in \(spotlight.secondsLeft) s")
}
await smoke.check("downloadItem, a photo: its full size (Unsplash told of the download)") {
    let file = try await bff.download(id: photoID)
    return (file.id == photoID && file.width == photo?.width && file.height == photo?.height,
            "\(file.width)×\(file.height) \(file.url.host ?? "")")
}

// Kinds: the chains (issue 46); a demo server's are GIPHY's and Unsplash's demo catalogs ---------
await smoke.check("searchItems, kind photos: the photo chain serves, the page names Unsplash") {
    let page = try await bff.search("mountain", kind: .photos, limit: 5)
    return (page.provider == .unsplash && !page.items.isEmpty && page.items.allSatisfy { $0.provider == .unsplash && !$0.isAnimated },
            "\(page.items.count) photos served by \(page.provider?.rawValue ?? "none")")
}
await smoke.check("searchPages, kind photos, to the end: every page from the first page's provider") {
    var ids: [String] = []
    var providers: Set<Provider?> = []
    var batches = 0
    for try await batch in bff.searchPages("mountain", kind: .photos, limit: 30) {
        ids += batch.items.map(\.id)
        providers.insert(batch.provider)
        batches += 1
        guard batches < 50 else { return (false, "no end after 50 pages") }
    }
    return (batches == 2 && ids.count == 35 && Set(ids).count == 35 && providers == [.unsplash],
            "\(ids.count) photos in \(batches) pages from \(providers.map { $0?.rawValue ?? "none" })")
}
await smoke.check("trendingItems, kind gifs: the GIF chain serves, the page names GIPHY") {
    let page = try await bff.trending(kind: .gifs, limit: 5)
    return (page.provider == .giphy && page.items.allSatisfy(\.isAnimated), "\(page.items.count) GIFs served by \(page.provider?.rawValue ?? "none")")
}
await smoke.check("randomItem and getSpotlight, kind photos") {
    let item = try await bff.random(kind: .photos)
    let spotlight = try await bff.spotlight(kind: .photos)
    return (item.provider.kind == .photos && spotlight.item.provider.kind == .photos, "\(summary(item)); spotlight \(spotlight.item.id)")
}
await smoke.check("searchItems, a provider not served: invalid_parameter") {
    try await smoke.expectProblem(.invalidParameter, status: 400) { _ = try await bff.search("cat", provider: Provider(rawValue: "nosuchprovider")) }
}

// Both: favorites, history, suggestions ------------------------------------------------------
await smoke.check("addFavorite, a photo then a GIF, then the GIF again: added once") {
    let photoAdded = try await bff.addFavorite(id: photoID)
    let gifAdded = try await bff.addFavorite(id: gifID)
    let again = try await bff.addFavorite(id: gifID)
    return (photoAdded.added && gifAdded.added && !again.added && photoAdded.favorite.isFavorite
                && photoAdded.favorite.addedToFavoritesAt != nil && photoAdded.favorite.likes == photo?.likes,
            "\(photoAdded.favorite.id), \(gifAdded.favorite.id)")
}
await smoke.check("listFavorites: both kinds, newest first; twice, the second a 304") {
    let list = try await bff.favorites()
    let before = await bff.etags?.reusedCount ?? 0
    let again = try await bff.favorites()
    let after = await bff.etags?.reusedCount ?? 0
    return (list.items.map(\.id) == [gifID, photoID] && list.items.map(\.provider) == [.giphy, .unsplash]
                && again == list && after == before + 1,
            "\(list.count) of \(list.limit): \(list.items.map { "\($0.id) (\($0.attribution?.text ?? "-"))" }.joined(separator: ", "))")
}
await smoke.check("removeFavorite, both, then again: favorite_not_found") {
    try await bff.removeFavorite(id: photoID)
    try await bff.removeFavorite(id: gifID)
    return try await smoke.expectProblem(.favoriteNotFound, status: 404) { try await bff.removeFavorite(id: photoID) }
}
await smoke.check("listSearchHistory, containing MOUN") {
    let queries = try await bff.searchHistory(containing: "MOUN").map(\.query)
    return (queries == ["mountain"], queries.joined(separator: ", "))
}
await smoke.check("searchSuggestions for mo: the history first") {
    let suggestions = try await bff.suggestions(for: "mo", limit: 5)
    return (suggestions.first.map { $0.query == "mountain" && $0.isFromHistory } == true && suggestions.count <= 5,
            suggestions.map { "\($0.query) (\($0.source))" }.joined(separator: ", "))
}
await smoke.check("clearSearchHistory") {
    try await bff.clearSearchHistory()
    let left = try await bff.searchHistory()
    return (left.isEmpty, "\(left.count) left")
}

// Installs ------------------------------------------------------------------------------------
await checkInstalls(smoke, baseURL: baseURL, local: bff, itemID: gifID)
if let requiredBaseURL { await checkRequiredInstalls(smoke, baseURL: requiredBaseURL) }
// Export, import and linked devices (issue 47): a photo and a GIF, in the order added.
await checkPortability(smoke, baseURL: baseURL, itemIDs: [photoID, gifID])

await smoke.check("URLSession gets compressed answers and decodes them (issue 24 item 6)") {
    try await smoke.urlSessionDecodesGzip(baseURL.appendingPathComponent("search"), query: "q=cat")
}
await smoke.check("listFavorites from the generated client alone (percent-encoded If-None-Match): 304") {
    try await smoke.percentEncodedRevalidationIs304(baseURL: baseURL)
}

print("client smoke: \(smoke.passed) passed, \(smoke.failed.count) failed\(smoke.failed.isEmpty ? "" : ": \(smoke.failed)")")
exit(smoke.failed.isEmpty ? 0 : 1)
