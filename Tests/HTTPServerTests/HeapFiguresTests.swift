import HTTPServer
import TestSupport
import XCTest

/// The allocator's count follows what the program holds: a block held is counted, freed is not.
final class HeapFiguresTests: XCTestCase {
    func testABlockHeldIsCountedAndFreedIsNot() throws {
        try XCTSkipIf(Sanitizer.isActive, "a sanitizer's allocator replaces glibc's, which then counts nothing of ours")
        let size = 16 << 20
        let before = HeapFigures.inUseBytes
        let block = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        block.initializeMemory(as: UInt8.self, repeating: 1, count: size)
        let holding = HeapFigures.inUseBytes
        block.deallocate()
        let after = HeapFigures.inUseBytes
        XCTAssertGreaterThanOrEqual(holding - before, size, "before \(before), holding \(holding)")
        XCTAssertLessThanOrEqual(after, holding - size, "holding \(holding), after \(after)")
        XCTAssertGreaterThanOrEqual(HeapFigures.freeKeptBytes, 0)
    }
}
