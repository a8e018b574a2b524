import Synchronization

/// A set-once reference: stored at most once, then read by every loop on every request without a
/// lock (a stored body's compressed form, the forms linked for a host).
///
/// What `AtomicLazyReference` does, written here because its `load()` is not inlined into the
/// loops' code: each call went through the generic entry point and looked its type's metadata up
/// (1.3% of a cached gzip answer's CPU samples, for two loads a request). This one is specialised
/// wherever it is used, and a load is one acquiring load of a word.
@frozen
public struct SetOnceReference<Instance: AnyObject & Sendable>: ~Copyable, Sendable {
    /// 0, or the address of one retained `Instance`, never replaced, released when this goes.
    @usableFromInline let storage: Atomic<UInt>

    @inlinable
    public init() {
        storage = Atomic(0)
    }

    /// The instance stored, or nil before one is.
    @inlinable
    public func load() -> Instance? {
        let bits = storage.load(ordering: .acquiring)
        guard let pointer = UnsafeRawPointer(bitPattern: bits) else { return nil }
        return Unmanaged<Instance>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Runs `body` with the instance stored (nil before one is), lent without a retain: it is
    /// never replaced and lives as long as this does, so it cannot go while `body` runs. For
    /// reads on every request of an instance both loops read: a retain and a release wrote its
    /// reference count from both cores.
    @inlinable
    public func withLoaded<Result>(_ body: (Instance?) -> Result) -> Result {
        let bits = storage.load(ordering: .acquiring)
        guard let pointer = UnsafeRawPointer(bitPattern: bits) else { return body(nil) }
        return Unmanaged<Instance>.fromOpaque(pointer)._withUnsafeGuaranteedRef { body($0) }
    }

    /// Stores `desired` unless an instance is stored already; returns the one that stays.
    @inlinable
    public func storeIfNil(_ desired: Instance) -> Instance {
        let retained = Unmanaged.passRetained(desired)
        let bits = UInt(bitPattern: retained.toOpaque())
        let (exchanged, original) = storage.compareExchange(expected: 0, desired: bits,
                                                            successOrdering: .acquiringAndReleasing,
                                                            failureOrdering: .acquiring)
        if exchanged { return desired }
        retained.release()
        // Another thread stored first: `original` is its instance, never 0 here.
        guard let pointer = UnsafeRawPointer(bitPattern: original) else { return desired }
        return Unmanaged<Instance>.fromOpaque(pointer).takeUnretainedValue()
    }

    @inlinable
    deinit {
        guard let pointer = UnsafeRawPointer(bitPattern: storage.load(ordering: .acquiring)) else { return }
        Unmanaged<Instance>.fromOpaque(pointer).release()
    }
}
