import Wire

/// The forms answers are written in without `renditions` (nearly every request), linked to the
/// base of each of the first four `Host`s seen (`SetOnceSlots`): made once per host, then read without
/// a lock, so that such a request builds no base and links no form. A request from a host past
/// those is linked on its own, as before; what is stored stays four hosts' worth whatever is sent.
package final class LinkedForms: Sendable {
    /// The forms for one host (nil: no usable `Host`, or `GIF_BFF_PUBLIC_URL` decides).
    package final class Linked: Sendable {
        let host: String?
        /// What links are written against (`LinkBase`).
        let base: String?
        let full: ItemForm
        let compact: ItemForm

        init(host: String?, base: String?) {
            self.host = host
            self.base = base
            full = ItemForm.full.linked(to: base)
            compact = ItemForm.compact.linked(to: base)
        }
    }

    private let slots = SetOnceSlots<Linked>()

    package init() {}

    /// The forms for `host`; `base` gives its base when they are not stored yet.
    func forms(host: String?, base: () -> String?) -> Linked {
        slots.storeIfAbsent(matching: { $0.host == host }, make: { Linked(host: host, base: base()) }) ?? Linked(host: host, base: base())
    }
}
