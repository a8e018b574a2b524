import Foundation
import GifBFFClient
import HTTPTypes
import XCTest

/// Issue 46: `kind` asks a kind's chain (no provider named), a page says which provider served it,
/// and the paging helpers ask that provider for the pages after the first, so a chain passing
/// from one provider to the next between two pages never mixes them in one grid.
final class KindTests: XCTestCase {
    private let baseURL = URL(string: "http://127.0.0.1:8080")!  // a literal, not outside data
    private let json = ["Content-Type": "application/json", "X-Cache": "MISS", "Cache-Control": "max-age=30"]

    private func page(_ ids: [String], offset: Int, next: Int?, provider: String?) -> CannedTransport.Answer {
        let data = ids.map { #"{"id":"\#($0)","provider":"\#(provider ?? "giphy")","url":"u","share_text":"s"}"# }.joined(separator: ",")
        let served = provider.map { #","provider":"\#($0)""# } ?? ""
        return .init(status: 200, headers: json.merging(["ETag": #""p\#(offset)""#]) { $1 },
                     body: #"{"data":[\#(data)],"pagination":{"offset":\#(offset),"count":\#(ids.count),"next_offset":\#(next.map(String.init) ?? "null")}\#(served)}"#)
    }

    private func queries(_ transport: CannedTransport) -> [[String: String]] {
        transport.requests.withLock { requests in
            requests.map { request in
                let query = URLComponents(string: request.path ?? "")?.queryItems ?? []
                return Dictionary(query.map { ($0.name, $0.value ?? "") }) { first, _ in first }
            }
        }
    }

    func testAKindsPagesGoOnWithTheProviderThatServedTheFirst() async throws {
        let transport = CannedTransport([page(["p1", "p2"], offset: 0, next: 2, provider: "pexels"),
                                         page(["p3"], offset: 2, next: 3, provider: "pexels"),
                                         page([], offset: 3, next: nil, provider: "pexels")])
        var providers: [Provider?] = []
        for try await batch in GifBFF(baseURL: baseURL, transport: transport).searchPages("sea", kind: .photos, limit: 2) {
            providers.append(batch.provider)
        }
        XCTAssertEqual(providers, [.pexels, .pexels, .pexels])
        let sent = queries(transport)
        XCTAssertEqual(sent.map { $0["kind"] }, ["photos", nil, nil], "only the first page asks the chain")
        XCTAssertEqual(sent.map { $0["provider"] }, [nil, "pexels", "pexels"], "the rest ask the provider that served it")
        XCTAssertEqual(sent.map { $0["offset"] }, ["0", "2", "3"])
    }

    func testTrendingPagesByKindToo() async throws {
        let transport = CannedTransport([page(["k1"], offset: 0, next: 1, provider: "klipy"),
                                         page(["k2"], offset: 1, next: nil, provider: "klipy")])
        var ids: [String] = []
        for try await batch in GifBFF(baseURL: baseURL, transport: transport).trendingPages(kind: .gifs) {
            ids += batch.items.map(\.id)
        }
        XCTAssertEqual(ids, ["k1", "k2"])
        XCTAssertEqual(queries(transport).map { $0["kind"] }, ["gifs", nil])
        XCTAssertEqual(queries(transport).map { $0["provider"] }, [nil, "klipy"])
    }

    func testAPageSaysWhichProviderServedItAndAnOlderServersNone() async throws {
        let bff = GifBFF(baseURL: baseURL, transport: CannedTransport([page(["k1"], offset: 0, next: nil, provider: "klipy"),
                                                                       page(["g1"], offset: 0, next: nil, provider: nil)]))
        let served = try await bff.trending(kind: .gifs)
        XCTAssertEqual(served.provider, .klipy)
        XCTAssertEqual(served.items.first?.provider, .klipy)
        XCTAssertEqual(served.items.first?.isAnimated, true, "KLIPY's items are GIFs")
        let older = try await bff.search("cat")
        XCTAssertNil(older.provider)
    }

    func testEveryBrowseOperationSendsTheKindAndNoProvider() async throws {
        let item = #"{"id":"pexels:1","provider":"pexels","url":"https://www.pexels.com/photo/1/","share_text":"s"}"#
        let spotlight = #"{"gif":\#(item),"changes_at":"2026-11-29T07:00:00Z","seconds_left":60}"#
        let transport = CannedTransport([
            page(["p1"], offset: 0, next: nil, provider: "pexels"),
            .init(status: 200, headers: json.merging(["ETag": #""r1""#]) { $1 }, body: item),
            .init(status: 200, headers: json.merging(["ETag": #""s1""#]) { $1 }, body: spotlight),
        ])
        let bff = GifBFF(baseURL: baseURL, transport: transport)
        _ = try await bff.trending(kind: .photos)
        let random = try await bff.random(kind: .photos)
        let picked = try await bff.spotlight(kind: .photos)
        XCTAssertEqual(random.provider, .pexels)
        XCTAssertFalse(random.isAnimated)
        XCTAssertEqual(picked.item.provider.kind, .photos)
        let sent = queries(transport)
        XCTAssertEqual(sent.map { $0["kind"] }, ["photos", "photos", "photos"])
        XCTAssertEqual(sent.map { $0["provider"] }, [nil, nil, nil])
    }

    func testNewProvidersAreNamedAsWrittenAndKnownByKind() async throws {
        XCTAssertEqual([Provider.giphy, .klipy, .unsplash, .pexels].map(\.kind), [.gifs, .gifs, .photos, .photos])
        XCTAssertNil(Provider(rawValue: "tenor").kind, "a provider this client does not know has no kind it could guess")
        // A provider's name is sent as written: the server, not this client, says which it serves.
        let transport = CannedTransport([page(["x1"], offset: 0, next: nil, provider: "newprovider")])
        let served = try await GifBFF(baseURL: baseURL, transport: transport).search("cat", provider: Provider(rawValue: "newprovider"))
        XCTAssertEqual(served.provider?.rawValue, "newprovider")
        XCTAssertEqual(queries(transport).first?["provider"], "newprovider")
    }
}
