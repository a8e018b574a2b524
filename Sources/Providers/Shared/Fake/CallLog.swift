import Synchronization

/// One call the fake received: its path and query parameters as decoded.
public struct RecordedCall: Sendable {
    public var path: String
    public var parameters: [(name: String, value: String)]
    /// Request headers, names lowercased (a fake checks its key header; tests look at it).
    public var headers: [(name: String, value: String)]

    public init(path: String, parameters: [(name: String, value: String)], headers: [(name: String, value: String)] = []) {
        self.path = path
        self.parameters = parameters
        self.headers = headers
    }

    /// The first value of a parameter.
    public func value(of name: String) -> String? {
        parameters.first { $0.name == name }?.value
    }

    public func values(of name: String) -> [String] {
        parameters.filter { $0.name == name }.map(\.value)
    }
}

/// Counts the calls to the API paths (faulted and refused ones included) and keeps the latest.
public final class CallLog: Sendable {
    private struct State {
        var counts: [String: Int] = [:]
        public var recent: [RecordedCall] = []
    }

    /// Enough for any test; bounded so a fake run for days (`fake-giphy`) does not grow without end.
    public static let recentLimit = 200
    /// Paths counted one by one (`/v1/gifs/{id}` makes one per id); later new ones share a bucket.
    public static let distinctPathLimit = 1_000
    public static let otherPaths = "(other paths)"
    private let state = Mutex(State())

    public init() {}

    public func record(_ call: RecordedCall) {
        state.withLock { state in
            let key = state.counts[call.path] != nil || state.counts.count < Self.distinctPathLimit ? call.path : Self.otherPaths
            state.counts[key, default: 0] += 1
            state.recent.append(call)
            if state.recent.count > Self.recentLimit { state.recent.removeFirst(state.recent.count - Self.recentLimit) }
        }
    }

    public func count(path: String?) -> Int {
        state.withLock { state in
            guard let path else { return state.counts.values.reduce(0, +) }
            return state.counts[path] ?? 0
        }
    }

    public var countsByPath: [String: Int] { state.withLock { $0.counts } }
    public var recent: [RecordedCall] { state.withLock { $0.recent } }

    public func reset() { state.withLock { $0 = State() } }
}
