import HTTPServer
import Synchronization

/// The armed faults of a fake (each fake has its own `Fault` type); the first one matching a
/// call's path is applied to it.
package final class FaultBoard<Fault: InjectableFault>: Sendable {
    private struct Armed {
        var fault: Fault
        var remaining: Int?
        /// Only calls whose path starts with this; nil for every API call.
        var pathPrefix: String?
    }

    private let armed = Mutex<[Armed]>([])

    package init() {}

    package func arm(_ fault: Fault, lifetime: FaultLifetime, pathPrefix: String?) {
        let remaining: Int?
        switch lifetime {
        case .times(let count): remaining = count
        case .sticky: remaining = nil
        }
        guard remaining.map({ $0 > 0 }) ?? true else { return }
        armed.withLock { $0.append(Armed(fault: fault, remaining: remaining, pathPrefix: pathPrefix)) }
    }

    package func clear() { armed.withLock { $0.removeAll() } }

    package var isEmpty: Bool { armed.withLock { $0.isEmpty } }

    /// The fault for a call to `path`, used up by one if it is counted.
    package func take(for path: String) -> Fault? {
        armed.withLock { list in
            guard let index = list.firstIndex(where: { path.hasPrefix($0.pathPrefix ?? "") }) else { return nil }
            let fault = list[index].fault
            if let remaining = list[index].remaining {
                if remaining <= 1 { list.remove(at: index) } else { list[index].remaining = remaining - 1 }
            }
            return fault
        }
    }
}

extension FaultBoard {
    /// What every fake does first with an API call: records it, then meets the first armed
    /// fault. A delay is waited out here (nil: answer normally); any other fault is returned.
    package func meet(_ request: HTTPRequest, calls: CallLog) async throws -> Fault? {
        calls.record(RecordedCall(path: request.path, parameters: request.query.map { ($0.name, $0.value) },
                                  headers: request.headers.map { ($0.name.lowercased(), $0.value) }))
        guard let fault = take(for: request.path) else { return nil }
        if let milliseconds = fault.delayMilliseconds {
            // At most a minute: a delay is a test's tool, never a way to park tasks for good.
            try await Task.sleep(for: .milliseconds(min(max(0, milliseconds), 60_000)))
            return nil
        }
        return fault
    }
}

/// A fake's fault type: the shared board only needs to know which faults are a mere delay.
package protocol InjectableFault: Sendable {
    /// Set for a fault that only postpones the real answer.
    var delayMilliseconds: Int? { get }
}

/// How long an injected fault stays armed.
package enum FaultLifetime: Sendable, Equatable {
    /// For the next `n` matching calls.
    case times(Int)
    /// Until cleared.
    case sticky

    package static let once = FaultLifetime.times(1)
}
