import Foundation
import HTTPServer
import TestSupport
import XCTest

/// The allocator's count follows what the program holds: a block held is counted, freed is not.
final class ProcessHeapTests: XCTestCase {
    func testABlockHeldIsCountedAndFreedIsNot() throws {
        try XCTSkipIf(Sanitizer.isActive, "a sanitizer's allocator replaces glibc's, which then counts nothing of ours")
        let size = 64 << 20
        // Other threads of the test process (earlier tests' servers winding down) allocate and
        // free meanwhile: CI saw 544 bytes freed elsewhere between two readings.
        let elsewhere = 4 << 20
        let before = ProcessHeap.inUseBytes
        let block = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        block.initializeMemory(as: UInt8.self, repeating: 1, count: size)
        let holding = ProcessHeap.inUseBytes
        block.deallocate()
        let after = ProcessHeap.inUseBytes
        XCTAssertGreaterThanOrEqual(holding - before, size - elsewhere, "before \(before), holding \(holding)")
        XCTAssertLessThanOrEqual(after, holding - size + elsewhere, "holding \(holding), after \(after)")
        XCTAssertGreaterThanOrEqual(ProcessHeap.freeKeptBytes, 0)
    }

    /// What a trim is for: pages freed below a block still held stay in RSS until trimmed.
    func testFreePagesGoBackToTheSystem() throws {
        try XCTSkipIf(Sanitizer.isActive, "a sanitizer's allocator replaces glibc's")
        let blockSize = 32 << 10
        let blocks = (0..<2_000).map { _ in
            let block = UnsafeMutableRawPointer.allocate(byteCount: blockSize, alignment: 16)
            block.initializeMemory(as: UInt8.self, repeating: 1, count: blockSize)
            return block
        }
        // The last block stays: it holds the arena's top, so free() alone cannot shrink the arena.
        for block in blocks.dropLast() { block.deallocate() }
        let before = try residentAnonymousBytes()
        XCTAssertTrue(ProcessHeap.returnFreePages())
        let after = try residentAnonymousBytes()
        blocks.last?.deallocate()
        XCTAssertGreaterThan(before - after, 32 << 20, "before \(before), after \(after)")
    }

    /// RssAnon from /proc/self/status, in bytes.
    private func residentAnonymousBytes() throws -> Int {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try XCTUnwrap(status.split(separator: "\n").first { $0.hasPrefix("RssAnon:") })
        let kilobytes = try XCTUnwrap(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.flatMap { Int($0) })
        return kilobytes * 1024
    }
}
