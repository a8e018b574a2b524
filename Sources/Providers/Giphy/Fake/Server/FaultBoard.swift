import Synchronization

/// The armed faults; the first one matching a call's path is applied to it.
final class FaultBoard: Sendable {
    private struct Armed {
        var fault: FakeGiphyFault
        var remaining: Int?
        /// Only calls whose path starts with this; nil for every API call.
        var pathPrefix: String?
    }

    private let armed = Mutex<[Armed]>([])

    func arm(_ fault: FakeGiphyFault, lifetime: FaultLifetime, pathPrefix: String?) {
        let remaining: Int?
        switch lifetime {
        case .times(let count): remaining = count
        case .sticky: remaining = nil
        }
        guard remaining.map({ $0 > 0 }) ?? true else { return }
        armed.withLock { $0.append(Armed(fault: fault, remaining: remaining, pathPrefix: pathPrefix)) }
    }

    func clear() { armed.withLock { $0.removeAll() } }

    var isEmpty: Bool { armed.withLock { $0.isEmpty } }

    /// The fault for a call to `path`, used up by one if it is counted.
    func take(for path: String) -> FakeGiphyFault? {
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
