/// A value at hand now, or the wait for it. What a lookup answers on the event loop: one function
/// serves the request memory can answer (`ready`: no task, no allocation) and the one a worker
/// must wait for (`pending`, which captures what the caller already read, so nothing is read twice).
///
/// On the request path a caller switches on it: the ready case goes on with what the caller holds
/// (borrowed, not copied), and only the pending case makes a closure, capturing what its wait
/// needs. A closure made for both (to chain the steps) is a heap allocation each time it captures
/// anything, ready or not, and what it captures is copied: measured, 2 mallocs per ready answer
/// through two capturing steps, and a cached /search at 292 retains a request with its context
/// passed as copies, against 125 switched on.
public enum ReadyOrPending<Value: Sendable>: Sendable {
    case ready(Value)
    case pending(@Sendable () async throws -> Value)

    /// The value, waited for when it is pending.
    @inlinable
    public func value() async throws -> Value {
        switch self {
        case .ready(let value): return value
        case .pending(let wait): return try await wait()
        }
    }

    /// The value transformed: at once when it is ready, after the wait when pending. For a
    /// transform that captures nothing (see above).
    @inlinable
    public func map<Other: Sendable>(_ transform: @escaping @Sendable (Value) throws -> Other) rethrows -> ReadyOrPending<Other> {
        switch self {
        case .ready(let value): return .ready(try transform(value))
        case .pending(let wait): return .pending { try transform(try await wait()) }
        }
    }
}
