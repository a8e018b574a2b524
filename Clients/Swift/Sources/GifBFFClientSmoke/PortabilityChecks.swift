import Foundation
import GifBFFClient

/// Export, import and linked devices on a live server, each install registered here and deleted
/// at the end: one install's data exported and imported into a second (the same favorites, in
/// order; again, all duplicates; a document that is not one refused), then a code from the first
/// linking a third client (its own token, the same favorites), listed, revoked.
@MainActor
func checkPortability(_ smoke: Smoke, baseURL: URL, itemIDs: [String]) async {
    let firstKeeper = TokenKeeper()
    let first = GifBFF(baseURL: baseURL, installToken: { await firstKeeper.token })
    let secondKeeper = TokenKeeper()
    let second = GifBFF(baseURL: baseURL, installToken: { await secondKeeper.token })
    let deviceKeeper = TokenKeeper()
    let device = GifBFF(baseURL: baseURL, installToken: { await deviceKeeper.token })
    var export: InstallExport?
    await smoke.check("exportInstall: the install's favorites newest first, its history, a file name") {
        await firstKeeper.keep(try await first.registerInstall().token)
        for id in itemIDs { _ = try await first.addFavorite(id: id) }
        _ = try await first.search("otter", provider: .giphy, limit: 1)
        let exported = try await first.exportData()
        export = exported
        let ids = exported.favorites.map(\.item.id)
        let named = exported.fileName.hasPrefix("gif-bff-export-") && exported.fileName.hasSuffix(".json")
        let file = try exported.fileContents()
        let readBack = try InstallExport.document(fromFileContents: file)
        return (ids == itemIDs.reversed() && exported.searchHistory.map(\.query) == ["otter"] && named
                    && exported.document.format == "gif-bff-export" && exported.document.version == 1
                    && readBack == exported.document,
                "\(exported.fileName): \(ids), history \(exported.searchHistory.map(\.query)), \(file.count) bytes")
    }
    await smoke.check("importInstall into a second install: the same favorites in order; again: all duplicates") {
        guard let export else { return (false, "no export") }
        await secondKeeper.keep(try await second.registerInstall().token)
        let summary = try await second.importData(fileContents: try export.fileContents())
        let again = try await second.importData(export.document)
        let ids = try await second.favorites().items.map(\.id)
        let history = try await second.searchHistory().map(\.query)
        return (summary.imported == itemIDs.count && summary.duplicates == 0 && summary.count == itemIDs.count
                    && again.imported == 0 && again.duplicates == itemIDs.count && ids == itemIDs.reversed() && history == ["otter"],
                "\(summary); again \(again); \(ids)")
    }
    await smoke.check("importInstall, a document of another format: typed problem import_invalid, nothing changed") {
        guard let export else { return (false, "no export") }
        var other = export.document
        other.format = "not-gif-bff"
        let refused = try await smoke.expectProblem(.importInvalid, status: 400) { _ = try await second.importData(other) }
        let count = try await second.favorites().count
        return (refused.passed && count == itemIDs.count, "\(refused.got); \(count) favorites")
    }
    var linked: InstallRegistration?
    var usedCode = ""
    await smoke.check("makeLinkCode, then linkDevice on another client: its own token, the same favorites") {
        let code = try await first.makeLinkCode()
        usedCode = code.code
        // Typed as people type it: lower case, a space for the hyphen.
        let registration = try await device.linkDevice(code: code.code.lowercased().replacingOccurrences(of: "-", with: " "))
        linked = registration
        await deviceKeeper.keep(registration.token)
        let mine = try await first.favorites().items.map(\.id)
        let theirs = try await device.favorites().items.map(\.id)
        let firstToken = await firstKeeper.token
        return (registration.token != firstToken && registration.installID == firstToken?.split(separator: ".").first.map(String.init)
                    && theirs == mine && !mine.isEmpty && code.expiresIn > 0 && !"\(registration)".contains(registration.token),
                "\(code.code.count)-character code for \(code.expiresIn) s; \(registration); \(theirs)")
    }
    await smoke.check("linkDevice with the used code: typed problem link_code_invalid") {
        try await smoke.expectProblem(.linkCodeInvalid, status: 403) { _ = try await device.linkDevice(code: usedCode) }
    }
    await smoke.check("listDevices: first (this one) and the linked one; from the linked one, it is current") {
        let listed = try await first.devices()
        let fromDevice = try await device.devices()
        return (listed.map(\.id) == ["first", linked?.deviceID ?? "-"] && listed.map(\.isCurrent) == [true, false]
                    && fromDevice.map(\.isCurrent) == [false, true],
                "\(listed.map { "\($0.id)\($0.isCurrent ? " (current)" : "")" })")
    }
    await smoke.check("revokeDevice: its token then install_token_invalid; again: device_not_found") {
        guard let id = linked?.deviceID else { return (false, "no linked device") }
        try await first.revokeDevice(id: id)
        let revoked = try await smoke.expectProblem(.installTokenInvalid, status: 401) { _ = try await device.favorites() }
        let again = try await smoke.expectProblem(.deviceNotFound, status: 404) { try await first.revokeDevice(id: id) }
        let left = try await first.devices().map(\.id)
        return (revoked.passed && again.passed && left == ["first"], "\(revoked.got); \(again.got); left \(left)")
    }
    await smoke.check("deleteInstall: a linked device's token goes with the install") {
        await deviceKeeper.keep(try await device.linkDevice(code: try await first.makeLinkCode().code).token)
        let before = try await device.favorites().count
        try await first.deleteInstall()
        let after = try await smoke.expectProblem(.installTokenInvalid, status: 401) { _ = try await device.favorites() }
        try await second.deleteInstall()
        return (before == itemIDs.count && after.passed, "\(before) favorites linked, then \(after.got)")
    }
}
