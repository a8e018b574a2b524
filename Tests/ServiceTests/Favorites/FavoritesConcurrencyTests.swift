import Foundation
import Service
import Model
import Storage
import TestSupport
import XCTest

final class FavoritesConcurrencyTests: XCTestCase {
    private enum Outcome: Equatable, Sendable {
        case added, full, other(String)
    }

    /// 100 adds of different ids at once, spread over the given services; returns outcomes.
    private func raceForTheLastPlace(_ services: [FavoritesService]) async -> [Outcome] {
        await withTaskGroup(of: Outcome.self) { group in
            for index in 0..<100 {
                let favorites = services[index % services.count]
                group.addTask {
                    do {
                        let result = try await favorites.add(makeItem("racer\(index)"), install: .local)
                        guard case .added = result else { return .other("\(result)") }
                        return .added
                    } catch FavoritesError.favoritesFull(limit: 20) {
                        return .full
                    } catch {
                        return .other("\(error)")
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
    }

    /// A service on its own connection to `path`, through a store that pauses before each call.
    private func makePausingService(path: String) throws -> FavoritesService {
        let store = PausingFavoritesStore(base: try Stores.open(path: path).favorites)
        return FavoritesService(store: store, limit: 20)
    }

    private func seedNineteen(_ favorites: FavoritesService) async throws {
        for index in 0..<19 {
            _ = try await favorites.add(makeItem("seed\(index)"), install: .local)
        }
    }

    func testWithNineteenStoredExactlyOneOfAHundredConcurrentAddsSucceeds() async throws {
        let favorites = try makePausingService(path: try makeDatabasePath())
        try await seedNineteen(favorites)
        let outcomes = await raceForTheLastPlace([favorites])
        XCTAssertEqual(outcomes.filter { $0 == .added }.count, 1)
        XCTAssertEqual(outcomes.filter { $0 == .full }.count, 99, "\(outcomes.filter { $0 != .full && $0 != .added })")
        let count = try await favorites.count(install: .local)
        XCTAssertEqual(count, 20)
    }

    func testTheCapHoldsAcrossSeveralConnections() async throws {
        let path = try makeDatabasePath()
        let services = try (0..<4).map { _ in try makePausingService(path: path) }
        try await seedNineteen(services[0])
        let outcomes = await raceForTheLastPlace(services)
        XCTAssertEqual(outcomes.filter { $0 == .added }.count, 1)
        XCTAssertEqual(outcomes.filter { $0 == .full }.count, 99, "\(outcomes.filter { $0 != .full && $0 != .added })")
        let count = try await services[3].count(install: .local)
        XCTAssertEqual(count, 20)
    }
}
