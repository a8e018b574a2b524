import GiphyCatalog

/// Ids of catalog GIFs that carry one of GIPHY's odd corners, for tests to fetch by id.
package struct Specimens: Sendable, Equatable {
    /// Its `fixed_width_still` has `"url": ""`.
    package let emptyURLRendition: String
    /// No `fixed_width_small` (so a preview must come from `preview_gif`).
    package let missingFixedWidthSmall: String
    /// Only `original` and `original_still`.
    package let onlyOriginals: String
    /// No `user`, and `username` "".
    package let withoutUser: String
    /// A `user`, but the top-level `username` is "".
    package let userWithEmptyUsername: String
    /// `import_datetime` "0000-00-00 00:00:00" and no `create_datetime`.
    package let zeroDate: String
    /// `import_datetime` "1970-01-01 00:00:00" and no `create_datetime`.
    package let epochDate: String

    init(_ gifs: [CatalogGIF]) {
        func first(_ test: (CatalogGIF) -> Bool) -> String { gifs.first(where: test)?.id ?? "" }
        emptyURLRendition = first { $0.rendition("fixed_width_still")?.url == "" }
        missingFixedWidthSmall = first { $0.rendition("fixed_width_small") == nil && $0.rendition("fixed_width") != nil }
        onlyOriginals = first { $0.renditions.count == 2 }
        withoutUser = first { $0.user == nil }
        userWithEmptyUsername = first { $0.user != nil && $0.username.isEmpty }
        zeroDate = first { $0.importDatetime == CatalogGIF.noDate && $0.createDatetime == nil }
        epochDate = first { $0.importDatetime == CatalogGIF.epoch && $0.createDatetime == nil }
    }
}

extension GIFCatalog {
    /// The first GIF of each odd corner (looked for on each use: tests only).
    package var specimens: Specimens { Specimens(gifs) }
}
