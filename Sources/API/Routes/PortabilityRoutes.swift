import Foundation
import HTTPServer
import Model
import Primitives
import Service

/// GET /installs/current/export (the install's favorites and history, as a file to keep) and
/// POST /installs/current/import (such a file merged into the install). Both act for the
/// install the token opens, else (optional policy, no token) the local one, as /favorites does.
enum PortabilityRoutes {
    /// Far past an export of 20 favorites and their history (about 60 KB), and bounded: a larger
    /// body is refused before it is read as JSON.
    static let maxImportBytes = 512 * 1024

    static func register(on router: inout RouterBuilder, portability: Portability, installs: Installs) {
        router.serveWaiting(.get, "/installs/current/export") { request in
            let install = try await InstallAccess.forKeeping(request, installs: installs).value()
            let data = try await portability.export(install: install)
            var response = JSONResponse.write(PortableDataJSON(data: data), sizeHint: 4096 + data.favorites.count * 3000)
            response.headers.set(name: "Content-Disposition", value: "attachment; filename=\"\(fileName(data.exportedAt))\"")
            // Someone's data: no cache keeps it.
            response.headers.set(name: "Cache-Control", value: CacheHeaders.never)
            return response
        }
        router.serveWaiting(.post, "/installs/current/import") { request in
            let install = try await InstallAccess.forKeeping(request, installs: installs).value()
            guard request.body.count <= maxImportBytes else { throw ServiceError.importTooLarge(limit: maxImportBytes) }
            let data = try PortableDataReading.read(try JSONBody.object(of: request))
            let summary = try await portability.importData(data, install: install)
            return JSONResponse.write(ImportSummaryJSON(summary: summary), sizeHint: 160)
        }
    }

    /// "gif-bff-export-2026-05-01.json": the day it was made (UTC), so two files sort by date.
    static func fileName(_ date: Date?) -> String {
        guard let date else { return "gif-bff-export.json" }
        return "gif-bff-export-\(ISO8601.string(from: date).prefix(10)).json"
    }
}
