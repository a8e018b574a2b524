import HTTPServer

/// `GET /openapi.yaml`: the API's contract. SwiftPM compiles openapi.yaml into the binary
/// (`PackageResources`, see Package.swift), so the document served is always the one built from.
enum OpenAPIRoutes {
    static let contentType = "application/yaml"

    static func register(on router: inout RouterBuilder) {
        let body = PackageResources.openapi_yaml
        router.get("/openapi.yaml") { _ in
            HTTPResponse(status: .ok, contentType: contentType, body: body)
        }
    }
}
