import FakeUpstream

/// A photo as Unsplash writes it. `detail` adds what only `GET /photos/{id}` and the random
/// endpoint send (`exif`, `location`); `apiBase` is where the fake serves (its download links);
/// the catalog says where the pictures are.
enum PhotoJSON {
    static func object(_ photo: FakePhoto, in catalog: FakePhotoCatalog, apiBase: String, detail: Bool) -> JSONValue {
        let raw = catalog.rawURL(of: photo)
        var members: [(String, JSONValue)] = [
            ("id", .string(photo.id)), ("slug", .string(photo.slug)), ("created_at", .string(photo.createdAt)),
            ("updated_at", .string(photo.createdAt)), ("width", .int(photo.width)), ("height", .int(photo.height)),
            ("color", .string(photo.color)), ("blur_hash", .string(photo.blurHash)),
            ("description", photo.description.map(JSONValue.string) ?? .null),
            ("alt_description", .string(photo.altDescription)),
            ("urls", .object([
                ("raw", .string(raw)), ("full", .string(raw + "&q=85&fm=jpg&crop=entropy&cs=srgb")),
                ("regular", .string(raw + "&q=80&w=1080&fit=max")), ("small", .string(raw + "&q=80&w=400&fit=max")),
                ("thumb", .string(raw + "&q=80&w=200&fit=max")),
                ("small_s3", .string("https://s3.us-west-2.amazonaws.com/images.unsplash.com/small/photo-\(photo.id)")),
            ])),
            ("links", .object([
                ("self", .string("\(apiBase)/photos/\(photo.id)")), ("html", .string("https://unsplash.com/photos/\(photo.slug)")),
                ("download", .string("https://unsplash.com/photos/\(photo.id)/download?ixid=\(photo.ixid)")),
                ("download_location", .string("\(apiBase)/photos/\(photo.id)/download?ixid=\(photo.ixid)")),
            ])),
            ("likes", .int(photo.likes)), ("liked_by_user", .bool(false)),
            ("user", user(photo.photographer, avatar: catalog.profileImageURL(of: photo.photographer.username), apiBase: apiBase)),
        ]
        if detail {
            members.append(("exif", exif(photo.exif)))
            members.append(("location", location(photo.location)))
            members.append(("tags", .array(photo.tags.map { .object([("type", "search"), ("title", .string($0))]) })))
        }
        return .object(members)
    }

    private static func user(_ photographer: FakePhotographer, avatar: String, apiBase: String) -> JSONValue {
        return .object([
            ("id", .string("u-" + photographer.username)), ("username", .string(photographer.username)),
            ("name", .string(photographer.name)), ("portfolio_url", .null), ("bio", .null),
            ("links", .object([
                ("self", .string("\(apiBase)/users/\(photographer.username)")),
                ("html", .string("https://unsplash.com/@\(photographer.username)")),
            ])),
            ("profile_image", .object([
                ("small", .string(avatar + "&w=32&h=32")), ("medium", .string(avatar + "&w=64&h=64")),
                ("large", .string(avatar + "&w=128&h=128")),
            ])),
        ])
    }

    /// Every field present, null when unknown: all null for most photos, as at Unsplash.
    private static func exif(_ exif: FakeExif?) -> JSONValue {
        func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        return .object([
            ("make", text(exif?.make)), ("model", text(exif?.model)), ("name", text(exif?.name)),
            ("exposure_time", text(exif?.exposureTime)), ("aperture", text(exif?.aperture)),
            ("focal_length", text(exif?.focalLength)), ("iso", exif?.iso.map(JSONValue.int) ?? .null),
        ])
    }

    private static func location(_ location: FakeLocation?) -> JSONValue {
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
