// swift-tools-version:6.0
import PackageDescription

// Layers, dependencies pointing one way:
//   HTTPServer (transport, knows nothing of GIFs) <- API <- gif-bff (executable)
//   SQLite (thin libsqlite3 wrapper) <- Storage (schema, favorites, history)
//   GifService (the rules; protocols for the store and the upstream; no sockets, no SQL)
let strict: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
]

let package = Package(
    name: "gif-bff",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "gif-bff", targets: ["gif-bff"]),
        .library(name: "HTTPServer", targets: ["HTTPServer"]),
    ],
    targets: [
        // What Glibc does not export to Swift: epoll, eventfd, accept4.
        .target(name: "CSystemShims"),
        .target(name: "HTTPServer", dependencies: ["CSystemShims"], swiftSettings: strict),
        .executableTarget(name: "gif-bff", dependencies: ["HTTPServer"], swiftSettings: strict),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer"], swiftSettings: strict),
    ]
)
