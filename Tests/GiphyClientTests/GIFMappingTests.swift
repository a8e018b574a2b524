import DemoCatalog
import Foundation
import JSON
import Model
@testable import GiphyClient
import ProviderHTTP
import TestSupport
import XCTest

/// `GIFMapping` reads a GIF object, its `images` and each rendition in one pass over their members,
/// in place (`JSONView`); it must read every object as looking each field up by name reads it
/// (`LookupMapping`, the mapping as it was before): the first of a repeated key, escaped keys and
/// values, numbers as strings (with spaces, fractions), nulls, wrong types, non-ASCII, bad UTF-8.
final class GIFMappingTests: XCTestCase {
    func testOddObjectsReadAsLookingEachFieldUpReadsThem() throws {
        var random = SeededGenerator(seed: 46)
        var (mapped, withImages) = (0, 0)
        for _ in 0..<4000 {
            let object = GIFObjects.object(&random)
            let value = try XCTUnwrap(JSONDocument.root(of: Data(object)), String(decoding: object, as: UTF8.self))
            let expected = LookupMapping.gif(value)
            XCTAssertEqual(GIFMapping.gif(value), expected, String(decoding: object, as: UTF8.self))
            if let expected {
                mapped += 1
                if !expected.images.isEmpty { withImages += 1 }
            }
        }
        // Enough of them are GIFs, with renditions, that every field is compared many times.
        XCTAssertGreaterThan(mapped, 500)
        XCTAssertGreaterThan(withImages, 150)
    }

