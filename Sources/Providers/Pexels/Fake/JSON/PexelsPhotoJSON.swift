import DemoCatalog
import FakeUpstream
import JSON
import PexelsCatalog

/// A photo and a list page as Pexels writes them, keys in Pexels' order.
enum PexelsPhotoJSON {
    static func write(_ photo: PexelsCatalogPhoto, in catalog: PexelsCatalog, to writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("id", photo.id)
            writer.member("width", photo.width)
            writer.member("height", photo.height)
            writer.member("url", photo.pageURL)
            writer.member("photographer", photo.photographer.name)
            writer.member("photographer_url", photo.photographer.profileURL)
            writer.member("photographer_id", photo.photographer.id)
            writer.member("avg_color", photo.averageColor)
            writer.key("src")
            writer.object { writer in
                for (name, url) in catalog.sources(of: photo) { writer.key(escaping: name); writer.string(url) }
            }
            writer.key("liked")
            writer.bool(false)
            writer.member("alt", photo.alt)
        }
    }

    /// `{"page", "per_page", "photos", "total_results", "prev_page"?, "next_page"?}`: the page
    /// links only where such a page exists (none at all past the end), on the host asked, with
    /// the slash Pexels writes after the path (`/v1/search/?page=2&per_page=15&query=nature`).
    static func page(_ photos: [PexelsCatalogPhoto], paging: PexelsPaging, total: Int, in catalog: PexelsCatalog,
                     link: (Int) -> String) -> [UInt8] {
        FakeBody.object { writer in
            writer.member("page", paging.page)
            writer.member("per_page", paging.perPage)
            writer.key("photos")
            writer.array(photos) { writer, photo in write(photo, in: catalog, to: &writer) }
            writer.member("total_results", total)
            if paging.page > 1, !photos.isEmpty { writer.member("prev_page", link(paging.page - 1)) }
            if paging.hasNext(total: total) { writer.member("next_page", link(paging.page + 1)) }
        }
    }

    /// `{"error": "message"}`.
    static func error(_ message: String) -> [UInt8] {
        FakeBody.object { writer in writer.member("error", message) }
    }
}
