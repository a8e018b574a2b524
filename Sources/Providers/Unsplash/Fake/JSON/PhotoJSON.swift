import FakeUpstream
import JSON
import UnsplashCatalog

/// A photo as Unsplash writes it, its keys in Unsplash's order. `detail` adds what only
/// `GET /photos/{id}` and the random endpoint send (`exif`, `location`, `tags`); `apiBase` is
/// where the fake serves (its download links); the catalog says where the pictures are.
enum PhotoJSON {
    static func write(_ photo: CatalogPhoto, in catalog: PhotoCatalog, apiBase: String, detail: Bool, to writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("id", photo.id)
            writer.member("slug", photo.slug)
            writer.member("created_at", photo.createdAt)
            writer.member("updated_at", photo.createdAt)
            writer.member("width", photo.width)
            writer.member("height", photo.height)
            writer.member("color", photo.color)
            writer.member("blur_hash", photo.blurHash)
            writer.orNull("description", photo.description)
            writer.member("alt_description", photo.altDescription)
            writer.key("urls")
            writer.object { writer in
                for (name, url) in catalog.urls(of: photo) { writer.key(escaping: name); writer.string(url) }
                writer.member("small_s3", "https://s3.us-west-2.amazonaws.com/images.unsplash.com/small/photo-\(photo.id)")
            }
            writer.key("links")
            writer.object { writer in
                writer.member("self", "\(apiBase)/photos/\(photo.id)")
                writer.member("html", photo.pageURL)
                writer.member("download", "https://unsplash.com/photos/\(photo.id)/download?ixid=\(photo.ixid)")
                writer.member("download_location", PhotoCatalog.downloadLocation(of: photo, apiBase: apiBase))
            }
            writer.member("likes", photo.likes)
            writer.key("liked_by_user")
            writer.bool(false)
            writer.key("user")
            write(photo.photographer, images: catalog.profileImages(of: photo.photographer.username), apiBase: apiBase, to: &writer)
            guard detail else { return }
            writer.key("exif")
            write(photo.exif, to: &writer)
            writer.key("location")
            write(photo.location, to: &writer)
            writer.key("tags")
            writer.array(photo.tags) { writer, tag in
                writer.object { writer in
                    writer.member("type", "search")
                    writer.member("title", tag)
                }
            }
        }
    }

    /// `GET /search/photos`: `{"total", "total_pages", "results": [...]}`, the photos in their list form.
    static func searchResults(_ photos: some Sequence<CatalogPhoto>, total: Int, totalPages: Int, in catalog: PhotoCatalog,
                              apiBase: String) -> [UInt8] {
        FakeBody.object { writer in
            writer.member("total", total)
            writer.member("total_pages", totalPages)
            writer.key("results")
            writer.array(photos) { writer, photo in write(photo, in: catalog, apiBase: apiBase, detail: false, to: &writer) }
        }
    }

    /// `{"errors": ["message", ...]}`.
    static func errors(_ messages: [String]) -> [UInt8] {
        FakeBody.object { writer in
            writer.key("errors")
            writer.array(messages) { writer, message in writer.string(message) }
        }
    }

    private static func write(_ photographer: CatalogPhotographer, images: [(name: String, url: String)], apiBase: String,
                              to writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("id", "u-" + photographer.username)
            writer.member("username", photographer.username)
            writer.member("name", photographer.name)
            writer.orNull("portfolio_url", nil)
            writer.orNull("bio", nil)
            writer.key("links")
            writer.object { writer in
                writer.member("self", "\(apiBase)/users/\(photographer.username)")
                writer.member("html", photographer.profileURL)
            }
            writer.key("profile_image")
            writer.object { writer in
                for (name, url) in images { writer.key(escaping: name); writer.string(url) }
            }
        }
    }

    /// Every field present, null when unknown: all null for most photos, as at Unsplash.
    private static func write(_ exif: CatalogExif?, to writer: inout JSONWriter) {
        writer.object { writer in
            writer.orNull("make", exif?.make)
            writer.orNull("model", exif?.model)
            writer.orNull("name", exif?.name)
            writer.orNull("exposure_time", exif?.exposureTime)
            writer.orNull("aperture", exif?.aperture)
            writer.orNull("focal_length", exif?.focalLength)
            writer.key("iso")
            if let iso = exif?.iso { writer.int(iso) } else { writer.null() }
        }
    }

    /// Every field present, null when unknown; a known place is always Tokyo's position.
    private static func write(_ location: CatalogLocation?, to writer: inout JSONWriter) {
        writer.object { writer in
            writer.orNull("name", location?.name)
            writer.orNull("city", location?.city)
            writer.orNull("country", location?.country)
            writer.key("position")
            writer.object { writer in
                for (key, degrees): (StaticString, Double) in [("latitude", 35.676192), ("longitude", 139.650311)] {
                    writer.key(key)
                    if location == nil { writer.null() } else { writer.double(degrees) }
                }
            }
        }
    }
}

extension JSONWriter {
    /// A member Unsplash always sends: its text, or null when there is none.
    fileprivate mutating func orNull(_ name: StaticString, _ value: String?) {
        key(name)
        if let value { string(value) } else { null() }
    }
}
