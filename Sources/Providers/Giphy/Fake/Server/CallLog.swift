import Synchronization

/// One call the fake received: its path and query parameters as decoded.
public struct RecordedCall: Sendable {
    public var path: String
    public var parameters: [(name: String, value: String)]

    /// The first value of a parameter.
    public func value(of name: String) -> String? {
        parameters.first { $0.name == name }?.value
    }

    public func values(of name: String) -> [String] {
        parameters.filter { $0.name == name }.map(\.value)
    }
}

/// Counts the calls to the API paths (faulted and refused ones included) and keeps the latest.
final class CallLog: Sendable {
    private struct State {
        var counts: [String: Int] = [:]
        var recent: [RecordedCall] = []
    }

    /// Enough for any test; bounded so a long demo run does not grow without end.
    static let recentLimit = 200
    /// Paths counted one by one (`/v1/gifs/{id}` makes one per id); later new ones share a bucket.
    static let distinctPathLimit = 1_000
    static let otherPaths = "(other paths)"
    private let state = Mutex(State())

    func record(_ call: RecordedCall) {
        state.withLock { state in
            let key = state.counts[call.path] != nil || state.counts.count < Self.distinctPathLimit ? call.path : Self.otherPaths
            state.counts[key, default: 0] += 1
            state.recent.append(call)
            if state.recent.count > Self.recentLimit { state.recent.removeFirst(state.recent.count - Self.recentLimit) }
        }
    }

    func count(path: String?) -> Int {
        state.withLock { state in
            guard let path else { return state.counts.values.reduce(0, +) }
            return state.counts[path] ?? 0
        }
    }

    var countsByPath: [String: Int] { state.withLock { $0.counts } }
    var recent: [RecordedCall] { state.withLock { $0.recent } }

    func reset() { state.withLock { $0 = State() } }
}
