import DemoCatalog
import XCTest

/// The generator both catalogs are drawn from: SplitMix64, so a seed gives the same numbers on
/// every run and every machine (the catalogs, and the fakes' and demos' answers, with them).
final class SeededGeneratorTests: XCTestCase {
    /// SplitMix64's published outputs for seed 0 (Vigna's splitmix64.c).
    func testSeedZeroGivesSplitMix64sOwnNumbers() {
        var generator = SeededGenerator(seed: 0)
        XCTAssertEqual((0..<3).map { _ in generator.next() }, [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F])
    }

    func testTheSameSeedGivesTheSameNumbersAndAnotherSeedOthers() {
        var first = SeededGenerator(seed: 20_261_124)
        var second = SeededGenerator(seed: 20_261_124)
        var other = SeededGenerator(seed: 20_261_125)
        let numbers = (0..<100).map { _ in first.next() }
        XCTAssertEqual((0..<100).map { _ in second.next() }, numbers)
        XCTAssertNotEqual((0..<100).map { _ in other.next() }, numbers)
    }

    func testDrawsStayInTheirBoundsAndAlphabet() {
        var generator = SeededGenerator(seed: 7)
        var seen = Set<Int>()
        for _ in 0..<1_000 {
            let number = generator.below(10)
            XCTAssertTrue((0..<10).contains(number), "\(number)")
            seen.insert(number)
        }
        XCTAssertEqual(seen.count, 10, "every number below the bound comes up")
        XCTAssertEqual(generator.below(0), 0, "no bound: 0, not a trap")
        let text = generator.string(32, from: SeededGenerator.hexDigits)
        XCTAssertEqual(text.count, 32)
        XCTAssertTrue(text.allSatisfy(SeededGenerator.hexDigits.contains), text)
    }
}
