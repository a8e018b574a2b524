import Foundation
import GifBFFClient
import HTTPTypes
import XCTest

/// The hand-written layer over the generated client, against canned answers: what a live demo
/// server cannot be made to send (a proxy's page, a newer server's additions, repeats across pages).
final class GifBFFClientTests: XCTestCase {
    private let baseURL = URL(string: "http://127.0.0.1:8080")!  // a literal, not outside data

    private let json = ["Content-Type": "application/json"]
    private let problem = ["Content-Type": "application/problem+json", "Retry-After": "7"]

    func testAProxysHTMLPageIsAProblemWithItsStatusAndNoCode() async throws {
        let transport = CannedTransport([.init(status: 502, headers: ["Content-Type": "text/html"], body: "<html>Bad gateway</html>")])
        do {
            _ = try await GifBFF(baseURL: baseURL, transport: transport).trending()
            XCTFail("a 502 must throw")
        } catch let problem as GifBFFProblem {
            XCTAssertEqual(problem.status, 502)
            XCTAssertNil(problem.code)
        }
    }

    func testANewerServersAdditionsAreAcceptedAndItsUnknownCodeKept() async throws {
        let body = #"{"type":"t","title":"Busy","status":503,"detail":"d","code":"brand_new_code","instance":"/x"}"#
        let transport = CannedTransport([.init(status: 503, headers: problem, body: body)])
        do {
            _ = try await GifBFF(baseURL: baseURL, transport: transport).favorites()
            XCTFail("a 503 must throw")
        } catch let problem as GifBFFProblem {
            XCTAssertEqual(problem.code, "brand_new_code")
            XCTAssertNil(problem.knownCode)
            XCTAssertEqual(problem.retryAfterSeconds, 7)
            XCTAssertEqual(problem.title, "Busy")
        }
        let gif = #"{"id":"a1","url":"u","share_text":"s","new_member":{"x":1},"stale":true}"#
        let fetched = try await GifBFF(baseURL: baseURL, transport: CannedTransport([
            .init(status: 200, headers: json.merging(["ETag": #""t1""#, "X-Cache": "SOMETHING_NEW", "Cache-Control": "private"]) { $1 }, body: gif),
        ])).gif(id: "a1")
        XCTAssertEqual(fetched.id, "a1")
        XCTAssertTrue(fetched.isStale)
    }

    func testPagesFollowNextOffsetToNullAndDropRepeats() async throws {
        func page(_ ids: [String], offset: Int, next: Int?) -> CannedTransport.Answer {
            let data = ids.map { #"{"id":"\#($0)","url":"u","share_text":"s"}"# }.joined(separator: ",")
            let nextText = next.map(String.init) ?? "null"
            return .init(status: 200, headers: json.merging(["ETag": #""p\#(offset)""#, "X-Cache": "MISS", "Cache-Control": "max-age=30"]) { $1 },
                         body: #"{"data":[\#(data)],"pagination":{"offset":\#(offset),"count":\#(ids.count),"next_offset":\#(nextText)}}"#)
        }
        let transport = CannedTransport([page(["a", "b"], offset: 0, next: 2), page(["b", "c"], offset: 2, next: 4), page(["a"], offset: 4, next: nil)])
        var batches: [[String]] = []
        var dropped = 0
        for try await batch in GifBFF(baseURL: baseURL, transport: transport).searchPages("cat", limit: 2) {
            batches.append(batch.items.map(\.id))
            dropped += batch.repeatsDropped
        }
        XCTAssertEqual(batches, [["a", "b"], ["c"], []])
        XCTAssertEqual(dropped, 2)
        let offsets = transport.requests.withLock { $0.map { $0.path ?? "" } }
        XCTAssertEqual(offsets.map { $0.contains("offset=0") }, [true, false, false])
        XCTAssertTrue(offsets[2].contains("offset=4"), offsets[2])
    }

    func testA304ReusesTheHeldAnswerAndTheTagGoesOutUnencoded() async throws {
        let list = #"{"data":[],"count":0,"limit":20}"#
        let transport = CannedTransport([
            .init(status: 200, headers: json.merging(["ETag": #""f0d6""#, "Cache-Control": "no-cache"]) { $1 }, body: list),
            .init(status: 304, headers: ["ETag": #""f0d6""#], body: ""),
        ])
        let bff = GifBFF(baseURL: baseURL, transport: transport)
        let first = try await bff.favorites()
        let second = try await bff.favorites()
        XCTAssertEqual(first, second)
        let reused = await bff.etags?.reusedCount
        XCTAssertEqual(reused, 1)
        let sent = transport.requests.withLock { $0.map { $0.headerFields[.ifNoneMatch] } }
        XCTAssertEqual(sent, [nil, #""f0d6""#])
    }
}
