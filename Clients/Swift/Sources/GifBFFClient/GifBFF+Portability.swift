import Foundation
import OpenAPIRuntime

/// "Download my data" and bringing it to another install (docs/installs.md).
extension GifBFF {
    /// The install's favorites (each as the server kept it) and search history, as one document
    /// to save or import elsewhere. Without a token (`GIF_BFF_INSTALLS=optional`), the local
    /// install's; under `required`, `install_token_required`.
    public func exportData() async throws -> InstallExport {
        try await unwrappingProblems {
            switch try await raw.exportInstall() {
            case let .ok(ok):
                let document = try ok.body.json
                return InstallExport(document: document, fileName: Self.fileName(ok.headers.contentDisposition))
            case let other: throw Self.unexpected(other)
            }
        }
    }

    /// Merges an export into this install, in one transaction: its favorites stay, the document's
    /// are added until the cap. A document that is not one throws `import_invalid` (or
    /// `import_too_large` over 512 KiB), and nothing changed.
    public func importData(_ document: Components.Schemas.ExportDocument) async throws -> ImportSummary {
        try await unwrappingProblems {
            switch try await raw.importInstall(body: .json(document)) {
            case let .ok(ok):
                let summary = try ok.body.json
                let favorites = summary.favorites
                return ImportSummary(imported: favorites.imported, duplicates: favorites.duplicates, dropped: favorites.dropped,
                                     count: favorites.count, limit: favorites.limit, searchHistoryCount: summary.searchHistory.count)
            case let other: throw Self.unexpected(other)
            }
        }
    }

    /// Merges an export saved as a file (`InstallExport.fileContents()`, or the web app's download).
    /// A file that is no export document throws `DecodingError` before anything is sent.
    public func importData(fileContents: Data) async throws -> ImportSummary {
        try await importData(InstallExport.document(fromFileContents: fileContents))
    }

    /// The file name in `Content-Disposition: attachment; filename="…"`; the plain name when the
    /// header is missing, or names a path (a file name only, never a folder to write into).
    static func fileName(_ contentDisposition: String?) -> String {
        let fallback = "gif-bff-export.json"
        guard let header = contentDisposition, let start = header.range(of: "filename=\"") else { return fallback }
        let rest = header[start.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return fallback }
        let name = String(rest[..<end])
        let unsafe = name.isEmpty || name.hasPrefix(".") || name.contains(where: { "/\\".contains($0) || $0.isNewline })
        return unsafe ? fallback : name
    }
}
