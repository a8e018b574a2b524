/// `limit`, `offset` and `rating` as GIPHY reads them on its list endpoints, or the parameter it
/// refuses with 400; and the page they make of a list.
package struct GIFPaging: Sendable {
    package static let defaultLimit = 25
    package static let maxLimit = 50
    /// From here on GIPHY answers 200 with empty data.
    package static let offsetCeiling = 5000

    package var limit: Int
    package var offset: Int
    package var rating: RatingFilter

    /// nil `limit` or `offset`: not sent. Throws the parameter that is malformed.
    package init(limit: Int?, offset: Int?, rating: String?) throws(GIFRefusal) {
        let offset = offset ?? 0
        guard offset >= 0 else { throw .badParameter("offset") }
        let rating = try RatingFilter.checked(rating)
        // A limit out of range is quietly brought into range, as on a beta key.
        let limit = limit ?? Self.defaultLimit
        self.limit = limit < 1 ? Self.defaultLimit : min(limit, Self.maxLimit)
        self.offset = offset
        self.rating = rating
    }

    /// One page of `list`, empty from the offset ceiling on.
    package func page(of list: [CatalogGIF]) -> [CatalogGIF] {
        guard offset < Self.offsetCeiling, offset < list.count else { return [] }
        return Array(list[offset..<min(list.count, offset + limit)])
    }
}

/// What GIPHY refuses, as its status says it: 400 for a malformed parameter, 414 for a query past
/// its length.
package enum GIFRefusal: Error, Equatable, Sendable {
    case badParameter(String)
    case queryTooLong

    package var status: Int {
        switch self {
        case .badParameter: 400
        case .queryTooLong: 414
        }
    }
}
