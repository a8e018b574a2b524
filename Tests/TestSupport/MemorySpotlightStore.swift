import Foundation
import Service
import Model
import Synchronization

/// A SpotlightStore in memory, for service and API tests.
package final class MemorySpotlightStore: SpotlightStore {
    private let picks = Mutex<[String: StoredSpotlight]>([:])

    package init() {}

    package func pick(for key: String) async throws -> StoredSpotlight? { picks.withLock { $0[key] } }

    package func save(_ pick: StoredSpotlight, forgettingChangedBefore: Date) async throws { picks.withLock { $0[pick.key] = pick } }
}
