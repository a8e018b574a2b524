/// Runs `operation` with a total deadline. `UpstreamTransport` gives libcurl the same timeout;
/// this race is the backstop that also bounds a call still queued for a free connection.
/// Whichever finishes first wins; the other is cancelled, and the operation must end promptly
/// on cancellation (its transfer is cancelled with it).
package func withDeadline<T: Sendable>(
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
package struct DeadlinePassed: Error {}
