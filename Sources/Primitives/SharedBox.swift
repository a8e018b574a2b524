/// A value boxed in a class, so that it is shared (one retain) instead of copied. The memory
/// cache holds each answer in one: a hit shares it instead of copying it out field by field (an
/// `Item` retains each of its strings, arrays and dictionaries when copied). Inlinable, so that
/// boxing an answer is specialised in the module that boxes it.
public final class SharedBox<Value: Sendable>: Sendable {
    public let value: Value

    @inlinable
    public init(_ value: Value) { self.value = value }
}
