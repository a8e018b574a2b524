import Synchronization

/// One call the fake received: its path and query parameters as decoded.
package struct RecordedCall: Sendable {
    package var path: String
    package var parameters: [(name: String, value: String)]
    /// Request headers, names lowercased (a fake checks its key header; tests look at it).
    package var headers: [(name: String, value: String)]

    package init(path: String, parameters: [(name: String, value: String)], headers: [(name: String, value: String)] = []) {
        self.path = path
        self.parameters = parameters
        self.headers = headers
    }

    /// The first value of a parameter.
    package func value(of name: String) -> String? {
        parameters.first { $0.name == name }?.value
    }

    package func values(of name: String) -> [String] {
        parameters.filter { $0.name == name }.map(\.value)
    }
}

/// Counts the calls to the API paths (faulted and refused ones included) and keeps the latest.
package final class CallLog: Sendable {
    private struct State {
        var counts: [String: Int] = [:]
        package var recent: [RecordedCall] = []
    }

    /// Enough for any test; bounded so a fake run for days (`fake-giphy`) does not grow without end.
    package static let recentLimit = 200
    /// Paths counted one by one (`/v1/gifs/{id}` makes one per id); later new ones share a bucket.
    package static let distinctPathLimit = 1_000
    package static let otherPaths = "(other paths)"
    private let state = Mutex(State())

    package init() {}

    package func record(_ call: RecordedCall) {
        state.withLock { state in
            let key = state.counts[call.path] != nil || state.counts.count < Self.distinctPathLimit ? call.path : Self.otherPaths
            state.counts[key, default: 0] += 1
            state.recent.append(call)
            if state.recent.count > Self.recentLimit { state.recent.removeFirst(state.recent.count - Self.recentLimit) }
        }
    }

    package func count(path: String?) -> Int {
        state.withLock { state in
            guard let path else { return state.counts.values.reduce(0, +) }
            return state.counts[path] ?? 0
        }
    }

    package var countsByPath: [String: Int] { state.withLock { $0.counts } }
    package var recent: [RecordedCall] { state.withLock { $0.recent } }

    package func reset() { state.withLock { $0 = State() } }
}