    func testAPageReadsEachObjectAsLookingEachFieldUpReadsIt() throws {
        var random = SeededGenerator(seed: 7)
        for _ in 0..<200 {
            var body = Array(#"{"meta":{"status":200,"response_id":"r"},"data":["#.utf8)
            let objects = (0..<random.below(6)).map { _ in GIFObjects.object(&random) }
            body += Array(objects.joined(separator: Array(",".utf8)))
            body += Array("]}".utf8)
            let endpoint = GiphyEndpoint.search(SearchRequest(query: "cat", offset: 0, limit: 25), countryCode: nil)
            let page = try ResponseReading.page(Data(body), endpoint: endpoint, requestedOffset: 0)
            let values = try XCTUnwrap(JSONDocument.root(of: Data(body))?["data"]?.elements)
            XCTAssertEqual(page.items, values.compactMap(LookupMapping.gif), String(decoding: body, as: UTF8.self))
            XCTAssertEqual(page.count, objects.count)
        }
    }

    /// A list of many elements that are not GIFs reserves no room for an Item each.
    func testAListOfManyNonGIFsReservesNoRoomForEach() throws {
        let body = #"{"meta":{"status":200,"response_id":"r"},"data":["# + Array(repeating: "0", count: 100_000).joined(separator: ",") + "]}"
        let endpoint = GiphyEndpoint.search(SearchRequest(query: "cat", offset: 0, limit: 25), countryCode: nil)
        let page = try ResponseReading.page(Data(body.utf8), endpoint: endpoint, requestedOffset: 0)
        XCTAssertEqual(page.items, [])
        XCTAssertLessThan(page.items.capacity, 1_000)
    }

    /// What the one-pass reading could get wrong, each on its own.
    func testTheFirstOfARepeatedKeyCounts() throws {
        XCTAssertNil(try gif(#"{"id":"abc","url":null,"url":"https://giphy.com/gifs/abc"}"#), "the first url, null")
        let item = try XCTUnwrap(try gif(#"""
            {"id":"abc","id":"def","url":"https://giphy.com/gifs/abc","title":"One","title":"Two",
             "images":{"original":{"url":"https://m/1.gif","width":"1","height":"2","width":"3","url":"https://m/2.gif"},
                       "original":{"url":"https://m/3.gif","width":"5","height":"6"}},
             "images":{"downsized":{"url":"https://m/4.gif","width":"7","height":"8"}}}
            """#))
        XCTAssertEqual(item.id, "abc")
        XCTAssertEqual(item.title, "One")
        XCTAssertEqual(item.images, ["original": Rendition(url: "https://m/1.gif", width: 1, height: 2)])
        // An unusable first rendition of a name is not replaced by a later one of the same name.
        let second = try XCTUnwrap(try gif(#"""
            {"id":"abc","url":"https://giphy.com/gifs/abc","images":{"fixed_width_small":{"url":""},
             "fixed_width_small":{"url":"https://m/s.gif","width":"1","height":"1"},
             "preview_gif":{"url":"https://m/p.gif","width":"2","height":"2"}}}
            """#))
        XCTAssertEqual(second.images["preview"]?.url, "https://m/p.gif")
    }

    func testEscapedKeysAndValuesAreRead() throws {
        let item = try XCTUnwrap(try gif(#"""
            {"\u0069d":"abc","ur\u006c":"https:\/\/giphy.com\/gifs\/abc","t\u0069tle":"Caf\u00e9 \ud83d\ude00",
             "\u0069mages":{"or\u0069ginal":{"\u0075rl":"https:\/\/m\/1.gif","w\u0069dth":"\u0032\u0030","height":"10"}},
             "create_datetime":"\u0032021-05-06 19:22:20"}
            """#))
        XCTAssertEqual(item.id, "abc")
        XCTAssertEqual(item.url, "https://giphy.com/gifs/abc")
        XCTAssertEqual(item.title, "Café 😀")
        XCTAssertEqual(item.images["original"], Rendition(url: "https://m/1.gif", width: 20, height: 10))
        XCTAssertEqual(item.createdAt, Date(timeIntervalSince1970: 1_620_328_940))
    }

    func testNumbersAsStringsWithSpacesFractionsAndOddTypesAreRead() throws {
        let item = try XCTUnwrap(try gif(#"""
            {"id":"abc","url":"https://giphy.com/gifs/abc","images":{
             "original":{"url":"https://m/1.gif","width":" 200 ","height":"150.0","size":"\n7\t"},
             "downsized":{"url":"https://m/2.gif","width":200,"height":2e2,"size":"0012"},
             "fixed_width":{"url":"https://m/3.gif","width":"x","height":"1"},
             "fixed_height":{"url":"https://m/4.gif","width":"99999999999999999999","height":"1"},
             "original_still":{"url":"https://m/5.gif","width":"123456789012345678","height":"+7","size":"-5"}}}
            """#))
        XCTAssertEqual(item.images["original"], Rendition(url: "https://m/1.gif", width: 200, height: 150, size: 7))
        XCTAssertEqual(item.images["downsized"], Rendition(url: "https://m/2.gif", width: 200, height: 200, size: 12))
        XCTAssertNil(item.images["fixed_width"])
        XCTAssertNil(item.images["fixed_height"])
        XCTAssertEqual(item.images["original_still"], GIFMapping.rendition(url: "https://m/5.gif", width: 123_456_789_012_345_678, height: 7,
                                                                          size: nil, mp4: nil, webp: nil))
    }

    func testNonASCIIAndBadUTF8AreReadAsText() throws {
        let bytes = Array(#"{"id":"abc","url":"https://giphy.com/gifs/abc","title":" é "#.utf8) + [0xFF]
            + Array(#"","username":"\u00a0ann","images":{"original":{"url":"https://m/é.gif","width":"1","height":"1"}}}"#.utf8)
        let item = try XCTUnwrap(GIFMapping.gif(try XCTUnwrap(JSONDocument.root(of: Data(bytes)))))
        XCTAssertEqual(item.title, "é \u{FFFD}")
        XCTAssertEqual(item.username, "ann")
        XCTAssertEqual(item.images["original"]?.url, "https://m/é.gif")
    }

    private func gif(_ json: String) throws -> Item? { GIFMapping.gif(try XCTUnwrap(JSONDocument.root(of: Data(json.utf8)))) }
}

/// GIPHY's mapping as it read a GIF before the one-pass reading: every field looked up by name
/// on a `JSONValue`, every link, text and number read by the general rule.
private enum LookupMapping {
    static func gif(_ object: JSONValue) -> Item? {
        guard object.isObject else { return nil }
        return GIFMapping.item(GIFFields(
            id: object["id"]?.meaningfulText, page: object["url"]?.webLink, title: object["title"]?.meaningfulText,
            altText: object["alt_text"]?.meaningfulText, rating: object["rating"]?.meaningfulText,
            shareURL: object["bitly_url"]?.webLink, username: object["username"]?.meaningfulText,
            user: object["user"].flatMap(user), created: object["create_datetime"]?.text,
            imported: object["import_datetime"]?.text, images: images(object["images"]),
            analytics: object["analytics"].flatMap(analyticsLinks)))
    }

    static func images(_ giphy: JSONValue?) -> Renditions {
        guard let giphy, giphy.isObject else { return [:] }
        return GIFMapping.images { giphy[$0].flatMap(rendition) }
    }

    static func rendition(_ object: JSONValue) -> Rendition? {
        guard object.isObject else { return nil }
        return GIFMapping.rendition(url: object["url"]?.webLink, width: object["width"]?.integer, height: object["height"]?.integer,
                                    size: object["size"]?.integer, mp4: object["mp4"]?.webLink, webp: object["webp"]?.webLink)
    }

    static func analyticsLinks(_ object: JSONValue) -> UpstreamLinks? {
        let links = UpstreamLinks(onload: object["onload"]?["url"]?.webLink, onclick: object["onclick"]?["url"]?.webLink,
                                  onsent: object["onsent"]?["url"]?.webLink)
        return links.hasValue ? links : nil
    }

    static func user(_ object: JSONValue) -> Author? {
        let user = Author(displayName: object["display_name"]?.meaningfulText, username: object["username"]?.meaningfulText,
                          avatarURL: object["avatar_url"]?.webLink, profileURL: object["profile_url"]?.webLink)
        return user.hasValue ? user : nil
    }
}

/// GIF objects of GIPHY's shape with odd members: each field present or not, in any order, its key
/// now and then escaped or repeated, its value drawn from what upstream JSON has been seen to send.
private enum GIFObjects {
    static let texts = OddJSON.texts
    static let ids = [#""abc123""#, #""abc123""#, #""Abc9""#, #"" abc123 ""#, "42", #""a-b""#, #""\u0061bc""#, "null", #""""#]
    static let links = [#""https://giphy.com/gifs/abc""#, #""https://giphy.com/gifs/abc""#, #""https:\/\/giphy.com\/gifs\/abc""#,
                        #"" https://a/b ""#, #""javascript:alert(1)""#, #""http://""#, #""HTTPS://Example.COM/x""#,
                        #""https://a b/c""#, #""https://a/\u00e9""#, #""https://a/é""#, #""""#, "null", "5", #""http://:80/x""#,
                        #""https://a/b\t""#, "[]"]
    static let numbers = [#""200""#, #""200""#, "200", #"" 200 ""#, #""200.0""#, "150.0", "12.7", #""2e2""#, #""-5""#, #""0""#,
                          #""""#, "null", #""x""#, #""99999999999999999999""#, #""0012""#, #""\u0032\u0030""#, "1e300",
                          #""+7""#, "true", "-3", #""1234567890123456789""#]
    static let dates = [#""2021-05-06 19:22:20""#, #"" 2021-05-06 19:22:20 ""#, #""0000-00-00 00:00:00""#, #""2023-02-30 10:00:00""#,
                        "20210506", "null", #""2021-05-06T19:22:20""#, #""\u0032021-05-06 19:22:20""#, #""""#, #""1970-01-01 00:00:00""#]
    static let odd = OddJSON.odd
    static let oddJSON = OddJSON(leftOutOneIn: 6, repeatedLink: #""https://giphy.com/gifs/repeat""#)
    static let renditionNames = ["fixed_width_small", "preview_gif", "fixed_width_still", "fixed_height_still", "fixed_width",
                                 "fixed_height", "original", "original_still", "downsized", "looping", "480w_still"]

    static func object(_ random: inout SeededGenerator) -> [UInt8] {
        var members: [(String, [UInt8])] = [
            ("id", OddJSON.value(ids, &random)), ("url", OddJSON.value(links, &random)), ("title", OddJSON.value(texts, &random)),
            ("alt_text", OddJSON.value(texts, &random)), ("rating", OddJSON.value(texts, &random)), ("bitly_url", OddJSON.value(links, &random)),
            ("username", OddJSON.value(texts, &random)), ("create_datetime", OddJSON.value(dates, &random)),
            ("import_datetime", OddJSON.value(dates, &random)), ("slug", OddJSON.value(texts, &random)),
            ("user", random.chance(6) ? OddJSON.value(odd, &random) : oddJSON.object([
                ("display_name", OddJSON.value(texts, &random)), ("username", OddJSON.value(texts, &random)),
                ("avatar_url", OddJSON.value(links, &random)), ("profile_url", OddJSON.value(links, &random)),
            ], &random)),
            ("analytics", random.chance(6) ? OddJSON.value(odd, &random) : oddJSON.object(["onload", "onclick", "onsent"].map { event in
                (event, random.chance(5) ? OddJSON.value(odd, &random) : oddJSON.object([("url", OddJSON.value(links, &random))], &random))
            }, &random)),
            ("images", random.chance(8) ? OddJSON.value(odd, &random) : oddJSON.object(renditionNames.map { name in
                (name, random.chance(8) ? OddJSON.value(odd, &random) : rendition(&random))
            }, &random)),
        ]
        members.shuffle(using: &random)
        return oddJSON.object(members, &random)
    }

    static func rendition(_ random: inout SeededGenerator) -> [UInt8] {
        oddJSON.object([("url", OddJSON.value(links, &random)), ("width", OddJSON.value(numbers, &random)),
                        ("height", OddJSON.value(numbers, &random)), ("size", OddJSON.value(numbers, &random)),
                        ("mp4", OddJSON.value(links, &random)), ("webp", OddJSON.value(links, &random)),
                        ("mp4_size", OddJSON.value(numbers, &random)), ("frames", OddJSON.value(numbers, &random)),
                        ("hash", OddJSON.value(texts, &random))], &random)
    }
}
