// swift-tools-version:6.0
import PackageDescription

// Layers, each depending only on layers below it (docs/architecture.md draws them). A target
// declares exactly the targets it imports, no more: CI builds with
// `--explicit-target-dependency-import-check error` and runs scripts/check-target-imports.py.
//   gif-bff -> GifBFFApp: settings, wiring, signals (no fake, no fault board: .ci/run checks its symbols)
//   API: routes from HTTP to the features and back, the one table from error kinds to statuses
//       -> HTTPServer, Service, Gateway, Wire, Model, DemoMedia (the demo pictures it serves), Primitives
//   Storage: each store written once for SQLite and PostgreSQL, built by Stores.open
//       -> SQLite -> CSQLite, PostgreSQL -> CPostgreSQL (each on DedicatedThread), Service (the store protocols)
//   Service: the features, their rules (no sockets, no SQL, no HTTP statuses) -> Gateway, Primitives, COpenSSL
//   Gateway: every upstream call (cache, coalescing, budget, hold-off, stale answers) -> Wire, Primitives
//   Wire: the model's JSON forms -> Model, JSON
//   Model: items, typed inputs, the Provider protocol, error kinds without HTTP -> ASCII
//   GiphyClient, UnsplashClient, PexelsClient -> ProviderHTTP (libcurl on an epoll loop) -> CCurl, Model, JSON
//   GiphyDemo, UnsplashDemo, PexelsDemo (in-process, without a key) -> the client's mapping, the catalog, DemoMedia
//   FakeGiphy, FakeUnsplash, FakePexels (tests and fake-* only) -> FakeUpstream -> HTTPServer, and the same catalogs
//   GiphyCatalog, UnsplashCatalog, PexelsCatalog -> DemoCatalog: the demo items, knowing neither Service nor HTTP
//   DemoMedia: the demo pictures (GIF and PNG encoders, a cache bounded in bytes) -> CZlib, Primitives, DedicatedThread
//   HTTPServer: the transport, knowing no items -> JSON, ASCII, Primitives, CSystemShims, CZlib, CBrotli
//   JSON -> ASCII; ASCII, DedicatedThread: nothing of ours
//   Primitives: the performance primitives any layer may use (value ready or pending, set-once
//       reference, striped mutex, shared box, async mutex, bounded LRU): nothing of ours
// No other package links a library of this one (Clients/Swift talks HTTP; Fuzz/ compiles sources
// itself), so the products are the executables and declarations are `package`. `public` stays on
// the `@inlinable` code other modules must specialise (`Fetched`, `PresizedBytes`, `ASCIIByte`,
// `withUTF8Bytes`, the generic primitives): a `package` declaration is not inlined into
// another module, `@inlinable` or not (7a08433: generic calls on every answer), nor by the release
// build's default cross-module optimisation, which takes public declarations only.
// Every target of ours: Swift 6, and the upcoming `any` and member-import rules (as Hummingbird 2):
// an existential says so, and a file imports each module whose members it uses.
let strict: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]
// The targets every request passes through: their nonisolated async functions run on the caller's
// executor (SE-0461) instead of switching to the generic one each call; a request's handler already
// runs on its event loop (a task executor preference), so each await of the responder chain, the
// routes and the service was a switch back to the same loop (perf, cached GET /gif/{id}: 4.4% of
// the CPU samples under swift_task_switch, 4.6% under getPreferredTaskExecutor, 2.0% in
// withStatusRecordLock; 1.5%, 1.4% and 0.2% with this).
//
// In release builds their accesses to class properties are not checked at run time for
// exclusivity (the compiler's static checks stay): the loop and its connections' state machines
// are classes, and each check was a thread-local lookup (perf, cached GET /search: 2.8% of the CPU
// samples in swift_beginAccess, AccessSet::insert and __tls_get_addr). Debug builds, where the
// tests and the sanitizers run, keep the checks, so an overlapping access still traps there.
let requestPath: [SwiftSetting] = strict + [
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release)),
]

