import Primitives

extension ReadyOrPending {
    /// The value when it is ready; nil when it must be waited for: what a test checks to know an
    /// answer came from memory.
    package var readyValue: Value? {
        if case .ready(let value) = self { return value }
        return nil
    }
}
