import ProviderHTTP

/// `GET /search/photos`: `{"total", "total_pages", "results": [photo]}`. `results` must be a list;
/// a photo in it that cannot be read is nil (and skipped, still counted).
struct UnsplashSearchBody: Decodable {
    var total: LenientInt?
    var results: [Lenient<UnsplashPhotoObject>]

    enum CodingKeys: String, CodingKey {
        case total, results
    }
}

/// Unsplash's error body: `{"errors": ["message", ...]}`; any other shape reads as no messages.
struct UnsplashErrorBody: Decodable {
    var errors: [LenientString]?
}
