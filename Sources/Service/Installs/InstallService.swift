import Gateway
import Model
import Primitives
import Foundation
import Synchronization

/// What a new install gets, once: its id and its token. The token is never printed.
package struct NewInstall: Sendable, CustomStringConvertible {
    package let install: InstallID
    package let token: String
    package let createdAt: Date

    package var description: String { "NewInstall(install: \(install), token not shown)" }
}

/// The installs rules: making one (a token of 256 random bits, kept only as its SHA-256, within
/// `InstallCreationLimits`), checking a token (its hash compared in constant time), deleting one,
/// and deleting those unused for `idleDays` (InstallService+Expiry.swift). Checked tokens' hashes
/// are kept in memory, so a request with a token reads the store only the first time its install
/// is seen; so is when each install's use was last written, so it is written at most once a day.
package final class InstallService: Sendable {
    package static let defaultKnownCapacity = 10_000
    /// Clients remembered per limit's width.
    package static let defaultClientCapacity = 10_000
    package static let defaultIdleDays = 180
    /// An install's use is written at most once a day.
    package static let defaultUseInterval: TimeInterval = 86_400

    package let policy: InstallPolicy
    /// Installs unused this many days are deleted by `expireIdle`; nil: never.
    package let idleDays: Int?
    let store: any InstallStore
    private let limiter: CreationLimiter
    /// Linked devices and link codes; nil: installs have one device each (tests' memory stores).
    let devices: (any InstallDeviceStore)?
    /// Attempts to redeem a link code, per address, network and server.
    let linkLimiter: CreationLimiter
    /// Linking's counts, for the metrics.
    package let linkMetrics = LinkMetrics()
    let uses: InstallUses
    /// What else keeps something per install in memory (the upstream identities), told of deletions.
    private let memories: [any InstallMemory]
    let known: Mutex<KnownInstalls>
    let now: @Sendable () -> Date

    /// What memory holds of an install whose token was checked or made here.
    struct KnownInstall {
        /// The first device's; nil once it is revoked.
        let hash: TokenHash?
        /// Each linked device's id and hash (none, for most installs: an empty array allocates nothing).
        var linked: [(id: String, hash: TokenHash)] = []
        /// When its use was last written (or read back from the store).
        var useRecorded: Date
    }

    struct KnownInstalls {
        var installs: BoundedLRU<InstallID, KnownInstall>
        /// Goes up with every deletion: a hash read from the store before one is not kept.
        var deletions: UInt64 = 0
        /// The store's `deletionsElsewhere` when `installs` was last emptied for them.
        var deletionsElsewhere = 0

        /// Forgets every kept hash when another instance deleted an install since.
        mutating func forgetIfDeletedElsewhere(_ now: Int) {
            guard now != deletionsElsewhere else { return }
            deletionsElsewhere = now
            installs = BoundedLRU(maxCount: installs.maxCount)
            deletions &+= 1
        }
    }

    /// `clientCapacity`: clients remembered per limit. `bookkeeping`: where the writes of last
    /// uses queue (the backend's, so a flush waits for them too). `useInterval`: how often an
    /// install's use is written at most.
    package init(store: any InstallStore, policy: InstallPolicy = .optional,
                creationLimits: InstallCreationLimits = InstallCreationLimits(), clientCapacity: Int = defaultClientCapacity,
                knownCapacity: Int = defaultKnownCapacity, idleDays: Int? = defaultIdleDays,
                memories: [any InstallMemory] = [], bookkeeping: BookkeepingWrites = BookkeepingWrites(),
                useInterval: TimeInterval = defaultUseInterval, devices: (any InstallDeviceStore)? = nil,
                linkLimits: InstallCreationLimits = InstallService.linkAttemptLimits, now: @escaping @Sendable () -> Date = { Date() }) {
        self.store = store
        self.policy = policy
        self.idleDays = idleDays
        self.limiter = CreationLimiter(creationLimits, capacity: clientCapacity)
        self.devices = devices
        self.linkLimiter = CreationLimiter(linkLimits, capacity: clientCapacity)
        self.uses = InstallUses(store: store, bookkeeping: bookkeeping, interval: useInterval)
        self.memories = memories
        self.known = Mutex(KnownInstalls(installs: BoundedLRU(maxCount: knownCapacity)))
        self.now = now
    }

    /// A new install for `client`. Throws `InstallError.tooManyCreated` when its address, its
    /// network or the server made its share this hour.
    package func create(client: InstallClient) async throws -> NewInstall {
        let date = now()
        if let refused = limiter.take(client, now: date) {
            throw InstallError.tooManyCreated(refused.scope, retryAfterSeconds: refused.retryAfterSeconds)
        }
        let issued = InstallToken.issue()
        try await store.create(InstallRecord(id: issued.install, tokenHash: issued.secretHash, createdAt: date))
        if let hash = TokenHash(issued.secretHash) {
            known.withLock { _ = $0.installs.insert(KnownInstall(hash: hash, useRecorded: date), forKey: issued.install) }
        }
        return NewInstall(install: issued.install, token: issued.token, createdAt: date)
    }

    /// The install `token` opens; its use is noted. At once when memory holds the token's install
    /// (checked here before), else the wait for the store. Throws `InstallError.unknownToken` when
    /// none does (never issued here, its install deleted, or its secret wrong: one answer for all,
    /// so none is told apart).
    package func verify(_ token: InstallToken) throws -> ReadyOrPending<InstallID> {
        let (kept, deletions) = knownInstall(of: token)
        if let kept { return .ready(try accept(token, kept)) }
        return .pending { [self] in try await read(token, deletions: deletions) }
    }

    /// `verify`'s wait: the token's install read from the store, then kept.
    private func read(_ token: InstallToken, deletions: UInt64) async throws -> InstallID {
        guard let record = try await store.find(token.install) else { throw InstallError.unknownToken }
        let linked = try await devices?.devices(of: token.install).compactMap { device in
            TokenHash(device.tokenHash).map { (id: device.id, hash: $0) }
        } ?? []
        let read = KnownInstall(hash: record.tokenHash.flatMap(TokenHash.init), linked: linked, useRecorded: record.lastUsed)
        known.withLock { known in
            if known.deletions == deletions { known.installs.insert(read, forKey: token.install) }
        }
        return try accept(token, read)
    }

    /// What memory holds of the token's install (its hash and when its use was last written), and
    /// the deletions counted when it was read: one lock hold and one lookup per request.
    private func knownInstall(of token: InstallToken) -> (install: KnownInstall?, deletions: UInt64) {
        let elsewhere = store.deletionsElsewhere
        return known.withLock { known in
            known.forgetIfDeletedElsewhere(elsewhere)
            return (known.installs[token.install], known.deletions)
        }
    }

    /// The token's install when the token's secret hashes to `known.hash` (compared in constant
    /// time), its use noted when it is due.
    private func accept(_ token: InstallToken, _ known: KnownInstall) throws -> InstallID {
        guard known.device(opened: token) != nil else { throw InstallError.unknownToken }
        let date = now()
        // Seen without a second lock hold: most requests find their install's use written today.
        if uses.isDue(recorded: known.useRecorded, now: date) { noteUse(of: token.install, at: date) }
        return token.install
    }

    /// Asks for the install's use to be written when the last write is `uses.interval` old: the
    /// claim is made under the lock (seen due again there), so one write is asked for however many
    /// requests race.
    private func noteUse(of install: InstallID, at date: Date) {
        let claimed: Date? = known.withLock { known in
            guard var entry = known.installs[install], uses.isDue(recorded: entry.useRecorded, now: date) else { return nil }
            let previous = entry.useRecorded
            entry.useRecorded = date
            known.installs.insert(entry, forKey: install)
            return previous
        }
        guard let claimed, !uses.record(install, usedAt: date) else { return }
        // Too many waiting: given back, so the next request asks again.
        known.withLock { known in
            guard var entry = known.installs[install] else { return }
            entry.useRecorded = claimed
            known.installs.insert(entry, forKey: install)
        }
    }

    /// Deletes the install `token` opens and everything kept for it; its token is refused from
    /// then on. Returns the install deleted.
    @discardableResult
    package func delete(presenting token: InstallToken) async throws -> InstallID {
        let install = try await verify(token).value()
        let deleted = try await store.delete(install)
        forget([install])
        guard deleted else { throw InstallError.unknownToken }
        return install
    }

    /// Drops what memory holds of one install (a device was linked or revoked): the next request
    /// with one of its tokens reads its devices again.
    func forgetDevices(of install: InstallID) {
        known.withLock { known in
            known.installs.removeValue(forKey: install)
            known.deletions &+= 1
        }
    }

    /// Drops what memory holds of deleted installs: their tokens are refused from then on.
    func forget(_ installs: [InstallID]) {
        known.withLock { known in
            for install in installs { known.installs.removeValue(forKey: install) }
            known.deletions &+= 1
        }
        for memory in memories {
            for install in installs { memory.forget(install) }
        }
    }

    /// Installs made with `POST /installs`, for the metrics.
    package func count() async throws -> Int {
        try await store.count()
    }
}

/// Something that keeps a part of an install in memory, told when the install is deleted.
package protocol InstallMemory: Sendable {
    func forget(_ install: InstallID)
}

/// What the installs rules refuse.
package enum InstallError: Error, Equatable, Sendable {
    /// The policy requires a token and the request has none.
    case tokenRequired
    /// A token that opens no install.
    case unknownToken
    /// The client's address, its network or the server made its share of installs this hour.
    case tooManyCreated(CreationScope, retryAfterSeconds: Int)
    /// Too many attempts to redeem a link code from the client's address, network or the server this hour.
    case linkRateLimited(retryAfterSeconds: Int)
    /// A link code that opens nothing: never made, used, expired, or not a code.
    case unknownLinkCode
    /// The install has its most devices.
    case tooManyDevices(Int)
    /// The install has no device with that id.
    case noSuchDevice
    /// This server keeps no linked devices (a store without them).
    case linkingUnavailable
}
