import Model
import Primitives
import Synchronization

/// Each install's `FavoritesMemory`. A memory in use by a call (or kept for good, the local
/// install's) is held apart and never dropped, so an install never has two gates at once; the
/// others wait in a `BoundedLRU` of at most `capacity`, the least recently used dropped first
/// (and read from the store again when next needed).
final class FavoritesMemories: Sendable {
    /// A memory a call is using, or kept for good.
    private struct Held {
        let memory: FavoritesMemory
        var users: Int
        /// Kept for good (`kept`): never dropped.
        var pinned: Bool
    }

    private struct State {
        var held: [InstallID: Held] = [:]
        var unused: BoundedLRU<InstallID, FavoritesMemory>
    }

    let capacity: Int
    private let versions = VersionCounter()
    private let state: Mutex<State>

    init(capacity: Int) {
        self.capacity = max(1, capacity)
        state = Mutex(State(unused: BoundedLRU(maxCount: self.capacity)))
    }

    /// The install's memory when there is one, for reads of what it already holds.
    func existing(_ install: InstallID) -> FavoritesMemory? {
        state.withLock { state in
            // Held first: the local install's, read on nearly every request, is found without
            // writing anything (its use order is not kept: it is never dropped).
            if let held = state.held[install] { return held.memory }
            // A hot memory's use moves nothing (one among the newest eighth stays where it is).
            return state.unused.use(install, unlessAmongNewest: max(1, capacity / 8)) { $0 }
        }
    }

    /// Runs `body` with the install's memory (made if need be), which stays while it runs.
    func using<T>(_ install: InstallID, isolation: isolated (any Actor)? = #isolation,
                  _ body: (FavoritesMemory) async throws -> T) async rethrows -> T {
        let memory = checkOut(install)
        defer { checkIn(install, memory) }
        return try await body(memory)
    }

    /// The install's memory, made if need be and kept (never dropped for capacity): the local
    /// install's, read at start-up.
    func kept(_ install: InstallID) -> FavoritesMemory {
        state.withLock { state in
            var held = state.held[install] ?? Held(memory: state.unused.removeValue(forKey: install) ?? FavoritesMemory(versions: versions),
                                                   users: 0, pinned: true)
            held.pinned = true
            state.held[install] = held
            return held.memory
        }
    }

    /// Drops the install's memory (its install was deleted); a call still using it finds it empty.
    func forget(_ install: InstallID) {
        let dropped = state.withLock { state in
            state.held.removeValue(forKey: install)?.memory ?? state.unused.removeValue(forKey: install)
        }
        dropped?.forget()
    }

    var count: Int { state.withLock { $0.held.count + $0.unused.count } }

    private func checkOut(_ install: InstallID) -> FavoritesMemory {
        state.withLock { state in
            var held = state.held[install] ?? Held(memory: state.unused.removeValue(forKey: install) ?? FavoritesMemory(versions: versions),
                                                   users: 0, pinned: false)
            held.users += 1
            state.held[install] = held
            return held.memory
        }
    }

    private func checkIn(_ install: InstallID, _ memory: FavoritesMemory) {
        let dropped = state.withLock { state -> FavoritesMemory? in
            // A memory forgotten meanwhile (deleted install) is no longer held.
            guard var held = state.held[install], held.memory === memory else { return nil }
            held.users -= 1
            guard held.users == 0, !held.pinned else {
                state.held[install] = held
                return nil
            }
            state.held[install] = nil
            // Full: the least recently used makes room, emptied below.
            let evicted = state.unused.count >= capacity ? state.unused.removeOldest()?.value : nil
            state.unused.insert(memory, forKey: install)
            return evicted
        }
        // Emptied, so a reader that took it before it was dropped goes to the store.
        dropped?.forget()
    }
}
