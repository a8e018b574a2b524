import Foundation

/// One remembered search.
public struct SearchHistoryEntry: Codable, Equatable, Sendable {
    public let query: String
    public let searchedAt: Date

    public init(query: String, searchedAt: Date) {
        self.query = query
        self.searchedAt = searchedAt
    }

    enum CodingKeys: String, CodingKey {
        case query
        case searchedAt = "searched_at"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        query = try container.decode(String.self, forKey: .query)
        guard let date = try container.decodeDateIfPresent(forKey: .searchedAt) else {
            throw DecodingError.keyNotFound(CodingKeys.searchedAt, .init(codingPath: container.codingPath, debugDescription: "searched_at missing"))
        }
        searchedAt = date
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(query, forKey: .query)
        try container.encodeMeaningful(searchedAt, forKey: .searchedAt)
    }
}

/// Where search history lives, each entry under its install: a call reads or changes one
/// install's only. Entries are identified ignoring letter case; the store also does the
/// case-insensitive matching of `list(containing:)`.
public protocol SearchHistoryStore: Sendable {
    /// Makes `query` the install's newest entry, replacing an entry equal to it ignoring letter
    /// case (the new spelling wins), then keeps only its `limit` newest. Does nothing for an
    /// install that does not exist (deleted meanwhile).
    func record(_ query: String, at date: Date, keepingNewest limit: Int, install: InstallID) async throws
    /// Newest first; with a fragment, only entries containing it ignoring letter case.
    func list(containing fragment: String?, install: InstallID) async throws -> [SearchHistoryEntry]
    func clear(install: InstallID) async throws
}
