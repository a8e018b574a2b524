import Foundation
import GifBFFClient

/// Stands in for the Keychain: the token the smoke test registered, read by the provider before
/// each request, as an app's would be. Printed nowhere.
actor TokenKeeper {
    private(set) var token: String?

    func keep(_ token: String?) { self.token = token }
}

/// The problem `body` throws; nil when it throws none (any other error is rethrown). On the main
/// actor, as the checks are, so `body` need not be sendable.
@MainActor
func thrownProblem(_ body: () async throws -> Void) async throws -> GifBFFProblem? {
    do {
        try await body()
        return nil
    } catch let problem as GifBFFProblem {
        return problem
    }
}

/// Installs on a server with `GIF_BFF_INSTALLS=optional` (the default): a registered install's
/// favorites are its own, the local install (no token) does not see them, and a deleted install's
/// token opens nothing. `local` is the client without a token; `itemID` an item to favorite.
@MainActor
func checkInstalls(_ smoke: Smoke, baseURL: URL, local: GifBFF, itemID: String) async {
    let keeper = TokenKeeper()
    let bff = GifBFF(baseURL: baseURL, installToken: { await keeper.token })
    await smoke.check("registerInstall: an id and its token (shown once, printed nowhere)") {
        let registration = try await bff.registerInstall()
        await keeper.keep(registration.token)
        let hex = registration.installID.allSatisfy { $0.isHexDigit && !$0.isUppercase }
        return (registration.installID.count == 32 && hex && registration.token.hasPrefix(registration.installID + ".")
                    && registration.token.count == 76 && !"\(registration)".contains(registration.token),
                "\(registration)")
    }
    await smoke.check("addFavorite with the install's token: in its list, not in the local one (no token)") {
        let added = try await bff.addFavorite(id: itemID)
        let mine = try await bff.favorites()
        let theirs = try await local.favorites()
        return (added.added && mine.items.map(\.id) == [itemID] && !theirs.items.contains { $0.id == itemID },
                "the install's: \(mine.items.map(\.id)); the local install's: \(theirs.items.map(\.id))")
    }
    await smoke.check("a malformed token: install_token_invalid, on search too") {
        let stranger = GifBFF(baseURL: baseURL, installToken: { "not-a-token" })
        guard let problem = try await thrownProblem({ _ = try await stranger.search("cat") }) else { return (false, "no error") }
        return (problem.isInstallTokenInvalid && problem.knownCode == .installTokenInvalid, problem.description)
    }
    await smoke.check("deleteInstall without a token: install_token_required (the local install stays)") {
        guard let problem = try await thrownProblem({ try await local.deleteInstall() }) else { return (false, "no error") }
        return (problem.isInstallTokenRequired && problem.detail?.isEmpty == false, problem.description)
    }
    await smoke.check("deleteInstall, then its token: install_token_invalid") {
        try await bff.deleteInstall()
        return try await smoke.expectProblem(.installTokenInvalid, status: 401) { _ = try await bff.favorites() }
    }
    await smoke.check("after install_token_invalid, as an app does: a new install, its list empty") {
        guard let problem = try await thrownProblem({ _ = try await bff.favorites() }), problem.isInstallTokenInvalid else {
            return (false, "the old token was not refused")
        }
        let registration = try await bff.registerInstall()
        await keeper.keep(registration.token)
        let list = try await bff.favorites()
        try await bff.deleteInstall()
        return (list.count == 0, "\(registration): \(list.count) favorites")
    }
}

/// Installs on a server with `--installs required`: the keeping routes want a token, the shared
/// ones answer as before, and a registered install keeps its favorites.
@MainActor
func checkRequiredInstalls(_ smoke: Smoke, baseURL: URL) async {
    let anonymous = GifBFF(baseURL: baseURL)
    await smoke.check("--installs required, listFavorites without a token: install_token_required") {
        guard let problem = try await thrownProblem({ _ = try await anonymous.favorites() }) else { return (false, "no error") }
        return (problem.isInstallTokenRequired && problem.knownCode == .installTokenRequired && problem.status == 401,
                problem.description)
    }
    await smoke.check("--installs required, searchItems without a token: answered as before") {
        let page = try await anonymous.search("cat", provider: .giphy, limit: 3)
        return (page.items.count == 3, "\(page.items.count) GIFs")
    }
    await smoke.check("--installs required, with a registered install's token: its favorites") {
        let keeper = TokenKeeper()
        let bff = GifBFF(baseURL: baseURL, installToken: { await keeper.token })
        await keeper.keep(try await bff.registerInstall().token)
        guard let item = try await bff.search("cat", provider: .giphy, limit: 1).items.first else { return (false, "no GIF") }
        _ = try await bff.addFavorite(id: item.id)
        let list = try await bff.favorites()
        try await bff.deleteInstall()
        return (list.items.map(\.id) == [item.id], "\(list.count) favorite: \(item.id)")
    }
}
