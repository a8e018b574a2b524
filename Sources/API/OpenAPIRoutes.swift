import HTTPServer

/// `GET /openapi.yaml`: the API's contract, embedded in the binary (see scripts/embed-openapi.sh).
enum OpenAPIRoutes {
    static let contentType = "application/yaml"

    static func register(on router: inout RouterBuilder) {
        let body = Array(OpenAPIDocument.yaml.utf8)
        router.get("/openapi.yaml") { _ in
            HTTPResponse(status: .ok, contentType: contentType, body: body)
        }
    }
}
