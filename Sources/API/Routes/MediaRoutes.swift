import DemoMedia
import HTTPServer
import Service
import Model

/// GET /media/{provider}/{key}/{name}: the demo catalogs' pictures, served by gif-bff itself, so
/// a first run without keys shows real images from wherever the app reached the server. A
/// picture never changes (the same recipe, the same bytes): cached for a year, with an ETag, and
/// loadable from a page on any origin (`Cross-Origin-Resource-Policy: cross-origin`). A provider
/// served with its real key has no demo media here: 404, and its answers keep its own links.
/// A blocked item's pictures are not found either.
enum MediaRoutes {
    static let template = "/media/{provider}/{key}/{name}"
    static let cacheControl = "public, max-age=31536000, immutable"

    static func register(on router: inout RouterBuilder, library: DemoMediaLibrary?, blocklist: Blocklist = Blocklist()) {
        router.serveWaiting(.get, template) { request in
            let parameters = request.pathParameters
            guard let library, let provider = parameters["provider"], let key = parameters["key"], let name = parameters["name"] else {
                throw notFound("No demo media is served here: every provider runs with its real key.")
            }
            if let providerName = ProviderName(provider), let id = ItemID(provider: providerName, upstreamID: key),
               blocklist.blocks.blocks(item: id.rawValue) {
                throw notFound("No such picture.")
            }
            var query: [String: String] = [:]
            for item in request.query where query[item.name] == nil { query[item.name] = item.value }
            let image: DemoMediaLibrary.Image
            do throws(DemoMediaError) {
                image = try await library.image(provider: provider, key: key, name: name, query: query)
            } catch {
                switch error {
                case .notFound(let detail): throw notFound(detail)
                case .invalid(let parameter, let rule): throw ServiceError.invalid(parameter, rule)
                case .busy(let seconds): throw busy(retryAfterSeconds: seconds)
                }
            }
            var response = HTTPResponse(status: .ok, contentType: image.contentType, body: image.bytes)
            response.headers.set(name: "Cache-Control", value: cacheControl)
            response.headers.set(name: "ETag", value: ConditionalGET.entityTag(of: image.bytes))
            response.headers.set(name: "Cross-Origin-Resource-Policy", value: "cross-origin")
            return response
        }
    }

    /// The drawing queue is full: a picture already drawn is still answered, and this one may be soon.
    private static func busy(retryAfterSeconds: Int) -> ProblemDetails {
        ProblemDetails(status: .serviceUnavailable, code: "media_busy", title: "Drawing busy",
                       detail: "Too many demo pictures wait to be drawn; ask again in \(retryAfterSeconds) s.",
                       headers: ["Retry-After": String(retryAfterSeconds)])
    }

    private static func notFound(_ detail: String) -> ProblemDetails {
        ProblemDetails(status: .notFound, code: "media_not_found", title: "No such media", detail: detail)
    }
}
