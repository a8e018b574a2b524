import DemoCatalog
import Foundation
import JSON
import Model
import ProviderHTTP
import TestSupport
@testable import UnsplashClient
import XCTest

/// `PhotoMapping` reads a photo object, its urls, links, user, location and exif in one pass over
/// their members, in place (`JSONView`); it must read every object as looking each field up by
/// name reads it (`LookupMapping`, the mapping as it was before): the first of a repeated key,
/// escaped keys and values, numbers as strings, nulls, wrong types, non-ASCII, bad UTF-8.
final class PhotoReadingTests: XCTestCase {
    private let mapping = PhotoMapping(appName: "gif bff")

    func testOddPhotosReadAsLookingEachFieldUpReadsThem() throws {
        var random = SeededGenerator(seed: 46)
        var (mapped, withUser, withCamera) = (0, 0, 0)
        for _ in 0..<4000 {
            let object = PhotoObjects.object(&random)
            let document = try JSONDocument(parsing: Data(object))
            let value = try XCTUnwrap(JSONDocument.root(of: Data(object)))
            let expected = LookupMapping(mapping: mapping).item(value)
            XCTAssertEqual(document.withView { mapping.item($0) }, expected, String(decoding: object, as: UTF8.self))
            if let expected {
                mapped += 1
                if expected.user != nil { withUser += 1 }
                if expected.camera != nil { withCamera += 1 }
            }
        }
        // Enough of them are photos, with users and cameras, that every field is compared many times.
        XCTAssertGreaterThan(mapped, 250)
        XCTAssertGreaterThan(withUser, 150)
        XCTAssertGreaterThan(withCamera, 150)
    }

