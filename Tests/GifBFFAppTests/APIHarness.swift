import DemoMedia
import FakeGiphy
import FakeUpstream
import Foundation
import Gateway
@testable import GifBFFApp
import HTTPServer
import SQLite
import Storage
import TestSupport
import Synchronization
import XCTest

/// gif-bff started for real on an ephemeral port, against the fake GIPHY on another, with its log
/// captured and a key that is easy to spot if it ever leaks.
final class APIHarness: Sendable {
    static let secretKey = "SECRET-giphy-key-3f9c2a71"

    let fake: FakeGiphy
    let app: RunningApp
    let logSink = LogSink.capturing()
    let folder: URL

    /// `fake` and `folder` let a second harness restart gif-bff on the same upstream and database.
    /// Everything is stopped and deleted when `testCase` tears down, also after an assertion throws.
    init(_ testCase: XCTestCase, favoritesLimit: Int = 20, upstreamTimeout: Duration = .seconds(2), baseURL: URL? = nil,
         fake: FakeGiphy? = nil, folder: URL? = nil, databaseOptions: Database.Options = AppDatabase.serverOptions,
         demoDrawing: DemoDrawing = DemoDrawing(), configure: (inout Configuration) -> Void = { _ in }) throws {
        let fake = fake ?? FakeGiphy(apiKey: Self.secretKey)
        self.fake = fake
        let fakeURL = try fake.baseURL ?? fake.start()
        self.folder = folder ?? FileManager.default.temporaryDirectory.appendingPathComponent("gif-bff-api-\(UUID().uuidString)")
        var configuration = Configuration()
        configuration.server.host = "127.0.0.1"
        configuration.server.port = 0
        configuration.server.eventLoopCount = 2
        configuration.databasePath = self.folder.appendingPathComponent("favorites.sqlite3").path
        configuration.giphyAPIKey = Self.secretKey
        configuration.giphyBaseURL = (baseURL ?? fakeURL).absoluteString
        configuration.upstreamTimeout = upstreamTimeout
        configuration.favoritesLimit = favoritesLimit
        configuration.logLevel = .debug
        configure(&configuration)
        app = try RunningApp.start(configuration, logger: Logger(level: .debug, sink: logSink), databaseOptions: databaseOptions,
                                   demoDrawing: demoDrawing)
        testCase.addTeardownBlock { [self] in await stop() }
    }

    /// Safe to call more than once.
    func stop() async {
        await app.shutdown()
        await fake.shutdown()
        try? FileManager.default.removeItem(at: folder)
    }

    /// Stops gif-bff only, keeping the fake and the database for a restart.
    func stopApp() async { await app.shutdown() }

    /// One request on a fresh connection; the whole response.
    func send(_ method: String, _ target: String, json: String? = nil, headers: [String] = []) throws -> RawClient.Response {
        let client = try RawClient(port: app.port, timeout: 10)
        var allHeaders = headers
        if json != nil && !headers.contains(where: { $0.lowercased().hasPrefix("content-type") }) {
            allHeaders.append("Content-Type: application/json")
        }
        try client.send(request(method, target, headers: allHeaders, body: json))
        let response = try client.readResponse(bodyless: method == "HEAD")
        responses.withLock { $0.append(response) }
        return response
    }

    func get(_ target: String) throws -> RawClient.Response { try send("GET", target) }

    /// Waits for the writes gif-bff makes after answering (history, cache), so a test sees them.
    func flushWrites() async { await app.bookkeeping.flush() }

    /// Requests answered so far at once on an event loop (from memory), and by workers.
    var answerCounts: (ready: Int, byWorkers: Int) { app.server.answerCounts }

    /// Every response this harness received, for the key-secrecy check.
    let responses = Mutex<[RawClient.Response]>([])
}
