/// A value at hand now, or the wait for it. What a lookup answers on the event loop: one function
/// serves the request memory can answer (`ready`, no task, no allocation) and the one a worker
/// must wait for (`pending`, which captures what the caller already read, so nothing is read twice).
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

    /// The value transformed: at once when it is ready, after the wait when it is pending.
    @inlinable
    public func map<Other: Sendable>(_ transform: @escaping @Sendable (Value) throws -> Other) rethrows -> ReadyOrPending<Other> {
        switch self {
        case .ready(let value): return .ready(try transform(value))
        case .pending(let wait): return .pending { try transform(try await wait()) }
        }
    }

    /// The next lookup, made with the value: at once when it is ready, after the wait when pending.
    @inlinable
    public func then<Other: Sendable>(
        _ next: @escaping @Sendable (Value) throws -> ReadyOrPending<Other>
    ) rethrows -> ReadyOrPending<Other> {
        switch self {
        case .ready(let value): return try next(value)
        case .pending(let wait): return .pending { try await next(try await wait()).value() }
        }
    }
}
