import Model
import Synchronization

/// Each install's `FavoritesMemory`, at most `capacity` of them: past it, the least recently used
/// that no call is using are dropped (and read from the store again when next needed). A memory
/// in use is never dropped, so an install never has two gates at once.
final class FavoritesMemories: Sendable {
    private struct Entry {
        let memory: FavoritesMemory
        var users: Int
        var lastUsed: UInt64
        /// Kept for good (`kept`): never dropped for capacity.
        var pinned = false
    }

    private struct State {
        var entries: [InstallID: Entry] = [:]
        var clock: UInt64 = 0
    }

    let capacity: Int
    private let versions = VersionCounter()
    private let state = Mutex(State())

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// The install's memory when there is one, for reads of what it already holds.
    func existing(_ install: InstallID) -> FavoritesMemory? {
        // Found once and changed in place: a copy out and back hashed the id twice under the
        // lock every request takes.
        state.withLock { state in
            guard let index = state.entries.index(forKey: install) else { return nil }
            // A pinned memory is never dropped, so its last use is not written: the local
            // install's is read on nearly every request, from both loops' cores.
            guard !state.entries.values[index].pinned else { return state.entries.values[index].memory }
            state.clock += 1
            state.entries.values[index].lastUsed = state.clock
            return state.entries.values[index].memory
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
            var entry = state.entries[install] ?? Entry(memory: FavoritesMemory(versions: versions), users: 0, lastUsed: 0)
            // One user that never leaves: the memory stays.
            if !entry.pinned {
                entry.pinned = true
                entry.users += 1
            }
            state.entries[install] = entry
            return entry.memory
        }
    }

    /// Drops the install's memory (its install was deleted); a call still using it finds it empty.
    func forget(_ install: InstallID) {
        let dropped = state.withLock { $0.entries.removeValue(forKey: install) }
        dropped?.memory.forget()
    }

    var count: Int { state.withLock { $0.entries.count } }

    private func checkOut(_ install: InstallID) -> FavoritesMemory {
        let (memory, dropped) = state.withLock { state -> (FavoritesMemory, [FavoritesMemory]) in
            state.clock += 1
            var entry = state.entries[install] ?? Entry(memory: FavoritesMemory(versions: versions), users: 0, lastUsed: 0)
            entry.users += 1
            entry.lastUsed = state.clock
            state.entries[install] = entry
            return (entry.memory, state.entries.count > capacity ? dropUnused(&state) : [])
        }
        // Emptied, so a reader that took one before it was dropped goes to the store.
        for memory in dropped { memory.forget() }
        return memory
    }

    private func checkIn(_ install: InstallID, _ memory: FavoritesMemory) {
        state.withLock { state in
            // A memory forgotten meanwhile (deleted install) is no longer in the map.
            guard var entry = state.entries[install], entry.memory === memory else { return }
            entry.users -= 1
            state.entries[install] = entry
        }
    }

    /// Down to nine tenths of the capacity, least recently used first, so this runs seldom.
    private func dropUnused(_ state: inout State) -> [FavoritesMemory] {
        let target = capacity * 9 / 10
        let unused = state.entries.filter { $0.value.users == 0 }.sorted { $0.value.lastUsed < $1.value.lastUsed }
        var dropped: [FavoritesMemory] = []
        for (install, entry) in unused.prefix(max(0, state.entries.count - target)) {
            state.entries[install] = nil
            dropped.append(entry.memory)
        }
        return dropped
    }
}
