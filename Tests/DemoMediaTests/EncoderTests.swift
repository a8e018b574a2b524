@testable import DemoMedia
import TestSupport
import XCTest

/// The encoders checked against decoders written apart from them (TestSupport's ImageFacts): what
/// goes in comes out, in every corner LZW has (a code-size step, a full table and its clear).
final class EncoderTests: XCTestCase {
    func testLZWRoundTripsFlatRandomAndTableFillingInput() {
        var random = SplitMix(seed: 42)
        let inputs: [(String, [UInt8], Int)] = [
            ("one pixel", [3], 2),
            ("flat", [UInt8](repeating: 7, count: 50_000), 4),
            ("bands", (0..<60_000).map { UInt8(($0 / 300) % 16) }, 4),
            ("random, fills the table many times", (0..<40_000).map { _ in UInt8(random.next() % 256) }, 8),
            ("random in 4 colours", (0..<20_000).map { _ in UInt8(random.next() % 4) }, 2),
        ]
        for (name, indices, size) in inputs {
            var encoder = LZWEncoder(minimumCodeSize: size)
            XCTAssertEqual(ImageFacts.lzwDecode(encoder.encode(indices), minimumCodeSize: size), indices, name)
        }
    }

    func testAnAnimationIsAGIFOfItsSizeWithEightLoopingFrames() throws {
        let bytes = try DemoPicture.animation(seed: 7, width: 200, height: 250).render()
        let facts = try XCTUnwrap(ImageFacts.read(bytes))
        XCTAssertEqual([facts.format, "\(facts.width)x\(facts.height)"], ["gif", "200x250"])
        XCTAssertEqual(facts.frames, 8)
        XCTAssertTrue(facts.loops)
        XCTAssertLessThan(facts.frameIndices[1].count, 200 * 250 / 4, "later frames cover only what moved")
        XCTAssertLessThanOrEqual(bytes.count, 60_000, "a grid GIF stays small")
    }

    func testAStillIsTheAnimationsFirstFrameAlone() throws {
        let still = try XCTUnwrap(ImageFacts.read(try DemoPicture.still(seed: 7, width: 200, height: 250).render()))
        let animation = try XCTUnwrap(ImageFacts.read(try DemoPicture.animation(seed: 7, width: 200, height: 250).render()))
        XCTAssertEqual(still.frames, 1)
        XCTAssertFalse(still.loops)
        XCTAssertEqual(still.frameIndices[0], animation.frameIndices[0])
    }

    func testAPhotoIsAPNGOfItsSizeWhoseChecksumsHold() throws {
        for (width, height) in [(400, 268), (1, 1), (3118, 2090)] {
            let bytes = try DemoPicture.photo(seed: 1, color: "#010aaa", width: width, height: height).render()
            let facts = try XCTUnwrap(ImageFacts.read(bytes), "\(width)x\(height)")
            XCTAssertEqual([facts.format, "\(facts.width)x\(facts.height)"], ["png", "\(width)x\(height)"])
        }
    }

    func testThePicturesAreTheSameBytesEveryTimeAndDifferByItem() throws {
        let first = try DemoPicture.animation(seed: DemoPicture.seed("giphy:a"), width: 100, height: 80).render()
        XCTAssertEqual(try DemoPicture.animation(seed: DemoPicture.seed("giphy:a"), width: 100, height: 80).render(), first)
        XCTAssertNotEqual(try DemoPicture.animation(seed: DemoPicture.seed("giphy:b"), width: 100, height: 80).render(), first)
        let photo = try DemoPicture.photo(seed: 3, color: "#c0d8f0", width: 60, height: 40).render()
        XCTAssertEqual(try DemoPicture.photo(seed: 3, color: "#c0d8f0", width: 60, height: 40).render(), photo)
        XCTAssertNotEqual(try DemoPicture.photo(seed: 3, color: "#102030", width: 60, height: 40).render(), photo)
    }

    func testTinyAndOddSizesAreDrawn() throws {
        for picture in [DemoPicture.animation(seed: 1, width: 1, height: 1), .animation(seed: 2, width: 33, height: 3),
                        .avatar(seed: 3, width: 96, height: 96, png: false), .avatar(seed: 4, width: 64, height: 64, png: true)] {
            let facts = try XCTUnwrap(ImageFacts.read(try picture.render()), "\(picture)")
            XCTAssertGreaterThan(facts.width * facts.height, 0)
        }
    }
}
