import API
import Foundation
import Service
import Model
import TestSupport
import UnsplashClient
import XCTest

/// GET / and /app/{file}: the web app's files, served from the binary with the right types.
final class WebAppRouteTests: XCTestCase {
    /// The folder SwiftPM embeds; every file in it must be served byte for byte.
    private var assetsFolder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../Sources/API/WebApp/Assets").standardizedFileURL
    }

    private func assetNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: assetsFolder.path).sorted()
    }

    func testRootServesTheAppPageWithAPolicyThatAllowsOnlyItsOwnScripts() async throws {
        let page = try await InMemoryAPI().get("/")
        XCTAssertEqual(page.status, 200)
        XCTAssertEqual(page.header("Content-Type"), "text/html; charset=utf-8")
        XCTAssertTrue(page.text.contains(#"<script type="module" src="/app/main.js">"#), page.text)
        let policy = try XCTUnwrap(page.header("Content-Security-Policy"))
        XCTAssertTrue(policy.contains("default-src 'self'"), policy)
        XCTAssertTrue(policy.contains("connect-src 'self'"), policy)
        XCTAssertEqual(page.header("Cache-Control"), "no-cache")
        XCTAssertEqual(page.header("X-Content-Type-Options"), "nosniff")
    }

    func testEveryFileOfTheAssetsFolderIsServedUnderAppWithItsBytesAndType() async throws {
        let api = InMemoryAPI()
        let names = try assetNames()
        XCTAssertTrue(names.contains("main.js"), "\(names)")
        let types = ["html": "text/html; charset=utf-8", "css": "text/css; charset=utf-8",
                     "js": "text/javascript; charset=utf-8", "svg": "image/svg+xml"]
        for name in names {
            let answer = try await api.get("/app/\(name)")
            XCTAssertEqual(answer.status, 200, name)
            var onDisk = [UInt8](try Data(contentsOf: assetsFolder.appendingPathComponent(name)))
            if name == "index.html" { onDisk = filledPage(onDisk, providers: "giphy", defaultProvider: "giphy") }
            // A Bool, not the bytes: a mismatch should name the file, not print it as numbers.
            XCTAssertTrue(answer.body == onDisk, "\(name): the server's copy is not the file in the folder")
            let suffix = String(name.split(separator: ".").last ?? "")
            XCTAssertEqual(answer.header("Content-Type"), types[suffix], name)
        }
    }

    func testTheAppStaysSmallAndLoadsNothingFromOtherHosts() throws {
        var total = 0
        for name in try assetNames() {
            let text = try String(contentsOf: assetsFolder.appendingPathComponent(name), encoding: .utf8)
            total += text.utf8.count
            // No CDN: the only absolute URLs a file may name are none at all, besides the SVG namespace.
            let external = text.components(separatedBy: "http").dropFirst()
                .filter { !$0.hasPrefix("://www.w3.org/2000/svg") }
            XCTAssertEqual(external.count, 0, "\(name) names an external URL")
        }
        XCTAssertLessThan(total, 150_000, "the web app must stay under 150 KB")
    }

    /// The page as the server fills it: its two empty provider tags given these values.
    private func filledPage(_ bytes: [UInt8], providers: String, defaultProvider: String) -> [UInt8] {
        let text = String(decoding: bytes, as: UTF8.self)
            .replacingOccurrences(of: #"<meta name="gif-bff-providers" content="">"#,
                                  with: #"<meta name="gif-bff-providers" content="\#(providers)">"#)
            .replacingOccurrences(of: #"<meta name="gif-bff-default-provider" content="">"#,
                                  with: #"<meta name="gif-bff-default-provider" content="\#(defaultProvider)">"#)
        return Array(text.utf8)
    }

    func testThePageNamesTheProvidersServedAndTheDefaultOneForItsSwitch() async throws {
        let file = try String(contentsOf: assetsFolder.appendingPathComponent("index.html"), encoding: .utf8)
        XCTAssertTrue(file.contains(#"<meta name="gif-bff-providers" content="">"#), "the file's empty tag is what the server fills")
        XCTAssertTrue(file.contains(#"<meta name="gif-bff-default-provider" content="">"#))
        let backend = makeTwoProviderBackend(gifs: ScriptedProvider(), photos: ScriptedProvider(items: [makePhoto("p0")]),
                                             defaultProvider: .unsplash)
        let api = InMemoryAPI(backend: backend)
        for path in ["/", "/app/index.html"] {
            let page = try await api.get(path).text
            XCTAssertTrue(page.contains(#"<meta name="gif-bff-providers" content="giphy unsplash">"#), path)
            XCTAssertTrue(page.contains(#"<meta name="gif-bff-default-provider" content="unsplash">"#), path)
        }
        let single = try await InMemoryAPI().get("/").text
        XCTAssertTrue(single.contains(#"<meta name="gif-bff-default-provider" content="giphy">"#), single)
    }

    func testAnUnknownAssetIsANotFoundProblem() async throws {
        let api = InMemoryAPI()
        assertProblem(try await api.get("/app/nothing.js"), 404, "not_found")
        assertProblem(try await api.get("/app/..%2Fopenapi.yaml"), 404, "not_found")
    }
}
