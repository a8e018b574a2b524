import GifService
import HTTPServer

/// Query, path and body text turned into the service's validated inputs, checked against the service's
/// rules; a value that breaks one is `invalid_parameter`, naming the parameter.
enum RequestInputs {
    /// `offsetRange` narrows the offsets allowed (trending's is shorter than search's).
    static func page(_ query: QueryParameters, offsetRange: ClosedRange<Int> = PageRequest.offsetRange) throws(ServiceError) -> PageRequest {
        let offset = try integer(query["offset"], name: "offset", default: 0, range: offsetRange)
        let limit = try integer(query["limit"], name: "limit", default: PageRequest.defaultLimit, range: PageRequest.limitRange)
        // Both are in range, checked above with the parameter's name.
        guard let page = PageRequest(offset: offset, limit: limit) else { throw .invalid("offset", rangeRule(PageRequest.offsetRange)) }
        return page
    }

    /// Absent or empty: the service's default.
    static func rating(_ text: String?) throws(ServiceError) -> Rating? {
        guard let text, !text.isEmpty else { return nil }
        guard let rating = Rating(text) else {
            throw .invalid("rating", "must be one of \(Rating.all.map(\.rawValue).joined(separator: ", ")).")
        }
        return rating
    }

    static func lang(_ text: String?) throws(ServiceError) -> LanguageCode? {
        guard let text, !text.isEmpty else { return nil }
        guard let lang = LanguageCode(text) else { throw .invalid("lang", "must be a two-letter language code such as en.") }
        return lang
    }

    /// `gifs` or `stickers`, any letter case; absent or empty: GIFs.
    static func mediaType(_ text: String?) throws(ServiceError) -> MediaType {
        guard let text, !text.isEmpty else { return .default }
        guard let type = MediaType(text) else {
            throw .invalid("type", "must be one of \(MediaType.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        return type
    }

    /// Absent: `defaultValue`; otherwise an integer in `range`.
    static func limit(_ text: String?, default defaultValue: Int, range: ClosedRange<Int>) throws(ServiceError) -> Int {
        try integer(text, name: "limit", default: defaultValue, range: range)
    }

    static func gifID(_ text: String?, name: String = "id") throws(ServiceError) -> GIFID {
        guard let text, let id = GIFID(text) else {
            let lengths = GIFID.lengthRange
            throw .invalid(name, "must be \(lengths.lowerBound) to \(lengths.upperBound) letters and digits.")
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
            }
        }
    }

    /// Absent or empty: a new session.
    static func deckSession(_ text: String?) throws(ServiceError) -> DeckSessionID? {
        guard let text, !text.isEmpty else { return nil }
        guard let session = DeckSessionID(text) else { throw .invalid("session", "must be 1 to 64 letters and digits.") }
        return session
    }

    /// `renditions` of a list answer: absent gives the compact default; "all" or a comma list of
    /// rendition names chooses the renditions of a compact item.
    static func listForm(_ text: String?) throws(ServiceError) -> GIFForm {
        GIFForm(isCompact: true, renditions: try renditions(text) ?? RenditionSelection.listDefault)
    }

    /// `renditions` of a single GIF: absent gives every rendition.
    static func singleForm(_ text: String?) throws(ServiceError) -> GIFForm {
        GIFForm(isCompact: false, renditions: try renditions(text) ?? .all)
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
