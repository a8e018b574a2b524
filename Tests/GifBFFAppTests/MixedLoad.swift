import Foundation
import Synchronization
import TestSupport

/// Clients on threads of their own, each its own install, through the balancer, a fresh connection
/// per request, until stopped or out of requests. Most alternate a search answered from the cache
/// and adding one more favorite, 80 ms apart; a few search new words one after the other, each a
/// cache miss and an upstream call (slow, when the upstream is), so that some request is always in
/// flight when an instance is told to stop. Any answer but 200 or 201, and any connection that
/// fails, is a client error.
final class MixedLoad: Sendable {
    struct Figures: Sendable {
        var requests = 0
        var searches = 0
        var adds = 0
        var errors: [String] = []
        /// Per client, the ids whose add was acknowledged (201, or 200: already there).
        var acknowledged: [[String]]
    }

    private let figures: Mutex<Figures>
    private let stopping = Atomic<Bool>(false)
    private let finished: DispatchGroup

    /// `items[i]`: what client i adds, in order (none: it searches new words); `tokens[i]`: its
    /// install's bearer header.
    init(port: UInt16, tokens: [String], items: [[String]], maxRequestsPerClient: Int) {
        figures = Mutex(Figures(acknowledged: Array(repeating: [], count: tokens.count)))
        let finished = DispatchGroup()
        self.finished = finished
        for (client, token) in tokens.enumerated() {
            finished.enter()
            let thread = Thread { [self] in
                defer { finished.leave() }
                let adds = items[client]
                var added = 0
                for turn in 0..<maxRequestsPerClient where !stopping.load(ordering: .relaxed) {
                    if adds.isEmpty {
                        let target = "/search?q=new%20words%20\(client)%20\(turn)"
                        record(client, adding: nil, Self.send(port, "GET", target, json: nil, token: token))
                        continue
                    }
                    if turn % 2 == 1, added < adds.count {
                        let id = adds[added]
                        added += 1
                        record(client, adding: id, Self.send(port, "POST", "/favorites", json: "{\"id\":\"\(id)\"}", token: token))
                    } else {
                        record(client, adding: nil, Self.send(port, "GET", "/search?q=rolling%20\(turn % 7)", json: nil, token: token))
                    }
                    usleep(80_000)
                }
            }
            thread.name = "mixed-load-\(client)"
            thread.start()
        }
    }

    /// Stops the clients and returns what they saw; nil if one is still busy after `limit` seconds.
    func stop(limit: Double = 60) -> Figures? {
        stopping.store(true, ordering: .relaxed)
        guard finished.wait(timeout: .now() + limit) == .success else { return nil }
        return figures.withLock { $0 }
    }

    var requestsSoFar: Int { figures.withLock { $0.requests } }
    var addsSoFar: Int { figures.withLock { $0.adds } }

    private func record(_ client: Int, adding id: String?, _ outcome: Result<RawClient.Response, any Error>) {
        figures.withLock { figures in
            figures.requests += 1
            if id == nil { figures.searches += 1 } else { figures.adds += 1 }
            switch outcome {
            case .success(let response) where response.status == 200 || response.status == 201:
                if let id { figures.acknowledged[client].append(id) }
            case .success(let response):
                figures.errors.append("\(id == nil ? "search" : "add"): \(response.status) \(response.text.prefix(200))")
            case .failure(let error):
                figures.errors.append("\(id == nil ? "search" : "add"): \(error)")
            }
        }
    }

    private static func send(_ port: UInt16, _ method: String, _ target: String, json: String?, token: String) -> Result<RawClient.Response, any Error> {
        Result {
            let client = try RawClient(port: port, timeout: 30)
            var headers = [token]
            if json != nil { headers.append("Content-Type: application/json") }
            try client.send(request(method, target, headers: headers, body: json))
            return try client.readResponse()
        }
    }
}
