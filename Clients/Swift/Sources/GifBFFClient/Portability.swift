import Foundation

/// The install's data as `exportData()` downloaded it: what it holds, to show, and the document
/// itself, to save as a file (`fileName`, `fileContents()`) or to give to `importData(_:)` of
/// another install, on this server or another.
public struct InstallExport: Sendable, Hashable {
    /// The document as the server sent it (`format` `gif-bff-export`, `version` 1).
    public let document: Components.Schemas.ExportDocument
    /// The server's name for the file, `gif-bff-export-YYYY-MM-DD.json`.
    public let fileName: String

    /// Each favorite with when it was added, newest first.
    public var favorites: [(addedAt: Date, item: Item)] {
        (document.favorites ?? []).map { ($0.addedAt, Item($0.item)) }
    }

    /// The search history, newest first.
    public var searchHistory: [SearchHistoryEntry] {
        (document.searchHistory ?? []).map { SearchHistoryEntry(query: $0.query, searchedAt: $0.searchedAt) }
    }

    public var exportedAt: Date? { document.exportedAt }

    /// The document as JSON, the server's keys and ISO 8601 times, for the file.
    public func fileContents() throws -> Data {
        try Self.encoder.encode(document)
    }

    /// Reads a file `fileContents()` wrote (or the web app's "Download my data" saved); throws
    /// `DecodingError` for one that is no export document.
    public static func document(fromFileContents data: Data) throws -> Components.Schemas.ExportDocument {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(Components.Schemas.ExportDocument.self, from: data)
    }

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }
}

/// What an import did. The install's own favorites stay; the document's are added newest first
/// until the cap: `duplicates` were there already (or named twice), `dropped` did not fit.
public struct ImportSummary: Sendable, Hashable {
    public let imported: Int
    public let duplicates: Int
    public let dropped: Int
    /// The favorites now, and the most there may be.
    public let count: Int
    public let limit: Int
    /// The searches kept now (both lists merged, the newest kept).
    public let searchHistoryCount: Int
}

/// A one-time code that links another device to this install: show it, for `expiresAt`.
public struct LinkCode: Sendable, Hashable {
    /// `XXXXX-XXXXX`; the other device may type it in any case, with or without the hyphen.
    public let code: String
    public let expiresAt: Date
    /// Seconds it works, from the server's clock (not affected by this device's).
    public let expiresIn: Int
}

/// One device using the install: `first` made it, the others were linked with a code.
public struct Device: Sendable, Hashable {
    public let id: String
    public let createdAt: Date
    /// The device asking (this one).
    public let isCurrent: Bool
}
