import FakeUpstream
import UnsplashCatalog

/// A photo as Unsplash writes it. `detail` adds what only `GET /photos/{id}` and the random
/// endpoint send (`exif`, `location`); `apiBase` is where the fake serves (its download links);
/// the catalog says where the pictures are.
enum PhotoJSON {
    static func object(_ photo: CatalogPhoto, in catalog: PhotoCatalog, apiBase: String, detail: Bool) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("id", .string(photo.id)), ("slug", .string(photo.slug)), ("created_at", .string(photo.createdAt)),
            ("updated_at", .string(photo.createdAt)), ("width", .int(photo.width)), ("height", .int(photo.height)),
            ("color", .string(photo.color)), ("blur_hash", .string(photo.blurHash)),
            ("description", photo.description.map(JSONValue.string) ?? .null),
            ("alt_description", .string(photo.altDescription)),
            ("urls", .object(catalog.urls(of: photo).map { ($0.name, .string($0.url)) } + [
                ("small_s3", .string("https://s3.us-west-2.amazonaws.com/images.unsplash.com/small/photo-\(photo.id)")),
            ])),
            ("links", .object([
                ("self", .string("\(apiBase)/photos/\(photo.id)")), ("html", .string(photo.pageURL)),
                ("download", .string("https://unsplash.com/photos/\(photo.id)/download?ixid=\(photo.ixid)")),
                ("download_location", .string(PhotoCatalog.downloadLocation(of: photo, apiBase: apiBase))),
            ])),
            ("likes", .int(photo.likes)), ("liked_by_user", .bool(false)),
            ("user", user(photo.photographer, images: catalog.profileImages(of: photo.photographer.username), apiBase: apiBase)),
        ]
        if detail {
            members.append(("exif", exif(photo.exif)))
            members.append(("location", location(photo.location)))
            members.append(("tags", .array(photo.tags.map { .object([("type", "search"), ("title", .string($0))]) })))
        }
        return .object(members)
    }

    private static func user(_ photographer: CatalogPhotographer, images: [(name: String, url: String)], apiBase: String) -> JSONValue {
        .object([
            ("id", .string("u-" + photographer.username)), ("username", .string(photographer.username)),
            ("name", .string(photographer.name)), ("portfolio_url", .null), ("bio", .null),
            ("links", .object([
                ("self", .string("\(apiBase)/users/\(photographer.username)")),
                ("html", .string(photographer.profileURL)),
            ])),
            ("profile_image", .object(images.map { ($0.name, .string($0.url)) })),
        ])
    }

    /// Every field present, null when unknown: all null for most photos, as at Unsplash.
    private static func exif(_ exif: CatalogExif?) -> JSONValue {
        func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        return .object([
            ("make", text(exif?.make)), ("model", text(exif?.model)), ("name", text(exif?.name)),
            ("exposure_time", text(exif?.exposureTime)), ("aperture", text(exif?.aperture)),
            ("focal_length", text(exif?.focalLength)), ("iso", exif?.iso.map(JSONValue.int) ?? .null),
        ])
    }

    private static func location(_ location: CatalogLocation?) -> JSONValue {
        func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        return .object([
            ("name", text(location?.name)), ("city", text(location?.city)), ("country", text(location?.country)),
            ("position", .object([("latitude", location == nil ? .null : .double(35.676192)),
                                  ("longitude", location == nil ? .null : .double(139.650311))])),
        ])
    }

    /// `{"errors": ["message", ...]}`.
    static func errors(_ messages: [String]) -> String {
        JSONValue.object([("errors", .array(messages.map(JSONValue.string)))]).text
    }
}
