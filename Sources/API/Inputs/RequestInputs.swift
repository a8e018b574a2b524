import Wire
import ASCII
import Service
import Model
import HTTPServer

/// Query, path and body text turned into the service's validated inputs, checked against the service's
/// rules; a value that breaks one is `invalid_parameter`, naming the parameter.
enum RequestInputs {
    /// Offset and limit within the provider's rules (`offsetRange`: its search's or its trending's): its limits and default, and, for an upstream
    /// that pages by number, an offset that is a multiple of the limit.
    /// Reads the provider's rules in place: a copy of them (as an argument) retained each of their
    /// arrays and strings, on every page request.
    static func page(_ query: QueryParameters, provider: ProviderGateway, offsetRange: ClosedRange<Int>) throws(ServiceError) -> PageRequest {
        let offset = try integer(query["offset"], name: "offset", default: 0, range: offsetRange)
        let limit = try integer(query["limit"], name: "limit", default: provider.rules.defaultLimit, range: provider.rules.limitRange)
        if provider.rules.offsetsAreWholePages, offset % limit != 0 {
            throw .invalid("offset", "must be a multiple of limit (\(limit)) for \(provider.rules.naming.displayName), which pages by page number.")
        }
        // Both are in the provider's ranges, checked above with the parameter's name.
        guard let page = PageRequest(offset: offset, limit: limit) else { throw .invalid("offset", rangeRule(offsetRange)) }
        return page
    }

    /// `provider`: one of those served, alone (strict: never a fallback); absent, the chain of
    /// `kind` (`gifs` or `photos`), else the default chain. An empty value is no provider (as for
    /// every parameter with a fixed set of values, openapi.yaml's enums). Both named: the
    /// provider must serve that kind.
    static func providers(_ query: QueryParameters, among providers: ProviderGateways) throws(ServiceError) -> ProviderChain {
        let kind = try kind(query["kind"])
        guard let text = query["provider"] else {
            guard let kind else { return providers.defaultChain }
            guard let chain = providers.chain(kind) else { throw .invalid("kind", "no provider of \(kind.rawValue) is served here.") }
            return chain
        }
        guard let name = ProviderName(text), let chain = providers.alone(name) else {
            throw .unknownProvider(among: providers.names)
        }
        let provider = chain.first
        if let kind, provider.rules.kind != kind {
            throw .invalid("kind", "\(provider.rules.naming.displayName) serves \(provider.rules.kind.rawValue), not \(kind.rawValue); leave kind out or name another provider.")
        }
        return chain
    }

