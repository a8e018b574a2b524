import Model
import JSON

/// Our item read back from the JSON the server wrote (cached answers, favorites' snapshots, the
/// spotlight's pick), with the writer's keys (`ItemKeys`). A member of the wrong type, or a number
/// past belief (`UpstreamNumber`: written by a build that believed any), fails the read, and
/// what holds the item drops it rather than guess.
extension Item: JSONReadable {
    package init(json: JSONValue) throws(JSONShapeError) {
        typealias K = ItemKeys
        let object = try JSONObject(json)
        let providerText = try object.string(K.provider)
        // Items stored before they named their provider were given one by the schema's version 6.
        guard let provider = ProviderName(providerText) else { throw JSONShapeError("\(providerText) is not a provider name") }
        var images = Renditions()
        if let renditions = try object.optionalObject(K.images) {
            for (name, rendition) in renditions.value.members { images[name] = try Rendition(json: rendition) }
        }
        let createdAt = try object.optionalString(K.createdAt).map { text throws(JSONShapeError) in
            guard let date = ISO8601.date(from: text) else { throw JSONShapeError("\(K.createdAt) is not an ISO 8601 date: \(text)") }
            return date
        }
        self.init(id: try object.string(K.id), provider: provider, title: try object.optionalString(K.title),
                  altText: try object.optionalString(K.altText), rating: try object.optionalString(K.rating),
                  url: try object.string(K.url), shareURL: try object.optionalString(K.shareURL),
                  username: try object.optionalString(K.username), user: try object.optional(K.user, as: Author.self),
                  createdAt: createdAt, isFavorite: try object.optionalBool(K.isFavorite), images: images,
                  width: try object.optionalInt(K.width, in: UpstreamNumber.positive),
                  height: try object.optionalInt(K.height, in: UpstreamNumber.positive),
                  color: try object.optionalString(K.color), blurHash: try object.optionalString(K.blurHash),
                  likes: try object.optionalInt(K.likes, in: UpstreamNumber.positive),
                  location: try object.optional(K.location, as: PhotoLocation.self),
                  camera: try object.optional(K.camera, as: PhotoCamera.self),
                  attribution: try object.optional(K.attribution, as: Attribution.self),
                  upstreamLinks: try object.optional(K.upstreamLinks, as: UpstreamLinks.self))
        // A stored share_text is kept only where it is not the default one derived again here.
        if let stored = try object.optionalString(K.shareText), stored != shareText {
            presetShareText = stored
        }
    }
}

extension Rendition: JSONReadable {
    package init(json: JSONValue) throws(JSONShapeError) {
        typealias K = ItemKeys
        let object = try JSONObject(json)
        self.init(url: try object.string(K.url), width: try object.int(K.width, in: UpstreamNumber.positive),
                  height: try object.int(K.height, in: UpstreamNumber.positive),
                  size: try object.optionalInt(K.size, in: UpstreamNumber.positive),
                  mp4: try object.optionalString(K.mp4), webp: try object.optionalString(K.webp))
    }
}

extension Author: JSONReadable {
    package init(json: JSONValue) throws(JSONShapeError) {
        typealias K = ItemKeys
        let object = try JSONObject(json)
        self.init(displayName: try object.optionalString(K.displayName), username: try object.optionalString(K.username),
                  avatarURL: try object.optionalString(K.avatarURL), profileURL: try object.optionalString(K.profileURL))
    }
}

extension Attribution: JSONReadable {
    package init(json: JSONValue) throws(JSONShapeError) {
        typealias K = ItemKeys
        let object = try JSONObject(json)
        self.init(text: try object.string(K.text), authorURL: try object.optionalString(K.authorURL),
                  providerURL: try object.optionalString(K.providerURL))
    }
}

extension PhotoLocation: JSONReadable {
    package init(json: JSONValue) throws(JSONShapeError) {
        typealias K = ItemKeys
        let object = try JSONObject(json)
        self.init(name: try object.optionalString(K.name), city: try object.optionalString(K.city),
                  country: try object.optionalString(K.country))
    }
}

extension PhotoCamera: JSONReadable {
    package init(json: JSONValue) throws(JSONShapeError) {
        typealias K = ItemKeys
        let object = try JSONObject(json)
        self.init(make: try object.optionalString(K.make), model: try object.optionalString(K.model),
                  exposureTime: try object.optionalString(K.exposureTime), aperture: try object.optionalString(K.aperture),
                  focalLength: try object.optionalString(K.focalLength), iso: try object.optionalInt(K.iso, in: UpstreamNumber.positive))
    }
}

extension UpstreamLinks: JSONReadable {
    package init(json: JSONValue) throws(JSONShapeError) {
        typealias K = ItemKeys
        let object = try JSONObject(json)
        self.init(downloadLocation: try object.optionalString(K.downloadLocation), onload: try object.optionalString(K.onload),
                  onclick: try object.optionalString(K.onclick), onsent: try object.optionalString(K.onsent))
    }
}
