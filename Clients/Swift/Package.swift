// swift-tools-version:6.0
// The Swift client for gif-bff. Its own package, so the server package keeps no dependencies.
// The API is generated from the repository's openapi.yaml at build time (the generator's build
// plugin); Sources/GifBFFClient/openapi.yaml is a symlink to it, so there is one spec.
import PackageDescription

let package = Package(
    name: "GifBFFClient",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "GifBFFClient", targets: ["GifBFFClient"]),
        .executable(name: "gif-bff-client-smoke", targets: ["GifBFFClientSmoke"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator", from: "1.14.3"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession", from: "1.4.0"),
        // Already a dependency of the runtime; named so the middlewares can use its header names.
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
    ],
    targets: [
        .target(
            name: "GifBFFClient",
            dependencies: [
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
        ),
        .executableTarget(
            name: "GifBFFClientSmoke",
            dependencies: [
                "GifBFFClient",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
            ]
        ),
        .testTarget(
            name: "GifBFFClientTests",
            dependencies: [
                "GifBFFClient",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
