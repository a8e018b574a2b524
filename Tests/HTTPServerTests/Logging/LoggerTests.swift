import Foundation
@testable import HTTPServer
import XCTest

final class LoggerTests: XCTestCase {
    func testJSONLinesAreOneParsableObjectEach() throws {
        let sink = LogSink.capturing()
        let logger = Logger(level: .info, format: .json, sink: sink)
        logger.info("request", ("path", "/a \"b\"\n"), ("status", 200))
        logger.debug("not written at info")
        let lines = sink.capturedText.split(separator: "\n")
        XCTAssertEqual(lines.count, 1)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        XCTAssertEqual(object["msg"] as? String, "request")
        XCTAssertEqual(object["path"] as? String, "/a \"b\"\n")
        XCTAssertEqual(object["status"] as? Int, 200)
        XCTAssertEqual(object["level"] as? String, "info")
        XCTAssertNotNil(object["ts"] as? String)
    }

    func testLogfmtQuotesWhatNeedsIt() {
        let sink = LogSink.capturing()
        Logger(level: .debug, sink: sink).warning("slow", ("path", "/a b"), ("plain", "x"))
        let line = sink.capturedText
        XCTAssertTrue(line.contains("level=warning msg=slow path=\"/a b\" plain=x"), line)
        XCTAssertTrue(line.hasSuffix("\n"))
    }

    /// Numbers are written digit by digit, without a string: the edges too.
    func testLogfmtWritesNumbersAsDecimal() {
        let sink = LogSink.capturing()
        Logger(level: .info, sink: sink).info("n", ("zero", .int(0)), ("nine", 9), ("ten", 10), ("negative", -42),
                                               ("max", .int(Int.max)), ("min", .int(Int.min)))
        XCTAssertTrue(sink.capturedText.contains("zero=0 nine=9 ten=10 negative=-42 max=\(Int.max) min=\(Int.min)\n"),
                      sink.capturedText)
    }

    func testOffWritesNothing() {
        let sink = LogSink.capturing()
        Logger(level: .off, sink: sink).error("nothing")
        XCTAssertEqual(sink.capturedText, "")
    }

    func testTimestampsAreRFC3339UTCWithMilliseconds() {
        XCTAssertEqual(Timestamp.format(timespec(tv_sec: 0, tv_nsec: 0)), "1970-01-01T00:00:00.000Z")
        XCTAssertEqual(Timestamp.format(timespec(tv_sec: 1_795_741_205, tv_nsec: 7_999_999)), "2026-11-27T01:00:05.007Z")
        XCTAssertEqual(Timestamp.format(timespec(tv_sec: 951_868_799, tv_nsec: 999_999_999)), "2000-02-29T23:59:59.999Z")
        XCTAssertEqual(Timestamp.now().utf8.count, 24)
    }

    /// The access line is written by a path of its own: it must be the line the general writer
    /// makes of the same fields, in both formats, quoting included.
    func testAnAccessLineIsTheLineOfItsFields() {
        for format in [LogFormat.logfmt, .json] {
            let logger = Logger(level: .info, format: format, sink: .capturing())
            for path in ["/search?q=cat", "/a b \"c\"=\\", "/caf\u{E9}\n"] {
                var access: [UInt8] = [], general: [UInt8] = []
                logger.appendAccess(method: "GET", path: path, status: 304, bytes: 0, durationMicroseconds: 1_234,
                                    timestamp: "2026-11-27T01:00:05.007Z", to: &access)
                logger.append(.info, "request", [("method", "GET"), ("path", .string(path)), ("status", 304), ("bytes", 0),
                                                 ("duration_us", 1_234)],
                              timestamp: "2026-11-27T01:00:05.007Z", to: &general)
                XCTAssertEqual(String(decoding: access, as: UTF8.self), String(decoding: general, as: UTF8.self),
                               "\(format) \(path)")
            }
        }
    }

    /// A loop's lines in one turn share one read of the clock; a new turn reads it again.
    func testTheAccessTimestampIsReadOnceATurn() {
        var cache = Timestamp.Cache()
        let first = cache.now()
        usleep(5_000)
        XCTAssertEqual(cache.now(), first, "the same turn")
        cache.turnBegan()
        XCTAssertNotEqual(cache.now(), first, "a later turn, 5 ms on")
    }
}