    func testASearchPageReadsEachPhotoAsLookingEachFieldUpReadsIt() throws {
        var random = SeededGenerator(seed: 7)
        let reading = PhotoResponseReading(mapping: mapping)
        let endpoint = UnsplashEndpoint.search(SearchRequest(query: "cat", offset: 0, limit: 30))
        for _ in 0..<200 {
            let objects = (0..<random.below(6)).map { _ in PhotoObjects.object(&random) }
            let body = Array(#"{"total":"12","total_pages":1,"results":["#.utf8)
                + Array(objects.joined(separator: Array(",".utf8))) + Array("]}".utf8)
            let page = try reading.searchPage(Data(body), endpoint: endpoint, requestedOffset: 0)
            let values = try XCTUnwrap(JSONDocument.root(of: Data(body))?["results"]?.elements)
            XCTAssertEqual(page.items, values.compactMap(LookupMapping(mapping: mapping).item), String(decoding: body, as: UTF8.self))
            XCTAssertEqual(page.count, objects.count)
            XCTAssertEqual(page.totalCount, 12)
        }
    }

    /// A list of many elements that are not photos reserves no room for an Item each.
    func testAListOfManyNonPhotosReservesNoRoomForEach() throws {
        let body = #"{"total":1,"total_pages":1,"results":["# + Array(repeating: "0", count: 100_000).joined(separator: ",") + "]}"
        let endpoint = UnsplashEndpoint.search(SearchRequest(query: "cat", offset: 0, limit: 30))
        let page = try PhotoResponseReading(mapping: mapping).searchPage(Data(body.utf8), endpoint: endpoint, requestedOffset: 0)
        XCTAssertEqual(page.items, [])
        XCTAssertLessThan(page.items.capacity, 1_000)
    }

    func testTheFirstOfARepeatedKeyCounts() throws {
        let item = try XCTUnwrap(try photo(#"""
            {"id":"a","id":"b","width":10,"height":20,"width":30,"urls":{"raw":"https://i/1","raw":"https://i/2"},
             "urls":{"thumb":"https://i/3"},"user":{"name":"Ann","name":"Bo","profile_image":{"small":"https://i/s"},
             "profile_image":{"medium":"https://i/m"}},"links":{"html":"https://u/a","html":"https://u/b"}}
            """#))
        XCTAssertEqual(item.id, "unsplash:a")
        XCTAssertEqual(item.images, ["raw": Rendition(url: "https://i/1", width: 10, height: 20)])
        XCTAssertEqual(item.user?.displayName, "Ann")
        XCTAssertEqual(item.user?.avatarURL, "https://i/s", "the first profile_image only")
        XCTAssertEqual(item.url, "https://u/a")
    }

    func testReferralLinksAreTaggedAsBeforeOnASCIIAndOtherLinks() {
        let referral = ReferralLinks(appName: "gif bff")
        for link in ["https://u/a", "https://u/a?", "https://u/a&", "https://u/a?x=1", "https://u/a?x=1&", "https://u/?a?",
                     "https://u/é", "https://u/é?", "https://u/a?\u{301}", "", "?", "&", "https://u/a\r\n?"] {
            let base = link.hasSuffix("?") || link.hasSuffix("&") ? String(link.dropLast()) : link
            XCTAssertEqual(referral.tagged(link), base + (base.contains("?") ? "&" : "?") + referral.query, link)
        }
    }

    /// The share text and credit, written into one string each, read as the interpolations they were.
    func testShareTextAndCreditAreWrittenAsBefore() {
        let referral = ReferralLinks(appName: "gif bff")
        for page in ["https://u/a", "https://u/a?x=1&", "https://u/?a?", "https://u/é?", "", "?"] {
            for title in [nil, "a tall building", "é \u{301}", ""] {
                for author in [nil, "Zoë Kraus", "ann", ""] {
                    let credit = author.map { "by \($0) on Unsplash" } ?? "on Unsplash"
                    XCTAssertEqual(referral.shareText(title: title, author: author, page: page),
                                   "\(title ?? "Photo") \(credit) \(referral.tagged(page))")
                    XCTAssertEqual(referral.attribution(author: author, profile: page),
                                   Attribution(text: author.map { "Photo by \($0) on Unsplash" } ?? "Photo on Unsplash",
                                               authorURL: referral.tagged(page), providerURL: "https://unsplash.com/?" + referral.query))
                }
            }
        }
    }

    private func photo(_ json: String) throws -> Item? {
        try JSONDocument(parsing: Data(json.utf8)).withView { mapping.item($0) }
    }
}

/// Unsplash's mapping as it read a photo before the one-pass reading: every field looked up by
/// name on a `JSONValue`, every link, text and number read by the general rule.
private struct LookupMapping {
    let mapping: PhotoMapping

    func item(_ photo: JSONValue) -> Item? {
        guard photo.isObject else { return nil }
        let width = photo["width"]?.integer(in: UpstreamNumber.positive)
        let height = photo["height"]?.integer(in: UpstreamNumber.positive)
        let urls = photo["urls"]
        let links = photo["links"]
        return mapping.item(PhotoFields(
            id: photo["id"]?.meaningfulText, width: width, height: height,
            images: PhotoRenditions.images(width: width, height: height) { urls?[$0]?.webLink },
            page: links?["html"]?.webLink, description: photo["description"]?.meaningfulText,
            altDescription: photo["alt_description"]?.meaningfulText, createdAt: photo["created_at"]?.meaningfulText,
            color: photo["color"]?.meaningfulText, blurHash: photo["blur_hash"]?.meaningfulText,
            likes: photo["likes"]?.integer(in: UpstreamNumber.positive),
            user: photo["user"].flatMap { $0.isObject ? Self.user($0) : nil },
            location: photo["location"].flatMap(Self.location), camera: photo["exif"].flatMap(Self.camera),
            downloadLocation: links?["download_location"]?.webLink))
    }

    static func user(_ object: JSONValue) -> Author? {
        let images = object["profile_image"]
        let avatar = PhotoMapping.avatarSizes.lazy.compactMap { images?[$0]?.webLink }.first
        let user = Author(displayName: object["name"]?.meaningfulText, username: object["username"]?.meaningfulText,
                          avatarURL: avatar, profileURL: object["links"]?["html"]?.webLink)
        return user.hasValue ? user : nil
    }

    static func location(_ object: JSONValue) -> PhotoLocation? {
        let location = PhotoLocation(name: object["name"]?.meaningfulText, city: object["city"]?.meaningfulText,
                                     country: object["country"]?.meaningfulText)
        return location.hasValue ? location : nil
    }

    static func camera(_ object: JSONValue) -> PhotoCamera? {
        let camera = PhotoCamera(make: exifText(object["make"]), model: exifText(object["model"]),
                                 exposureTime: exifText(object["exposure_time"]), aperture: exifText(object["aperture"]),
                                 focalLength: exifText(object["focal_length"]),
                                 iso: object["iso"]?.integer(in: UpstreamNumber.positive))
        return camera.hasValue ? camera : nil
    }

    static func exifText(_ value: JSONValue?) -> String? {
        guard let value else { return nil }
        if let text = value.meaningfulText { return text }
        return value.number.flatMap { $0.isFinite ? String($0) : nil }
    }
}

/// Photo objects of Unsplash's shape with odd members: each field present or not, in any order,
/// its key now and then escaped or repeated, its value drawn from what upstream JSON has sent.
private enum PhotoObjects {
    static let texts = OddJSON.texts
    static let ids = [#""wfH7b-1pf6g""#, #""wfH7b-1pf6g""#, #"" abc ""#, "42", #""\u0061bc""#, "null", #""""#, #""é""#]
    static let links = [#""https://images.unsplash.com/photo-1?ixid=a&w=400""#, #""https://unsplash.com/photos/x""#,
                        #""https:\/\/unsplash.com\/@ann""#, #"" https://a/b ""#, #""javascript:alert(1)""#, #""http://""#,
                        #""https://a b/c""#, #""https://a/\u00e9?x""#, #""https://a/é""#, #""https://a/b?""#, #""https://a/b&""#,
                        #""""#, "null", "5", #""https://a/b\t""#, "[]", #""https://a/b?x?\u0301""#]
    static let numbers = [#""200""#, "2014", "3026", #"" 200 ""#, #""200.0""#, "150.0", "12.7", #""2e2""#, #""-5""#, "0",
                          #""""#, "null", #""x""#, #""99999999999999999999""#, #""0012""#, #""\u0032\u0030""#, "1e300",
                          "true", "-3", "2.8", #""1/125""#]
    static let dates = [#""2023-07-02T13:19:11-04:00""#, #""2021-03-23T02:50:11Z""#, #"" 2021-03-23T02:50:11Z ""#,
                        #""2021-02-30T02:50:11Z""#, #""2021-03-23""#, "null", "20210323", #""\u0032021-03-23T02:50:11Z""#,
                        #""2021-03-23T02:50:11.5Z""#, #""""#]
    static let odd = OddJSON.odd
    static let oddJSON = OddJSON(leftOutOneIn: 8, repeatedLink: #""https://unsplash.com/repeat""#)

    static func object(_ random: inout SeededGenerator) -> [UInt8] {
        var members: [(String, [UInt8])] = [
            ("id", OddJSON.value(ids, &random)), ("slug", OddJSON.value(texts, &random)), ("width", OddJSON.value(numbers, &random)),
            ("height", OddJSON.value(numbers, &random)), ("color", OddJSON.value(texts, &random)), ("blur_hash", OddJSON.value(texts, &random)),
            ("description", OddJSON.value(texts, &random)), ("alt_description", OddJSON.value(texts, &random)),
            ("created_at", OddJSON.value(dates, &random)), ("likes", OddJSON.value(numbers, &random)),
            ("urls", random.chance(8) ? OddJSON.value(odd, &random) : oddJSON.object(["raw", "full", "regular", "small", "thumb", "small_s3"].map {
                ($0, OddJSON.value(links, &random))
            }, &random)),
            ("links", random.chance(8) ? OddJSON.value(odd, &random) : oddJSON.object(["self", "html", "download", "download_location"].map {
                ($0, OddJSON.value(links, &random))
            }, &random)),
            ("user", random.chance(6) ? OddJSON.value(odd, &random) : oddJSON.object([
                ("id", OddJSON.value(ids, &random)), ("name", OddJSON.value(texts, &random)), ("username", OddJSON.value(texts, &random)),
                ("links", random.chance(6) ? OddJSON.value(odd, &random) : oddJSON.object([("html", OddJSON.value(links, &random))], &random)),
                ("profile_image", random.chance(6) ? OddJSON.value(odd, &random) : oddJSON.object(["small", "medium", "large"].map {
                    ($0, OddJSON.value(links, &random))
                }, &random)),
            ], &random)),
            ("location", random.chance(6) ? OddJSON.value(odd, &random) : oddJSON.object(["name", "city", "country"].map {
                ($0, OddJSON.value(texts, &random))
            }, &random)),
            ("exif", random.chance(6) ? OddJSON.value(odd, &random) : oddJSON.object(["make", "model", "name", "exposure_time", "aperture", "focal_length", "iso"].map {
                ($0, random.chance(2) ? OddJSON.value(numbers, &random) : OddJSON.value(texts, &random))
            }, &random)),
        ]
        members.shuffle(using: &random)
        return oddJSON.object(members, &random)
    }
}
