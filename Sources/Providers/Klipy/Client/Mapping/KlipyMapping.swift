import JSON
import Model
import ProviderHTTP

/// KLIPY's item object to our item: its id (prefixed `klipy:`, stickers' with `sticker-`), its
/// title, its page on klipy.com, six renditions from its four sizes, and "Powered by KLIPY".
package enum KlipyMapping {
    /// The item a KLIPY object describes; nil when it is not an object or cannot be shown.
    static func item(_ object: JSONValue) -> Item? {
        guard object.isObject else { return nil }
        let file = object["file"]
        return item(KlipyFields(
            id: identifier(object["id"]), sticker: object["type"]?.meaningfulText == "sticker",
            slug: object["slug"]?.meaningfulText, title: object["title"]?.meaningfulText,
            images: KlipyRenditions.images { size, format in
                file?[size]?[format].flatMap(Self.file)
            }))
    }

    /// Nil without an id a client can send back, a slug for its page, or any rendition.
    package static func item(_ fields: KlipyFields) -> Item? {
        guard let id = fields.id, let itemID = ItemID(provider: .klipy, upstreamID: Klipy.upstreamID(id: id, sticker: fields.sticker)),
              let slug = fields.slug, !fields.images.isEmpty else { return nil }
        return Item(
            id: itemID.rawValue, provider: .klipy, title: fields.title,
            url: "https://klipy.com/\(fields.sticker ? "stickers" : "gifs")/\(QueryEscaping.escape(slug))",
            images: fields.images, attribution: Klipy.attribution)
    }

    /// KLIPY's id is a number (16 digits); a string of digits is taken too. Digits only, so it
    /// goes back into a URL as sent.
    static func identifier(_ value: JSONValue?) -> String? {
        guard let value else { return nil }
        if let number = value.exactInteger, number > 0 { return String(number) }
        guard let text = value.meaningfulText, Klipy.lookup(text) != nil, !text.hasPrefix(Klipy.stickerPrefix) else { return nil }
        return text
    }

    /// One format of one size: a usable url and a positive size.
    static func file(_ object: JSONValue) -> KlipyRenditions.File? {
        guard object.isObject, let url = object["url"]?.webLink,
              let width = object["width"]?.integer(in: UpstreamNumber.positive),
              let height = object["height"]?.integer(in: UpstreamNumber.positive) else { return nil }
        return KlipyRenditions.File(url: url, width: width, height: height, bytes: object["size"]?.integer(in: UpstreamNumber.positive))
    }
}
