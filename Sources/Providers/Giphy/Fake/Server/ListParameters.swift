import HTTPServer

/// `limit`, `offset` and `rating` as GIPHY reads them, or the 400 it answers for bad ones.
struct ListParameters {
    static let defaultLimit = 25
    static let maxLimit = 50
    /// From here on GIPHY answers 200 with empty data.
    static let offsetCeiling = 5000

    var limit: Int
    var offset: Int
    var rating: RatingFilter

    /// Throws the parameter that is malformed.
    init(_ query: QueryParameters) throws(ParameterProblem) {
        guard let limit = Self.integer(query["limit"], default: Self.defaultLimit) else { throw ParameterProblem("limit") }
        guard let offset = Self.integer(query["offset"], default: 0), offset >= 0 else { throw ParameterProblem("offset") }
        guard let rating = RatingFilter(parameter: query["rating"]) else { throw ParameterProblem("rating") }
        // A limit out of range is quietly brought into range, as on a beta key.
        self.limit = limit < 1 ? Self.defaultLimit : min(limit, Self.maxLimit)
        self.offset = offset
        self.rating = rating
    }

    /// One page of `list`, empty from the offset ceiling on.
    func page(of list: [FakeGIF]) -> [FakeGIF] {
        guard offset < Self.offsetCeiling, offset < list.count else { return [] }
        return Array(list[offset..<min(list.count, offset + limit)])
    }

    private static func integer(_ text: String?, default value: Int) -> Int? {
        guard let text, !text.isEmpty else { return value }
        return Int(text)
    }
}

/// A parameter GIPHY would refuse with 400.
struct ParameterProblem: Error {
    var name: String
    init(_ name: String) { self.name = name }
}
