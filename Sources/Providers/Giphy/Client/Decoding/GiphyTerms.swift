import ProviderHTTP

/// The body of GIPHY's term endpoints: autocomplete (`data` is a list of `{"name": ...}`) and
/// trending searches (`data` is a list of strings). Neither shape is officially promised, so
/// both are read for both, leniently: an item that is neither is skipped.
struct GiphyTermsEnvelope: Decodable {
    var data: [Lenient<GiphyTerm>]?
    var meta: GiphyMeta?

    enum CodingKeys: String, CodingKey {
        case data, meta
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        data = try? container.decodeIfPresent([Lenient<GiphyTerm>].self, forKey: .data)
        meta = (try? container.decodeIfPresent(Lenient<GiphyMeta>.self, forKey: .meta))?.value
    }
}

/// One term: a plain string, or an object carrying it as `name`.
struct GiphyTerm: Decodable {
    let text: String?

    private enum CodingKeys: String, CodingKey {
        case name
    }

    init(from decoder: any Decoder) throws {
        if let plain = try? decoder.singleValueContainer().decode(LenientString.self), let text = plain.meaningful {
            self.text = text
        } else {
            text = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(LenientString.self, forKey: .name)?.meaningful
        }
    }
}
