import JSON

/// The members of a GIPHY GIF object that `GIFMapping.gif` reads, found in one pass over its
/// members (looked up one by one, each field scanned the keys before it again). The first of a
/// repeated key counts, as a lookup by name finds it.
struct GIFMembers {
    var id, url, title, altText, rating, bitlyURL, username, user, created, imported, images, analytics: JSONView?

    init(_ object: JSONView) {
        object.forEachMember { key, value in
            switch key {
            case "id": keepFirst(&id, value)
            case "url": keepFirst(&url, value)
            case "title": keepFirst(&title, value)
            case "alt_text": keepFirst(&altText, value)
            case "rating": keepFirst(&rating, value)
            case "bitly_url": keepFirst(&bitlyURL, value)
            case "username": keepFirst(&username, value)
            case "user": keepFirst(&user, value)
            case "create_datetime": keepFirst(&created, value)
            case "import_datetime": keepFirst(&imported, value)
            case "images": keepFirst(&images, value)
            case "analytics": keepFirst(&analytics, value)
            default: break
            }
        }
    }
}
