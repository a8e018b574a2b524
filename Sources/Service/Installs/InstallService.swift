import Foundation
import Synchronization

/// What a new install gets, once: its id and its token. The token is never printed.
public struct NewInstall: Sendable, CustomStringConvertible {
    public let install: InstallID
    public let token: String
    public let createdAt: Date

    public var description: String { "NewInstall(install: \(install), token not shown)" }
}

/// The installs rules: making one (a token of 256 random bits, kept only as its SHA-256, at most
/// `creationsPerHour` per client), checking a token (its hash compared in constant time) and
/// deleting one. Checked tokens' hashes are kept in memory, so a request with a token reads the
/// store only the first time its install is seen.
public final class InstallService: Sendable {
    public static let defaultCreationsPerHour = 30
    public static let defaultKnownCapacity = 10_000

    public let policy: InstallPolicy
    private let store: any InstallStore
    private let creationLimit: CreationLimit?
    /// What else keeps something per install in memory (the upstream identities), told of deletions.
    private let memories: [any InstallMemory]
    private let known: Mutex<KnownInstalls>
    private let now: @Sendable () -> Date

    private struct KnownInstalls {
        var hashes: KeptByKey<InstallID, [UInt8]>
        /// Goes up with every deletion: a hash read from the store before one is not kept.
        var deletions: UInt64 = 0
        /// The store's `deletionsElsewhere` when `hashes` was last emptied for them.
        var deletionsElsewhere = 0

        /// Forgets every kept hash when another instance deleted an install since.
        mutating func forgetIfDeletedElsewhere(_ now: Int) {
            guard now != deletionsElsewhere else { return }
            deletionsElsewhere = now
            hashes = KeptByKey(capacity: hashes.capacity)
            deletions &+= 1
        }
    }

    /// `creationsPerHour` nil: no limit. `clientCapacity`: clients whose creations are remembered.
    public init(store: any InstallStore, policy: InstallPolicy = .optional,
                creationsPerHour: Int? = defaultCreationsPerHour, clientCapacity: Int = 10_000,
                knownCapacity: Int = defaultKnownCapacity, memories: [any InstallMemory] = [],
                now: @escaping @Sendable () -> Date = { Date() }) {
        self.store = store
        self.policy = policy
        self.creationLimit = creationsPerHour.map { CreationLimit(perHour: $0, capacity: clientCapacity) }
        self.memories = memories
        self.known = Mutex(KnownInstalls(hashes: KeptByKey(capacity: knownCapacity)))
        self.now = now
    }

    public var creationsPerHour: Int? { creationLimit?.perHour }

    /// A new install for `client` (the address it calls from, or any key standing for one).
    /// Throws `InstallError.tooManyCreated` when that client has made its share this hour.
    public func create(client: String) async throws -> NewInstall {
        let date = now()
        if let retryAfter = creationLimit?.take(client, now: date) {
            throw InstallError.tooManyCreated(retryAfterSeconds: retryAfter)
        }
        let issued = InstallToken.issue()
        try await store.create(InstallRecord(id: issued.install, tokenHash: issued.secretHash, createdAt: date))
        known.withLock { $0.hashes.keep(issued.secretHash, for: issued.install) }
        return NewInstall(install: issued.install, token: issued.token, createdAt: date)
    }

    /// The install `token` opens. Throws `InstallError.unknownToken` when none does (never issued
    /// here, its install deleted, or its secret wrong: one answer for all, so none is told apart).
    public func verify(_ token: InstallToken) async throws -> InstallID {
        let presented = token.secretHash
        let elsewhere = store.deletionsElsewhere
        let (kept, deletions) = known.withLock { known in
            known.forgetIfDeletedElsewhere(elsewhere)
            return (known.hashes[token.install], known.deletions)
        }
        let stored: [UInt8]
        if let kept {
            stored = kept
        } else {
            guard let hash = try await store.find(token.install)?.tokenHash else { throw InstallError.unknownToken }
            known.withLock { known in
                if known.deletions == deletions { known.hashes.keep(hash, for: token.install) }
            }
            stored = hash
        }
        guard InstallToken.sameHash(presented, stored) else { throw InstallError.unknownToken }
        return token.install
    }

    /// Deletes the install `token` opens and everything kept for it; its token is refused from
    /// then on. Returns the install deleted.
    @discardableResult
    public func delete(presenting token: InstallToken) async throws -> InstallID {
        let install = try await verify(token)
        let deleted = try await store.delete(install)
        known.withLock { known in
            known.hashes.remove(install)
            known.deletions &+= 1
        }
        for memory in memories { memory.forget(install) }
        guard deleted else { throw InstallError.unknownToken }
        return install
    }

    /// Installs made with `POST /installs`, for the metrics.
    public func count() async throws -> Int {
        try await store.count()
    }
}

/// Something that keeps a part of an install in memory, told when the install is deleted.
public protocol InstallMemory: Sendable {
    func forget(_ install: InstallID)
}

/// What the installs rules refuse.
public enum InstallError: Error, Equatable, Sendable {
    /// The policy requires a token and the request has none.
    case tokenRequired
    /// A token that opens no install.
    case unknownToken
    /// The client made its share of installs this hour.
    case tooManyCreated(retryAfterSeconds: Int)
}
