import FakeKlipy
import FakeUpstream
import Foundation
@testable import GifBFFApp
import HTTPServer
import KlipyClient
import Model
import TestSupport
import XCTest

/// Issue 46.1 and .3, end to end: `provider=klipy` served by the running server, from the demo
/// catalog without a key (its pictures drawn here), and through KLIPY's client to the fake KLIPY
/// with one (the install's pseudonym as `customer_id`, never its token; KLIPY's /metrics labels).
final class KlipyProviderTests: XCTestCase {
    static let appKey = "SECRET-klipy-key-77e1"

    private func json(_ response: RawClient.Response) throws -> [String: Any] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any], response.text)
    }

    private func items(_ response: RawClient.Response) throws -> [[String: Any]] {
        try XCTUnwrap(try json(response)["data"] as? [[String: Any]], response.text)
    }

    func testTheDemoAnswersProviderKlipyWithoutAKey() async throws {
        let api = try APIHarness(self)
        XCTAssertTrue(api.app.demoProviders.contains(.klipy))
        let found = try items(try api.get("/search?q=cat&provider=klipy&limit=8"))
        XCTAssertEqual(found.count, 8)
        XCTAssertTrue(found.allSatisfy { $0["provider"] as? String == "klipy" && ($0["id"] as? String)?.hasPrefix("klipy:") == true })
        let attribution = try XCTUnwrap(found.first?["attribution"] as? [String: Any])
        XCTAssertEqual(attribution["text"] as? String, "Powered by KLIPY")
        let id = try XCTUnwrap(found.first?["id"] as? String)
        let detail = try json(try api.get("/items/\(id)"))
        XCTAssertEqual(detail["id"] as? String, id)
        let images = try XCTUnwrap(detail["images"] as? [String: Any])
        let original = try XCTUnwrap(images["original"] as? [String: Any])
        let url = try XCTUnwrap(URL(string: try XCTUnwrap(original["url"] as? String)))
        XCTAssertTrue(url.path.hasPrefix("/media/klipy/"), url.absoluteString)
        let picture = try api.get(url.path)
        XCTAssertEqual(picture.status, 200)
        XCTAssertEqual(Array(picture.body.prefix(6)), Array("GIF89a".utf8))
        let stickers = try items(try api.get("/trending?provider=klipy&type=stickers&limit=8"))
        XCTAssertTrue(stickers.allSatisfy { ($0["id"] as? String)?.hasPrefix("klipy:sticker-") == true })
        let tooSmall = try api.get("/search?q=cat&provider=klipy&limit=5")
        XCTAssertEqual(tooSmall.status, 400, "KLIPY takes 8-50 a page: refused here, naming the limit")
    }

    func testWithAKeyTheClientAsksKlipyWithTheInstallsPseudonym() async throws {
        let klipy = FakeKlipy(apiKey: Self.appKey)
        let klipyURL = try klipy.start()
        addTeardownBlock { await klipy.stop() }
        let api = try APIHarness(self) { configuration in
            configuration.klipyAPIKey = Self.appKey
            configuration.klipyBaseURL = klipyURL.absoluteString
            configuration.maxRating = .pg
        }
        XCTAssertFalse(api.app.demoProviders.contains(.klipy))
        let token = try XCTUnwrap(try json(try api.send("POST", "/installs"))["token"] as? String)
        let headers = ["Authorization: Bearer \(token)"]
        let found = try items(try api.send("GET", "/search?q=dog&provider=klipy&limit=8", headers: headers))
        XCTAssertEqual(found.count, 8)
        let call = try XCTUnwrap(klipy.recordedCalls.last)
        XCTAssertEqual(call.path, "/api/v1/\(Self.appKey)/gifs/search")
        XCTAssertEqual(call.value(of: "content_filter"), "medium", "the ceiling pg is KLIPY's medium filter")
        let customer = try XCTUnwrap(call.value(of: "customer_id"))
        XCTAssertEqual(customer.count, 32)
        XCTAssertNotEqual(customer, token)
        XCTAssertFalse(customer.contains(token) || token.contains(customer))
        _ = try api.send("GET", "/trending?provider=klipy&limit=8", headers: headers)
        XCTAssertEqual(klipy.recordedCalls.last?.value(of: "customer_id"), customer, "stable for the install")

        let metrics = try api.get("/metrics").text
        XCTAssertTrue(metrics.contains(#"provider="klipy""#), metrics)
        XCTAssertFalse(api.logSink.capturedText.contains(Self.appKey))
    }

    func testKlipysSettingsAreReadAndABadOneIsRefusedByName() throws {
        let (defaults, _) = try ConfigurationLoader.load(arguments: [], environment: [:])
        XCTAssertNil(defaults.klipyAPIKey)
        XCTAssertEqual(defaults.klipyBaseURL, "https://api.klipy.com")
        XCTAssertEqual(defaults.klipyCallsPerHour, 6000)
        let folder = try makeTemporaryFolder()
        let keyFile = folder.appendingPathComponent("klipy-key")
        try Data("from-a-file\n".utf8).write(to: keyFile)
        let (set, _) = try ConfigurationLoader.load(
            arguments: ["--klipy-budget-per-hour=0"],
            environment: ["KLIPY_API_KEY_FILE": keyFile.path, "KLIPY_BASE_URL": "http://127.0.0.1:9"])
        XCTAssertEqual(set.klipyAPIKey, "from-a-file")
        XCTAssertEqual(set.klipyBaseURL, "http://127.0.0.1:9")
        XCTAssertNil(set.klipyCallsPerHour)
        for (variable, value) in [("KLIPY_BASE_URL", "ftp://klipy"), ("GIF_BFF_KLIPY_BUDGET_PER_HOUR", "-1")] {
            XCTAssertThrowsError(try ConfigurationLoader.load(arguments: [], environment: [variable: value])) { error in
                XCTAssertTrue(String(describing: error).contains(variable), "\(variable): \(error)")
            }
        }
    }
}
