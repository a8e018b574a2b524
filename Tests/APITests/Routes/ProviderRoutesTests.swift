import Gateway
import API
import Foundation
import Service
import Model
import HTTPServer
import TestSupport
import UnsplashClient
import XCTest

/// Issue 12: one API over two providers. GIPHY and a scripted Unsplash side by side in one
/// router: the provider parameter, ids unique across providers, each provider's rules, saving,
/// and the budget held under what the upstream last reported.
final class ProviderRoutesTests: XCTestCase {
    private var gifs = ScriptedProvider()
    private var photos = ScriptedProvider(items: (0..<100).map { makePhoto("p\($0)") })

    private func makeAPI(defaultProvider: ProviderName = .giphy, photoSettings: GatewaySettings = uncachedGateway) -> InMemoryAPI {
        InMemoryAPI(provider: gifs, backend: makeTwoProviderBackend(gifs: gifs, photos: photos, defaultProvider: defaultProvider,
                                                                   photoSettings: photoSettings))
    }

    private func items(_ answer: InMemoryAPI.Answer) -> [[String: Any]] { answer.json?["data"] as? [[String: Any]] ?? [] }

    func testTheProviderParameterPicksTheUpstreamAndEveryItemSaysWhich() async throws {
        let api = makeAPI()
        let itemPage = try await api.get("/search?q=cat")
        XCTAssertEqual(items(itemPage).compactMap { $0["provider"] as? String }, Array(repeating: "giphy", count: 24))
        XCTAssertEqual((items(itemPage).first?["attribution"] as? [String: Any])?["text"] as? String, "Powered by GIPHY")
        let photoPage = try await api.get("/search?q=cat&provider=unsplash")
        XCTAssertEqual(photoPage.status, 200, photoPage.text)
        XCTAssertEqual(items(photoPage).count, 30, "Unsplash's default limit")
        XCTAssertEqual(items(photoPage).first?["id"] as? String, "unsplash:p0")
        XCTAssertEqual(items(photoPage).first?["provider"] as? String, "unsplash")
        XCTAssertEqual(Set(((items(photoPage).first?["images"] as? [String: Any]) ?? [:]).keys), ["small"], "the photo list default")
        XCTAssertNil(items(photoPage).first?["upstream_links"], "the server's own links never leave it")
        XCTAssertEqual(gifs.calls, ["search"])
        XCTAssertEqual(photos.calls, ["search"])
        _ = try await api.get("/trending?provider=unsplash&order_by=popular")
        XCTAssertEqual(photos.lastTrending?.order, "popular")
        _ = try await api.get("/search?q=cat&provider=unsplash&order_by=latest")
        XCTAssertEqual(photos.lastSearch?.order, "latest")
    }

    func testTheDefaultProviderIsTheServersChoice() async throws {
        let api = makeAPI(defaultProvider: .unsplash)
        _ = try await api.get("/trending")
        XCTAssertEqual(photos.calls, ["trending"])
        XCTAssertEqual(gifs.calls, [])
    }

    func testEachProvidersRulesAreCheckedBeforeAnyCall() async throws {
        let api = makeAPI()
        let cases: [(String, String)] = [
            ("/search?q=cat&provider=tenor", "provider"),
            ("/search?q=cat&provider=UNSPLASH", "provider"),
            ("/search?q=cat&provider=unsplash&limit=31", "limit"),
            ("/search?q=cat&provider=unsplash&limit=10&offset=15", "offset"),
            ("/search?q=cat&provider=unsplash&order_by=popular", "order_by"),
            ("/search?q=cat&order_by=latest", "order_by"),
            ("/trending?provider=unsplash&order_by=relevant", "order_by"),
            ("/search?q=cat&provider=unsplash&type=stickers", "type"),
            ("/random?provider=unsplash&type=gifs", "type"),
            ("/spotlight?provider=klipy", "provider"),
        ]
        for (target, parameter) in cases {
            let answer = try await api.get(target)
            XCTAssertEqual(answer.status, 400, target)
            XCTAssertEqual(answer.problem?.code, "invalid_parameter", target)
            XCTAssertTrue(answer.problem?.detail.contains("\"\(parameter)\"") == true, "\(target): \(answer.problem?.detail ?? "")")
        }
        XCTAssertEqual(gifs.calls + photos.calls, [])
        let wholePages = try await api.get("/search?q=cat&provider=unsplash&limit=10&offset=20")
        XCTAssertEqual(wholePages.status, 200)
        XCTAssertEqual(photos.lastSearch.map { [$0.offset, $0.limit] }, [20, 10])
        XCTAssertEqual((wholePages.json?["pagination"] as? [String: Any])?["next_offset"] as? Int, 30)
    }

