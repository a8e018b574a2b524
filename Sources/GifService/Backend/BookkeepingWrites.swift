import Foundation
import Synchronization

/// The writes a request makes for later (search history, cached answers, the budget's call log,
/// the spotlight pick) rather than as its answer. Their failure (disk full, database busy or gone)
/// must not fail an answer that is ready: it is dropped, counted for /metrics and reported, at most
/// once a minute per kind, since a full disk fails every one of them.
public final class BookkeepingWrites: Sendable {
    public enum Write: String, Sendable, CaseIterable {
        case searchHistory = "search_history"
        case responseCache = "response_cache"
        case callLog = "call_log"
        case spotlight = "spotlight"
    }

    private struct State {
        var failures: [Write: Int] = [:]
        var lastReported: [Write: Date] = [:]
    }

    static let reportIntervalSeconds: Double = 60

    private let state = Mutex(State())
    private let report: @Sendable (any Error) -> Void
    private let now: @Sendable () -> Date

    public init(report: @escaping @Sendable (any Error) -> Void = { _ in }, now: @escaping @Sendable () -> Date = { Date() }) {
        self.report = report
        self.now = now
    }

    /// Runs `body` on the caller's isolation; a failure is counted and maybe reported, never thrown.
    func attempt(_ write: Write, isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Void) async {
        do {
            try await body()
        } catch {
            failed(write, error)
        }
    }

    /// Failed writes by kind since start.
    public var failures: [Write: Int] { state.withLock { $0.failures } }

    private func failed(_ write: Write, _ error: any Error) {
        let current = now()
        let isReportDue = state.withLock { state -> Bool in
            state.failures[write, default: 0] += 1
            if let last = state.lastReported[write], current.timeIntervalSince(last) < Self.reportIntervalSeconds,
               current >= last {
                return false
            }
            state.lastReported[write] = current
            return true
        }
        if isReportDue { report(BookkeepingWriteFailed(write: write.rawValue, underlying: error)) }
    }
}

/// What is reported when a bookkeeping write fails: which one, and why.
public struct BookkeepingWriteFailed: Error, CustomStringConvertible {
    public let write: String
    public let underlying: any Error

    public var description: String { "bookkeeping write \(write) dropped: \(underlying)" }
}
