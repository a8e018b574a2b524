import Foundation
import GifBFFClient
import OpenAPIRuntime
import XCTest

/// The generated client alone (no hand-written layer), so these prove openapi.yaml itself is open
/// for additions: an app using only the generator's output must not throw on them (issue 15).
final class GeneratedClientTests: XCTestCase {
    private let baseURL = URL(string: "http://127.0.0.1:8080")!  // a literal, not outside data

    func testUnknownMembersCodesAndHeaderValuesDecode() async throws {
        let gif = #"{"id":"a1","url":"u","share_text":"s","new_member":1,"images":{"still":{"url":"u","width":1,"height":2,"new":true}},"stale":true}"#
        let problem = #"{"type":"t","title":"T","status":503,"detail":"d","code":"brand_new_code","instance":"/gif/a1"}"#
        let client = Client(serverURL: baseURL, transport: CannedTransport([
            .init(status: 200, headers: ["Content-Type": "application/json", "ETag": #""e""#, "X-Cache": "NEW", "Cache-Control": "private, max-age=5"], body: gif),
            .init(status: 503, headers: ["Content-Type": "application/problem+json"], body: problem),
        ]))
        let fetched = try await client.getGIF(path: .init(id: "a1")).ok.body.json
        XCTAssertEqual(fetched.id, "a1")
        XCTAssertEqual(fetched.stale, true)
        XCTAssertEqual(fetched.images?.additionalProperties["still"]?.height, 2)
        let limited = try await client.getGIF(path: .init(id: "a1")).serviceUnavailable.body.applicationProblemJson
        XCTAssertEqual(limited.code.text, "brand_new_code")
        XCTAssertNil(limited.code.value1)
    }

    /// Error answers are typed as problems only (issue 35: a `*/*` beside them left a generated
    /// TypeScript client's error `unknown`). A proxy's HTML page is then an error of the generated
    /// client itself; `GifBFF` turns it into a `GifBFFProblem` with its status (GifBFFClientTests).
    func testAProxysHTMLErrorPageIsAnErrorOfTheGeneratedClient() async throws {
        let client = Client(serverURL: baseURL, transport: CannedTransport([
            .init(status: 502, headers: ["Content-Type": "text/html; charset=utf-8"], body: "<html>Bad gateway</html>"),
        ]))
        do {
            let output = try await client.searchItems(query: .init(q: "cat"))
            XCTFail("a proxy's page decoded as \(output)")
        } catch let error as ClientError {
            XCTAssertEqual(error.response?.status.code, 502)
        }
    }

    func testProblemsAreTypedAndRequestEnumsAreSentAsTheirValues() async throws {
        let problem = #"{"type":"t","title":"T","status":400,"detail":"d","code":"invalid_parameter"}"#
        let transport = CannedTransport([
            .init(status: 400, headers: ["Content-Type": "application/problem+json"], body: problem),
        ])
        let client = Client(serverURL: baseURL, transport: transport)
        // `provider` is a name (issue 46: no enum), `kind` an enum.
        let answer = try await client.searchItems(query: .init(q: "cat", provider: "unsplash", kind: .photos, rating: .pg13,
                                                               _type: .stickers, orderBy: .latest))
        XCTAssertEqual(try answer.badRequest.body.applicationProblemJson.code.value1, .invalidParameter)
        let query = transport.requests.withLock { $0.first?.path }?.split(separator: "?").last.map(String.init) ?? ""
        XCTAssertEqual(Set(query.split(separator: "&").map(String.init)),
                       ["q=cat", "provider=unsplash", "kind=photos", "rating=pg-13", "type=stickers", "order_by=latest"])
    }

    func testEveryFieldOfEachGIFShapeIsGenerated() async throws {
        let favorite = #"{"id":"a1","url":"u","share_text":"s","is_favorite":true,"added_at":"2026-11-22T16:37:31Z","title":"T","user":{"username":"n"}}"#
        let client = Client(serverURL: baseURL, transport: CannedTransport([
            .init(status: 201, headers: ["Content-Type": "application/json"], body: favorite),
        ]))
        let added = try await client.addFavorite(body: .json(.init(id: "a1"))).created.body.json
        XCTAssertEqual(added.addedAt, Date(timeIntervalSince1970: 1_795_365_451))
        XCTAssertEqual(added.title, "T")
        XCTAssertEqual(added.user?.username, "n")
    }
}
