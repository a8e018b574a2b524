import JSON

/// The members of an Unsplash photo object that `PhotoMapping.item` reads, found in one pass over
/// its members (looked up one by one, each field scanned the keys before it again: a search
/// page's photo has some thirty). The first of a repeated key counts, as a lookup by name finds it.
struct PhotoMembers {
    var id, width, height, urls, links, description, altDescription, createdAt: JSONView?
    var color, blurHash, likes, user, location, exif: JSONView?

    init(_ photo: JSONView) {
        photo.forEachMember { key, value in
            switch key {
            case "id": keepFirst(&id, value)
            case "width": keepFirst(&width, value)
            case "height": keepFirst(&height, value)
            case "urls": keepFirst(&urls, value)
            case "links": keepFirst(&links, value)
            case "description": keepFirst(&description, value)
            case "alt_description": keepFirst(&altDescription, value)
            case "created_at": keepFirst(&createdAt, value)
            case "color": keepFirst(&color, value)
            case "blur_hash": keepFirst(&blurHash, value)
            case "likes": keepFirst(&likes, value)
            case "user": keepFirst(&user, value)
            case "location": keepFirst(&location, value)
            case "exif": keepFirst(&exif, value)
            default: break
            }
        }
    }
}