    func testEveryRouteTakingAnIdTakesBothKindsAndFavoritesHoldBoth() async throws {
        let api = makeAPI()
        let photo = try await api.get("/items/unsplash:p3")
        XCTAssertEqual(photo.status, 200, photo.text)
        XCTAssertEqual(photo.json?["id"] as? String, "unsplash:p3")
        XCTAssertEqual(photos.calls, ["gif"])
        let item = try await api.get("/items/id4")
        XCTAssertEqual(item.json?["provider"] as? String, "giphy")
        let answer1 = try await api.get("/gif/unsplash:p3")
        XCTAssertEqual(answer1.json?["id"] as? String, "unsplash:p3")

        let answer2 = try await api.send(.post, "/favorites", json: #"{"id":"id1"}"#)
        XCTAssertEqual(answer2.status, 201)
        let answer3 = try await api.send(.post, "/favorites", json: #"{"id":"unsplash:p2"}"#)
        XCTAssertEqual(answer3.status, 201)
        let listed = items(try await api.get("/favorites"))
        XCTAssertEqual(listed.compactMap { $0["id"] as? String }, ["unsplash:p2", "id1"], "newest first, both kinds")
        XCTAssertEqual(listed.compactMap { $0["provider"] as? String }, ["unsplash", "giphy"])
        let answer4 = try await api.send(.delete, "/favorites/unsplash:p2")
        XCTAssertEqual(answer4.status, 204)
        let remaining = try await api.get("/favorites")
        XCTAssertEqual(items(remaining).count, 1)

        let unknown = try await api.get("/items/klipy:abc")
        XCTAssertEqual(unknown.status, 404)
        XCTAssertEqual(unknown.problem?.code, "gif_not_found")
        let malformed = try await api.get("/items/unsplash:a%20b")
        XCTAssertEqual(malformed.problem?.code, "invalid_parameter")
    }

    func testFavoritesOfBothKindsShareOneCap() async throws {
        let backend = makeTwoProviderBackend(gifs: gifs, photos: photos)
        for index in 0..<10 {
            _ = try await backend.favorites.add(id: try XCTUnwrap(ItemID("id\(index)")), install: .local)
            _ = try await backend.favorites.add(id: try XCTUnwrap(ItemID("unsplash:p\(index)")), install: .local)
        }
        do {
            _ = try await backend.favorites.add(id: try XCTUnwrap(ItemID("unsplash:p50")), install: .local)
            XCTFail("a 21st favorite was added")
        } catch {
            XCTAssertEqual((error as? ServiceError)?.kind, .favoritesFull)
        }
    }

    func testSavingAPhotoTracksTheDownloadOnceAndAGIFMakesNoCall() async throws {
        let api = makeAPI()
        let saved = try await api.send(.post, "/items/unsplash:p7/download")
        XCTAssertEqual(saved.status, 200, saved.text)
        XCTAssertEqual(saved.json?["url"] as? String, "https://images.unsplash.com/photo-p7?q=85", "the full-size rendition")
        XCTAssertEqual(saved.json?["width"] as? Int, 4000)
        XCTAssertEqual(saved.json?["height"] as? Int, 3000)
        XCTAssertEqual(photos.trackedDownloads, ["unsplash:p7"])
        XCTAssertEqual(photos.calls, ["gif", "download"])

        let item = try await api.send(.post, "/items/id3/download")
        XCTAssertEqual(item.json?["url"] as? String, "https://media.giphy.com/media/id3/giphy.gif", "GIPHY's original")
        XCTAssertEqual(gifs.calls, ["gif"], "no tracking call for GIPHY")
    }

    func testAFailedTrackingCallStillAnswersTheFileAndIsCounted() async throws {
        let api = makeAPI()
        photos.failTracking(with: UpstreamError.serverError(status: 503))
        let saved = try await api.send(.post, "/items/unsplash:p1/download")
        XCTAssertEqual(saved.status, 200)
        XCTAssertEqual(saved.json?["url"] as? String, "https://images.unsplash.com/photo-p1?q=85")
        let metrics = try await api.get("/metrics").text
        XCTAssertTrue(metrics.contains(#"gif_bff_upstream_calls_total{endpoint="download",outcome="error",provider="unsplash"} 1"#), metrics)
    }

    func testAFavoriteIsSavedFromItsSnapshotWhileTheProviderIsDown() async throws {
        let api = makeAPI()
        let answer5 = try await api.send(.post, "/favorites", json: #"{"id":"unsplash:p5"}"#)
        XCTAssertEqual(answer5.status, 201)
        photos.fail(with: UpstreamError.unavailable(reason: "down"))
        let saved = try await api.send(.post, "/items/unsplash:p5/download")
        XCTAssertEqual(saved.status, 200, saved.text)
        XCTAssertEqual(saved.json?["url"] as? String, "https://images.unsplash.com/photo-p5?q=85")
        XCTAssertEqual(photos.trackedDownloads, ["unsplash:p5"], "tracked from the snapshot's download location")
    }

    func testTheBudgetIsNeverAboveWhatTheUpstreamLastReported() async throws {
        var settings = uncachedGateway
        settings.callsPerHour = 50
        let api = makeAPI(photoSettings: settings)
        photos.report(remaining: ReportedCallsRemaining(calls: 3, at: Date()))
        let metrics = try await api.get("/metrics").text
        XCTAssertTrue(metrics.contains(#"gif_bff_upstream_budget_remaining{provider="unsplash"} 3"#), metrics)
        photos.report(remaining: ReportedCallsRemaining(calls: 0, at: Date()))
        let refused = try await api.get("/search?q=cat&provider=unsplash")
        XCTAssertEqual(refused.problem?.code, "upstream_budget_exhausted")
        XCTAssertTrue(refused.problem?.detail.contains("Unsplash") == true, refused.problem?.detail ?? "")
        XCTAssertEqual(photos.calls, [], "not asked past its own count")
        let answer6 = try await api.get("/search?q=cat")
        XCTAssertEqual(answer6.status, 200, "GIPHY's budget is its own")
        // A report older than the hour it was made in no longer holds.
        photos.report(remaining: ReportedCallsRemaining(calls: 0, at: Date().addingTimeInterval(-3700)))
        let answer7 = try await api.get("/search?q=cat&provider=unsplash")
        XCTAssertEqual(answer7.status, 200)
    }

    func testEachProviderHasItsOwnSpotlightAndErrorsNameTheProvider() async throws {
        let api = makeAPI()
        let gifSpotlight = try await api.get("/spotlight")
        let photoSpotlight = try await api.get("/spotlight?provider=unsplash")
        XCTAssertEqual((gifSpotlight.json?["gif"] as? [String: Any])?["provider"] as? String, "giphy")
        XCTAssertEqual((photoSpotlight.json?["gif"] as? [String: Any])?["id"] as? String, "unsplash:p0")
        photos.fail(with: UpstreamError.serverError(status: 500))
        let failed = try await api.get("/random?provider=unsplash")
        XCTAssertEqual(failed.problem?.code, "upstream_error")
        XCTAssertEqual(failed.problem?.detail, "Unsplash failed to answer (HTTP 500).")
    }

    /// Issue 32.7: a title is its problem type's, never a provider's; the detail says which failed.
    func testEveryUpstreamProblemsTitleNamesNoProviderAndItsDetailNamesTheOneThatFailed() async throws {
        let failures: [(UpstreamError, String)] = [
            (.rateLimited(retryAfter: 5), "upstream_rate_limited"), (.unauthorized(status: 401), "upstream_auth"),
            (.rejected(status: 400), "upstream_rejected"), (.serverError(status: 500), "upstream_error"),
            (.unavailable(reason: "down"), "upstream_unavailable"), (.timeout, "upstream_timeout"),
            (.badResponse(reason: "not JSON"), "upstream_bad_response"), (.notFound, "gif_not_found")]
        for (provider, scripted, name) in [("giphy", gifs, "GIPHY"), ("unsplash", photos, "Unsplash")] {
            for (failure, code) in failures {
                // A server of its own each time: a failure would hold the provider off for the next.
                let api = makeAPI()
                scripted.fail(with: failure)
                let answer = try await api.get("/random?provider=\(provider)")
                let problem = try XCTUnwrap(answer.problem, "\(provider) \(failure): \(answer.text)")
                XCTAssertEqual(problem.code, code, "\(provider) \(failure)")
                for word in ["GIPHY", "Giphy", "Unsplash", "GIF"] {
                    XCTAssertFalse(problem.title.contains(word), "\(provider) \(failure): \(problem.title)")
                }
                XCTAssertTrue(problem.detail.contains(name), "\(provider) \(failure): \(problem.detail)")
            }
            scripted.fail(with: nil)
        }
    }
}
