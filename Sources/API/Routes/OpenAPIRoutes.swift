import HTTPServer

/// `GET /openapi.yaml`: the API's contract. SwiftPM compiles openapi.yaml into the binary
/// (`PackageResources`, see Package.swift), so the document served is always the one built from.
enum OpenAPIRoutes {
    static let contentType = "application/yaml"

    static func register(on router: inout RouterBuilder) {
        let body = CompressibleBody(PackageResources.openapi_yaml, contentType: contentType)
        router.immediate(.get, "/openapi.yaml") { request in
            // Its ETag is a hash of the document: a client revalidates each time and gets a 304
            // until the server is upgraded, never a contract cached past an upgrade.
            var response = body.response(to: request)
            response.headers.set(name: "Cache-Control", value: CacheHeaders.untilUpgrade)
            return response
        }
    }
}
