/// A value held by reference. The memory cache keeps each answer in one, so that a hit shares
/// it (one retain) instead of copying it out field by field (an `Item` retains each of its
/// strings, arrays and dictionaries when copied).
package final class SharedValue<Value: Sendable>: Sendable {
    package let value: Value

    package init(_ value: Value) { self.value = value }
}
