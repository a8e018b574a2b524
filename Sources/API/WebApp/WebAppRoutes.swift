import HTTPServer

/// `GET /` and `GET /app/{file}`: the reference web app, a worked example of the public API.
/// Its files are compiled into the binary (Package.swift, `WebApp/Assets`), so nothing is read
/// from disk and the app always matches the server it ships with.
package enum WebAppRoutes {
    /// The web app's paths: pages for people, so openapi.yaml (the API for programs) leaves them out.
    package static let templates: Set<String> = [rootTemplate, fileTemplate]
    static let rootTemplate = "/"
    static let fileTemplate = "/app/{file}"
    static let pageName = "index.html"

    /// The page may load images from any https host (GIPHY's CDN today, other providers later)
    /// but talks to nobody but gif-bff, and runs no script it did not ship with.
    static let contentSecurityPolicy =
        "default-src 'self'; img-src 'self' https: data:; connect-src 'self'; " +
        "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'"

    /// - Parameters:
    ///   - providers: the providers served, written into the page so its switch offers them.
    ///   - defaultProvider: the one a request gets when it names none: the switch's first choice.
    static func register(on router: inout RouterBuilder, providers: [String], defaultProvider: String) {
        // Filled in once: the page is the same for every request (its compressed forms too).
        let page = CompressibleBody(WebAppPage.filled(WebAppAssets.named(pageName)?.body.bytes ?? [],
                                                      providers: providers, defaultProvider: defaultProvider),
                                    contentType: WebAppAssets.html)
        router.immediate(.get, rootTemplate) { request in
            try response(for: pageName, page: page, to: request)
        }
        router.immediate(.get, fileTemplate) { request in
            try response(for: request.pathParameters["file"] ?? "", page: page, to: request)
        }
    }

    static func response(for name: String, page: CompressibleBody, to request: HTTPRequest) throws -> HTTPResponse {
        guard let asset = WebAppAssets.named(name) else {
            throw ProblemDetails(status: .notFound, code: "not_found", title: "Not found",
                                 detail: "The web app has no file named \(name).")
        }
        var response = (name == pageName ? page : asset.body).response(to: request)
        // Revalidated each time; the ETag (one per coding) makes that a cheap 304.
        response.headers.set(name: "Cache-Control", value: CacheHeaders.untilUpgrade)
        response.headers.set(name: "X-Content-Type-Options", value: "nosniff")
        response.headers.set(name: "Referrer-Policy", value: "no-referrer")
        if asset.contentType.hasPrefix("text/html") {
            response.headers.set(name: "Content-Security-Policy", value: contentSecurityPolicy)
        }
        return response
    }
}