    /// `gifs` or `photos`, any letter case; absent: none.
    static func kind(_ text: String?) throws(ServiceError) -> ItemKind? {
        guard let text else { return nil }
        guard let kind = ItemKind(text) else {
            throw .invalid("kind", "must be one of \(ItemKind.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        return kind
    }

    /// `order_by`: one of the orders the provider has for the endpoint; absent, its default.
    static func order(_ text: String?, allowed: [String], provider: ProviderGateway) throws(ServiceError) -> String? {
        guard let text else { return nil }
        guard allowed.contains(text) else {
            throw .invalid("order_by", allowed.isEmpty
                ? "\(provider.rules.naming.displayName) has no ordering here; leave order_by out."
                : "must be one of \(allowed.joined(separator: ", ")) for \(provider.rules.naming.displayName).")
        }
        return text
    }

    /// `type` within what the provider serves; absent, its first (GIFs for GIPHY).
    static func mediaType(_ text: String?, provider: ProviderGateway) throws(ServiceError) -> MediaType {
        let type = try mediaType(text)
        guard text != nil else { return provider.rules.mediaTypes.first ?? .default }
        guard provider.rules.mediaTypes.contains(type) else {
            let served = provider.rules.mediaTypes.map(\.rawValue)
            throw .invalid("type", served.isEmpty
                ? "\(provider.rules.naming.displayName) serves photos only; leave type out."
                : "must be one of \(served.joined(separator: ", ")) for \(provider.rules.naming.displayName).")
        }
        return type
    }

    /// Absent: the service's default.
    static func rating(_ text: String?) throws(ServiceError) -> Rating? {
        guard let text else { return nil }
        guard let rating = Rating(text) else {
            throw .invalid("rating", "must be one of \(Rating.all.map(\.rawValue).joined(separator: ", ")).")
        }
        return rating
    }

    static func lang(_ text: String?) throws(ServiceError) -> LanguageCode? {
        guard let text else { return nil }
        guard let lang = LanguageCode(text) else { throw .invalid("lang", "must be a two-letter language code such as en.") }
        return lang
    }

    /// `gifs` or `stickers`, any letter case; absent: GIFs.
    static func mediaType(_ text: String?) throws(ServiceError) -> MediaType {
        guard let text else { return .default }
        guard let type = MediaType(text) else {
            throw .invalid("type", "must be one of \(MediaType.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        return type
    }

    /// Absent: `defaultValue`; otherwise an integer in `range`.
    static func limit(_ text: String?, default defaultValue: Int, range: ClosedRange<Int>) throws(ServiceError) -> Int {
        try integer(text, name: "limit", default: defaultValue, range: range)
    }

    static func itemID(_ text: String?, name: String = "id") throws(ServiceError) -> ItemID {
        guard let text, let id = ItemID(text) else {
            let lengths = ItemID.lengthRange
            throw .invalid(name, "must be an item id as answers give it: \(lengths.lowerBound) to \(lengths.upperBound) letters "
                + "and digits, or a provider's name, a colon and \(lengths.lowerBound) to \(lengths.upperBound) letters, digits, - or _.")
        }
        return id
    }

    /// Words for `q` or `tag`; nil when absent or blank.
    static func words(_ text: String?, name: String) throws(ServiceError) -> SearchWords? {
        do throws(SearchWords.Rejection) {
            return try SearchWords.parse(text ?? "")
        } catch {
            switch error {
            case .tooLong: throw .invalid(name, "must be at most \(SearchWords.maxLength) characters.")
            case .controlCharacter: throw controlCharacters(name)
            }
        }
    }

    /// Text to look for in the search history (`contains`); nil when absent.
    static func historyFragment(_ text: String?) throws(ServiceError) -> String? {
        guard let text else { return nil }
        guard !ControlCharacters.present(in: text) else { throw controlCharacters("contains") }
        return text
    }

    private static func controlCharacters(_ name: String) -> ServiceError {
        .invalid(name, "must not hold \(ControlCharacters.described).")
    }

    /// Absent or empty: a new session.
    static func deckSession(_ text: String?) throws(ServiceError) -> DeckSessionID? {
        guard let text, !text.isEmpty else { return nil }
        guard let session = DeckSessionID(text) else { throw .invalid("session", "must be 1 to 64 letters and digits.") }
        return session
    }

    /// `renditions` of a list answer: absent gives the compact default; "all" or a comma list of
    /// rendition names chooses the renditions of a compact item.
    /// `linkBase`: what the answer writes this server's own links against (`LinkBase`).
    static func listForm(_ text: String?, linked: LinkedForms.Linked) throws(ServiceError) -> ItemForm {
        // Without `renditions` (nearly every request) the form linked once for the request's host.
        guard let selection = try renditions(text) else { return linked.compact }
        return ItemForm(isCompact: true, renditions: selection, linkBase: linked.base)
    }

    /// `renditions` of a single item: absent gives every rendition.
    static func singleForm(_ text: String?, linked: LinkedForms.Linked) throws(ServiceError) -> ItemForm {
        guard let selection = try renditions(text) else { return linked.full }
        return ItemForm(isCompact: false, renditions: selection, linkBase: linked.base)
    }

    private static func renditions(_ text: String?) throws(ServiceError) -> RenditionSelection? {
        guard let text else { return nil }
        guard let selection = RenditionSelection(text) else {
            throw .invalid("renditions", "must be all or a comma list of \(RenditionSelection.knownNames.joined(separator: ", ")).")
        }
        return selection
    }

    /// Absent gives the default; anything else, an empty value included, must be an integer in range.
    static func integer(_ text: String?, name: String, default value: Int, range: ClosedRange<Int>) throws(ServiceError) -> Int {
        guard let text else { return value }
        guard let number = Int(text), range.contains(number) else { throw .invalid(name, rangeRule(range)) }
        return number
    }

    private static func rangeRule(_ range: ClosedRange<Int>) -> String {
        "must be an integer from \(range.lowerBound) to \(range.upperBound)."
    }
}
