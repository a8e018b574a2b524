import Gateway
import Model
import Primitives

/// One item as a detail answers it: the item and the asking install's mark, apart. A kept item
/// is the memory cache's own (`SharedBox`), not copied per request; it is copied with its mark
/// only to be written, which a kept body (written once per mark and form) spares.
package struct MarkedItem: Sendable {
    package let shared: SharedBox<Item>
    package let isFavorite: Bool

    /// The item as answered, marked.
    package var item: Item { shared.value.marked(favorite: isFavorite) }
}
