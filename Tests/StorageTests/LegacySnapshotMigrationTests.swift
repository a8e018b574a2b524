import JSON
import Foundation
import GiphyClient
import Service
import Model
import SQLite
import Storage
import TestSupport
import XCTest

/// Schema version 6: items stored before items named their provider (all GIPHY's then) are given
/// GIPHY's name and attribution, in every table that keeps items; anything else is left alone.
final class LegacySnapshotMigrationTests: XCTestCase {
    /// A GIF as the encoder before provider and attribution existed wrote it.
    static let legacyItem = #"{"created_at":"2020-09-13T12:26:40Z","id":"old","images":{"original":{"height":270,"url":"https:\/\/m\/o.gif","width":480}},"#
        + #""rating":"g","share_text":"Old https:\/\/giphy.com\/gifs\/old","title":"Old","url":"https:\/\/giphy.com\/gifs\/old"}"#
    static let expected = Item(id: "old", provider: .giphy, title: "Old", rating: "g", url: "https://giphy.com/gifs/old",
                               createdAt: Date(timeIntervalSince1970: 1_600_000_000),
                               images: ["original": Rendition(url: "https://m/o.gif", width: 480, height: 270)],
                               attribution: Giphy.attribution)

    /// A database at schema version 5 holding `legacyItem` as a favorite, a spotlight pick, a
    /// cached item and inside a cached page, beside a photo that already names its provider.
    private func makeVersion5Database() throws -> String {
        let path = try makeDatabasePath()
        let database = try Database(path: path)
        try Migrator(Array(Schema.migrator.migrations.prefix(5))).migrate(database)
        let photo = String(decoding: makePhoto("p1").jsonBytes(), as: UTF8.self)
        let page = #"{"count":2,"gifs":["# + Self.legacyItem + "," + photo + #"],"offset":0,"totalCount":2}"#
        try database.execute("INSERT INTO favorite (gif_id, snapshot, added_at) VALUES ('old', ?, 1000)", [.blob(Data(Self.legacyItem.utf8))])
        try database.execute("INSERT INTO favorite (gif_id, snapshot, added_at) VALUES ('unsplash:p1', ?, 2000)", [.blob(Data(photo.utf8))])
        try database.execute("INSERT INTO spotlight (spot_key, gif, picked_at, changes_at) VALUES ('', ?, 1, 2)", [.blob(Data(Self.legacyItem.utf8))])
        try database.execute("INSERT INTO response_cache (cache_key, value, stored_at, used_at) VALUES ('item', ?, 1, 1)", [.blob(Data(Self.legacyItem.utf8))])
        try database.execute("INSERT INTO response_cache (cache_key, value, stored_at, used_at) VALUES ('page', ?, 1, 1)", [.blob(Data(page.utf8))])
        try database.execute("INSERT INTO response_cache (cache_key, value, stored_at, used_at) VALUES ('terms', ?, 1, 1)", [.blob(Data(#"{"terms":["cats"]}"#.utf8))])
        return path
    }

    func testItemsStoredBeforeProvidersAreGIPHYsWithItsAttribution() async throws {
        let database = try AppDatabase.open(path: try makeVersion5Database())
        let version = try await database.read { try $0.userVersion() }
        XCTAssertEqual(version, Schema.migrator.latestVersion)
        func blob(_ sql: String) async throws -> Data {
            try await database.read { database in try XCTUnwrap(database.queryFirst(sql)).blob(at: 0) }
        }
        for sql in ["SELECT snapshot FROM favorite WHERE gif_id = 'old'", "SELECT gif FROM spotlight",
                    "SELECT value FROM response_cache WHERE cache_key = 'item'"] {
            let stored = try await blob(sql)
            XCTAssertEqual(try Item(jsonBytes: stored), Self.expected, sql)
        }
        let page = try UpstreamPage(jsonBytes: try await blob("SELECT value FROM response_cache WHERE cache_key = 'page'"))
        XCTAssertEqual(page.items, [Self.expected, makePhoto("p1")])
        XCTAssertEqual(page.totalCount, 2)
        let photo = try Item(jsonBytes: try await blob("SELECT snapshot FROM favorite WHERE gif_id = 'unsplash:p1'"))
        XCTAssertEqual(photo, makePhoto("p1"), "an item that names its provider is left as it was")
        let terms = try await blob("SELECT value FROM response_cache WHERE cache_key = 'terms'")
        XCTAssertEqual(String(decoding: terms, as: UTF8.self), #"{"terms":["cats"]}"#, "what is not an item is left as it was")
    }
}
