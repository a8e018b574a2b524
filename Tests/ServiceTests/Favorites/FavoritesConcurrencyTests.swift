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

    /// The ids the provider serves: nineteen seeds and a hundred racers.
    private let upstream = ScriptedProvider(items: ((0..<19).map { "seed\($0)" } + (0..<100).map { "racer\($0)" }).map { makeItem($0) })

    /// 100 adds of different ids at once, spread over the given favorites; returns outcomes.
    private func raceForTheLastPlace(_ instances: [Favorites]) async -> [Outcome] {
        await withTaskGroup(of: Outcome.self) { group in
            for index in 0..<100 {
                let favorites = instances[index % instances.count]
                group.addTask {
                    guard let id = ItemID("racer\(index)") else { return .other("no id") }
                    do {
                        let result = try await favorites.add(id: id, install: .local)
                        guard case .added = result else { return .other("\(result)") }
                        return .added
                    } catch let error as ServiceError where error == .favoritesFull(limit: 20) {
                        return .full
                    } catch {
                        return .other("\(error)")
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
    }

    /// Favorites on their own connection to `path`, through a store that pauses before each call.
    private func makePausingFavorites(path: String) throws -> Favorites {
        let store = PausingFavoritesStore(base: try Stores.open(path: path).favorites)
        return makeMemoryBackend(provider: upstream, favoritesLimit: 20, favoritesStore: store).favorites
    }

    private func seedNineteen(_ favorites: Favorites) async throws {
        for index in 0..<19 {
            _ = try await favorites.add(id: try XCTUnwrap(ItemID("seed\(index)")), install: .local)
        }
    }

    private func stored(_ path: String) async throws -> Int {
        try await Stores.open(path: path).favorites.ids(install: .local).count
    }

    func testWithNineteenStoredExactlyOneOfAHundredConcurrentAddsSucceeds() async throws {
        let path = try makeDatabasePath()
        let favorites = try makePausingFavorites(path: path)
        try await seedNineteen(favorites)
        let outcomes = await raceForTheLastPlace([favorites])
        XCTAssertEqual(outcomes.filter { $0 == .added }.count, 1)
        XCTAssertEqual(outcomes.filter { $0 == .full }.count, 99, "\(outcomes.filter { $0 != .full && $0 != .added })")
        let count = try await stored(path)
        XCTAssertEqual(count, 20)
    }

    func testTheCapHoldsAcrossSeveralConnections() async throws {
        let path = try makeDatabasePath()
        let instances = try (0..<4).map { _ in try makePausingFavorites(path: path) }
        try await seedNineteen(instances[0])
        let outcomes = await raceForTheLastPlace(instances)
        XCTAssertEqual(outcomes.filter { $0 == .added }.count, 1)
        XCTAssertEqual(outcomes.filter { $0 == .full }.count, 99, "\(outcomes.filter { $0 != .full && $0 != .added })")
        let count = try await stored(path)
        XCTAssertEqual(count, 20)
    }
}