let package = Package(
    // Linux only (Glibc, epoll): no Apple platform is claimed. On a Mac, the Docker image runs it.
    name: "gif-bff",
    products: [
        .executable(name: "gif-bff", targets: ["gif-bff"]),
        .executable(name: "fake-giphy", targets: ["fake-giphy"]),
        .executable(name: "fake-unsplash", targets: ["fake-unsplash"]),
        .executable(name: "fake-klipy", targets: ["fake-klipy"]),
        .executable(name: "fake-pexels", targets: ["fake-pexels"]),
    ],
    targets: [
        // What Glibc does not export to Swift: epoll, eventfd, accept4; a signal handler in C.
        .target(name: "CSystemShims"),
        // zlib and brotli for compressed answers (Content-Encoding); the transport knows codings,
        // not what it sends. The brotli decoder is the tests' alone.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CBrotli", pkgConfig: "libbrotlienc", providers: [.apt(["libbrotli-dev"])]),
        .systemLibrary(name: "CBrotliDecoder", path: "Tests/CBrotliDecoder", pkgConfig: "libbrotlidec", providers: [.apt(["libbrotli-dev"])]),
        // The server's one JSON reader and one JSON writer, knowing nothing of GIFs.
        .target(name: "JSON", dependencies: ["ASCII"], swiftSettings: requestPath),
        .testTarget(name: "JSONTests", dependencies: ["JSON"], swiftSettings: strict),
        .target(name: "HTTPServer", dependencies: ["ASCII", "JSON", "Primitives", "CSystemShims", "CZlib", "CBrotli"], swiftSettings: requestPath),
        // The HTTP API: routes from HTTP to the services and back.
        // openapi.yaml (top level, the one source) is compiled into the binary through a symlink,
        // so GET /openapi.yaml needs no file beside the executable and nothing generated is committed.
        // The web app served at / (WebApp/Assets) is compiled in the same way, file by file.
        .target(name: "API", dependencies: ["ASCII", "HTTPServer", "Service", "Model", "Wire", "Gateway", "DemoMedia", "JSON", "Primitives"],
                resources: [.embedInCode("Resources/openapi.yaml"), .embedInCode("WebApp/Assets")], swiftSettings: requestPath),
        // Start-up: configuration, wiring, signals. The executable only calls it.
        .target(name: "GifBFFApp", dependencies: ["CSystemShims", "HTTPServer", "API", "SQLite", "PostgreSQL", "Storage", "Service", "Model", "Gateway", "GiphyClient", "UnsplashClient", "DemoMedia", "GiphyDemo", "UnsplashDemo", "KlipyClient", "KlipyDemo", "PexelsClient", "PexelsDemo", "ProviderHTTP"], swiftSettings: strict),
        .executableTarget(name: "gif-bff", dependencies: ["GifBFFApp"], swiftSettings: strict),
        .testTarget(name: "GifBFFAppTests", dependencies: ["GifBFFApp", "API", "Service", "Model", "Gateway", "HTTPServer", "TestSupport", "FakeGiphy", "FakeUnsplash", "SQLite", "Storage", "DemoMedia", "FakeUpstream", "GiphyCatalog", "PostgreSQL", "UnsplashClient", "FakeKlipy", "KlipyClient", "FakePexels", "PexelsClient", "PexelsCatalog"], swiftSettings: strict),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "TestSupport", "CSystemShims", "Primitives"], swiftSettings: strict),
        // The API driven in memory: the router called with constructed requests, no sockets.
        .testTarget(name: "APITests", dependencies: ["API", "Service", "Model", "Wire", "Gateway", "GiphyClient", "HTTPServer", "TestSupport", "JSON", "UnsplashClient", "Primitives"], swiftSettings: strict),
        // What several test targets share: a raw TCP client for tests that talk HTTP to a real
        // server, temporary folders, and the service's test doubles (scripted provider, memory stores).
        .target(name: "TestSupport", dependencies: ["Service", "Model", "Gateway", "GiphyClient", "UnsplashClient", "DemoCatalog", "CZlib", "CBrotliDecoder", "SQLite", "CSlowDisk", "Primitives"], path: "Tests/TestSupport", swiftSettings: strict),
        // The transport alone serving a fixed body, for bench/run.sh.
        .executableTarget(name: "transport-bench-server", dependencies: ["HTTPServer"], swiftSettings: strict),

        // Storage: libsqlite3, our thin wrapper, then the schema histories and the stores, each
        // written once for SQLite and PostgreSQL (every one built by `Stores.open`).
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .target(name: "SQLite", dependencies: ["CSQLite", "DedicatedThread"], swiftSettings: strict),
        .testTarget(name: "SQLiteTests", dependencies: ["SQLite", "TestSupport"], swiftSettings: strict),
        // libpq (Debian's libpq-dev) and our thin wrapper: connection, prepared statements, one
        // error type, a bounded pool on threads of its own, LISTEN, numbered migrations.
        .systemLibrary(name: "CPostgreSQL", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
        .target(name: "PostgreSQL", dependencies: ["ASCII", "CPostgreSQL", "DedicatedThread"], swiftSettings: strict),
        .testTarget(name: "PostgreSQLTests", dependencies: ["PostgreSQL", "TestSupport", "CPostgreSQL"], swiftSettings: strict),
        // A thread of its own as an executor, for the databases' blocking calls.
        .target(name: "DedicatedThread", swiftSettings: strict),
        .testTarget(name: "DedicatedThreadTests", dependencies: ["DedicatedThread"], swiftSettings: strict),
        .target(name: "Storage", dependencies: ["DedicatedThread", "SQLite", "PostgreSQL", "Service", "Model", "Gateway"], swiftSettings: strict),
        // The rules for favorites and search history, and our GIF shape.
        // OpenSSL's libcrypto (Debian's libssl-dev): SHA-256 for install tokens.
        .systemLibrary(name: "COpenSSL", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        // What every layer speaks: items and their parts, inputs, the provider protocol and its
        // requests and pages, error kinds with no HTTP in them.
        .target(name: "Model", dependencies: ["ASCII"], swiftSettings: requestPath),
        .testTarget(name: "ModelTests", dependencies: ["Model"], swiftSettings: strict),
        // The JSON forms of the model (our item's keys spelled once, read and written) and the links
        // an answer writes against.
        .target(name: "Wire", dependencies: ["JSON", "Model"], swiftSettings: requestPath),
        // Every upstream call: cache, coalescing, budget, hold-off, stale answers; and the writes
        // made for later.
        .target(name: "Gateway", dependencies: ["ASCII", "JSON", "Model", "Wire", "Primitives"], swiftSettings: requestPath),
        // The features, one folder each: browse, favorites, history and suggestions, installs, deck,
        // spotlight, analytics.
        .target(name: "Service", dependencies: ["ASCII", "JSON", "Model", "Wire", "Gateway", "Primitives", "COpenSSL"], swiftSettings: requestPath),
        // The performance primitives every layer may use, under the names the field gives them: a
        // value ready now or pending, a set-once reference, a striped mutex (the striped counter,
        // for any value), a shared box, an async mutex, the bounded LRU cache.
        .target(name: "Primitives", swiftSettings: requestPath),
        .testTarget(name: "PrimitivesTests", dependencies: ["Primitives"], swiftSettings: strict),
        // ASCII-only byte rules (header names, Host names, cache keys) and text written into
        // presized storage, for the transport and the service alike, neither of which may depend
        // on the other.
        .target(name: "ASCII", swiftSettings: strict),
        .testTarget(name: "ASCIITests", dependencies: ["ASCII"], swiftSettings: strict),
        // Child process for the durability test: adds a favorite, says so, waits to be killed.
        .executableTarget(
            name: "favorites-durability-probe",
            dependencies: ["Storage", "Service", "Model"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "StorageTests",
            dependencies: ["SQLite", "Storage", "Service", "Model", "Gateway", "TestSupport", "GiphyClient", "JSON", "PostgreSQL", "Primitives"],
            // Databases of every earlier schema version, read by the tests from their own folder.
            exclude: ["Fixtures"],
            swiftSettings: strict
        ),
        // A test VFS that sleeps before each database write: a slow disk inside the test process.
        .target(name: "CSlowDisk", dependencies: ["CSQLite"], path: "Tests/CSlowDisk"),
        .testTarget(name: "WireTests", dependencies: ["Wire", "Model", "JSON", "GiphyClient", "TestSupport"], swiftSettings: strict),
        .testTarget(name: "GatewayTests", dependencies: ["Gateway", "Model", "TestSupport", "DemoCatalog", "Primitives"], swiftSettings: strict),
        .testTarget(
            name: "ServiceTests",
            dependencies: ["Service", "Model", "Wire", "Gateway", "Storage", "SQLite", "TestSupport", "GiphyClient", "UnsplashClient", "JSON", "Primitives"],
            swiftSettings: strict
        ),

        // GIPHY: our client (a Provider on ProviderHTTP's transport), its catalog, the demo provider
        // serving that catalog in-process, and a fake GIPHY serving it over our own HTTPServer with
        // faults, for the tests. Neither the catalog nor the fake knows Service.
        // What every provider client shares: the bounded libcurl transport, the deadline, the
        // failure table, lenient JSON values and key redaction.
        // libcurl (OpenSSL) for the upstream transport: its multi-socket API on our own epoll loop.
        .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        .target(name: "ProviderHTTP", dependencies: ["Model", "JSON", "CCurl", "CSystemShims", "ASCII"], path: "Sources/Providers/Shared/HTTP", swiftSettings: strict),
        // Its JSON reader and link rule, on their own (the transport is tested through the clients).
        .testTarget(name: "ProviderHTTPTests", dependencies: ["ProviderHTTP", "JSON", "ASCII"], swiftSettings: strict),
        .target(name: "GiphyClient", dependencies: ["Model", "ProviderHTTP", "JSON", "ASCII"], path: "Sources/Providers/Giphy/Client", swiftSettings: strict),
        // What both catalogs share: their topics and a seeded generator, so they are the same everywhere.
        .target(name: "DemoCatalog", path: "Sources/Providers/Shared/DemoCatalog", swiftSettings: strict),
        .testTarget(name: "DemoCatalogTests", dependencies: ["DemoCatalog"], swiftSettings: strict),
        // The GIFs, their listing rules (search, trending, paging, ratings, bundles, terms).
        .target(name: "GiphyCatalog", dependencies: ["DemoCatalog"], path: "Sources/Providers/Giphy/Catalog", swiftSettings: strict),
        .testTarget(name: "GiphyCatalogTests", dependencies: ["GiphyCatalog"], swiftSettings: strict),
        // The demo GIPHY: the catalog as a Provider (GIPHY's mapping, no socket), and its pictures.
        .target(name: "GiphyDemo", dependencies: ["ASCII", "Model", "GiphyClient", "GiphyCatalog", "DemoMedia"], path: "Sources/Providers/Giphy/Demo", swiftSettings: strict),
        // The demo against the client reading the fake: the same items, pages and errors.
        .testTarget(name: "GiphyDemoTests", dependencies: ["GiphyDemo", "GiphyClient", "FakeGiphy", "GiphyCatalog", "Model", "TestSupport"], swiftSettings: strict),
        // What every fake upstream shares: the fault board, the call log, admin routes, raw
        // listeners for transport faults, deterministic JSON. Tests and the fake-* executables only.
        .target(name: "FakeUpstream", dependencies: ["HTTPServer", "JSON"], path: "Sources/Providers/Shared/Fake", swiftSettings: strict),
        .testTarget(name: "FakeUpstreamTests", dependencies: ["FakeUpstream"], swiftSettings: strict),
        .target(name: "FakeGiphy", dependencies: ["HTTPServer", "FakeUpstream", "JSON", "GiphyCatalog", "DemoCatalog"], path: "Sources/Providers/Giphy/Fake", swiftSettings: strict),
        .executableTarget(name: "fake-giphy", dependencies: ["FakeGiphy", "HTTPServer", "FakeUpstream"], swiftSettings: strict),

        // The demo catalogs' pictures: GIF and PNG encoders, the drawings, a cache bounded in bytes.
        // Each demo provider's catalog of pictures lives in its own folder.
        .target(name: "DemoMedia", dependencies: ["CZlib", "Primitives", "DedicatedThread"], path: "Sources/Providers/Shared/DemoMedia", swiftSettings: strict),
        .testTarget(name: "DemoMediaTests", dependencies: ["DemoMedia", "GiphyDemo", "UnsplashDemo", "GiphyCatalog", "UnsplashCatalog", "TestSupport"], swiftSettings: strict),

        // Unsplash: the same four for photos.
        .target(name: "UnsplashClient", dependencies: ["Model", "ProviderHTTP", "JSON", "ASCII"], path: "Sources/Providers/Unsplash/Client", swiftSettings: strict),
        .target(name: "UnsplashCatalog", dependencies: ["DemoCatalog"], path: "Sources/Providers/Unsplash/Catalog", swiftSettings: strict),
        .testTarget(name: "UnsplashCatalogTests", dependencies: ["UnsplashCatalog", "DemoCatalog"], swiftSettings: strict),
        .target(name: "UnsplashDemo", dependencies: ["ASCII", "Model", "UnsplashClient", "UnsplashCatalog", "DemoMedia", "DemoCatalog"], path: "Sources/Providers/Unsplash/Demo", swiftSettings: strict),
        .testTarget(name: "UnsplashDemoTests", dependencies: ["UnsplashDemo", "UnsplashClient", "FakeUnsplash", "FakeUpstream", "UnsplashCatalog", "Model", "TestSupport"], swiftSettings: strict),
        .target(name: "FakeUnsplash", dependencies: ["HTTPServer", "FakeUpstream", "JSON", "UnsplashCatalog", "DemoCatalog"], path: "Sources/Providers/Unsplash/Fake", swiftSettings: strict),
        .executableTarget(name: "fake-unsplash", dependencies: ["FakeUnsplash", "HTTPServer", "FakeUpstream"], swiftSettings: strict),
        .testTarget(
            name: "UnsplashClientTests",
            dependencies: ["UnsplashClient", "FakeUnsplash", "Service", "Model", "TestSupport", "FakeUpstream", "JSON", "UnsplashCatalog", "DemoCatalog", "ProviderHTTP"],
            swiftSettings: strict
        ),
        .testTarget(name: "FakeUnsplashTests", dependencies: ["FakeUnsplash", "JSON", "TestSupport", "FakeUpstream", "UnsplashCatalog"], swiftSettings: strict),

        // Pexels: the same four for its photos, on the photo topics both photo catalogs share.
        .target(name: "PexelsClient", dependencies: ["Model", "ProviderHTTP", "JSON", "ASCII"], path: "Sources/Providers/Pexels/Client", swiftSettings: strict),
        .target(name: "PexelsCatalog", dependencies: ["DemoCatalog"], path: "Sources/Providers/Pexels/Catalog", swiftSettings: strict),
        .target(name: "PexelsDemo", dependencies: ["ASCII", "Model", "PexelsClient", "PexelsCatalog", "DemoMedia", "DemoCatalog"], path: "Sources/Providers/Pexels/Demo", swiftSettings: strict),
        .target(name: "FakePexels", dependencies: ["HTTPServer", "FakeUpstream", "JSON", "PexelsCatalog", "DemoCatalog"], path: "Sources/Providers/Pexels/Fake", swiftSettings: strict),
        .executableTarget(name: "fake-pexels", dependencies: ["FakePexels", "HTTPServer", "FakeUpstream"], swiftSettings: strict),
        .testTarget(name: "PexelsClientTests", dependencies: ["PexelsClient", "PexelsDemo", "PexelsCatalog", "FakePexels", "FakeUpstream", "Model", "TestSupport", "DemoMedia", "ProviderHTTP"], swiftSettings: strict),
        .testTarget(
            name: "GiphyClientTests",
            dependencies: ["GiphyClient", "FakeGiphy", "Service", "Model", "ProviderHTTP", "TestSupport", "ASCII", "FakeUpstream", "GiphyCatalog", "DemoCatalog", "JSON"],
            swiftSettings: strict
        ),
        .testTarget(name: "FakeGiphyTests", dependencies: ["FakeGiphy", "JSON", "TestSupport", "FakeUpstream", "GiphyCatalog"], swiftSettings: strict),

        // KLIPY (GIFs and stickers): the same four, its API key in the path of every call.
        .target(name: "KlipyClient", dependencies: ["Model", "ProviderHTTP", "JSON", "ASCII"], path: "Sources/Providers/Klipy/Client", swiftSettings: strict),
        .target(name: "KlipyCatalog", dependencies: ["DemoCatalog"], path: "Sources/Providers/Klipy/Catalog", swiftSettings: strict),
        .target(name: "KlipyDemo", dependencies: ["Model", "KlipyClient", "KlipyCatalog", "DemoMedia", "DemoCatalog"], path: "Sources/Providers/Klipy/Demo", swiftSettings: strict),
        .target(name: "FakeKlipy", dependencies: ["HTTPServer", "FakeUpstream", "JSON", "KlipyCatalog", "DemoCatalog"], path: "Sources/Providers/Klipy/Fake", swiftSettings: strict),
        .executableTarget(name: "fake-klipy", dependencies: ["FakeKlipy", "HTTPServer", "FakeUpstream"], swiftSettings: strict),
        .testTarget(
            name: "KlipyClientTests",
            dependencies: ["KlipyClient", "KlipyDemo", "KlipyCatalog", "FakeKlipy", "FakeUpstream", "Model", "TestSupport", "DemoMedia", "ProviderHTTP"],
            swiftSettings: strict
        ),
    ]
)
