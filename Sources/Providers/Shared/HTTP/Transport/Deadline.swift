/// Runs `operation` with a total deadline: URLSession on Linux has only an idle timer (in whole
/// seconds), so a slow trickle of bytes could otherwise hold a call forever.
/// Whichever finishes first wins; the other is cancelled, and the operation must end promptly
/// on cancellation (the data task is cancelled with it).
public func withDeadline<T: Sendable>(
    _ deadline: Duration, operation: @escaping @Sendable () async throws -> T
) async throws -> T {
    try await withThrowingTaskGroup(of: T.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            try await Task.sleep(for: deadline)
            throw DeadlinePassed()
        }
        defer { group.cancelAll() }
        guard let first = try await group.next() else { throw DeadlinePassed() }
        return first
    }
}

/// Thrown by `withDeadline` when the deadline won the race.
public struct DeadlinePassed: Error {}
