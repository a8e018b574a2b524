@testable import GifBFFApp
import Foundation
import Glibc
import Synchronization
import TestSupport
import XCTest

/// Signals are caught from the moment the pipe is made (a SIGTERM right after the start-up line
/// was lost while libdispatch installed its handler later), and given back when it is cancelled.
final class SignalPipeTests: XCTestCase {
    private final class Caught: Sendable {
        let numbers = Mutex<[Int32]>([])
    }

    override func setUp() {
        // What the old code did first: a signal that arrives before its handler is ignored
        // (not fatal), so a handler installed too late fails this test instead of ending it.
        signal(SIGTERM, SIG_IGN)
        signal(SIGINT, SIG_IGN)
    }

    override func tearDown() {
        signal(SIGTERM, SIG_DFL)
        signal(SIGINT, SIG_DFL)
    }

    func testSignalsRaisedTheMomentThePipeIsMadeAreCaughtInOrder() throws {
        let caught = Caught()
        let pipe = try SignalPipe(signals: [SIGTERM, SIGINT]) { number in caught.numbers.withLock { $0.append(number) } }
        addTeardownBlock { pipe.cancel() }
        raise(SIGTERM)
        raise(SIGINT)
        let deadline = Date().addingTimeInterval(5)
        while caught.numbers.withLock({ $0.count }) < 2 && Date() < deadline { usleep(5_000) }
        XCTAssertEqual(caught.numbers.withLock { $0 }, [SIGTERM, SIGINT])
    }

    func testCancelGivesBackTheActionsFromBefore() throws {
        XCTAssertFalse(try Self.caughtByAHandler(SIGTERM))
        XCTAssertTrue(try Self.ignored(SIGTERM))
        let pipe = try SignalPipe(signals: [SIGTERM]) { _ in }
        XCTAssertTrue(try Self.caughtByAHandler(SIGTERM), "installed before init returned")
        pipe.cancel()
        pipe.cancel()
        XCTAssertFalse(try Self.caughtByAHandler(SIGTERM))
        XCTAssertTrue(try Self.ignored(SIGTERM), "the action from before, not the default")
    }

    /// Both ends are close-on-exec from birth (pipe2), so no child process inherits them.
    /// Read from the pipe's own descriptors: a diff of the process's open pipes counted one end
    /// short in CI, when a number another test had just closed was given to this pipe.
    func testThePipesEndsAreCloseOnExec() throws {
        let pipe = try SignalPipe(signals: [SIGTERM]) { _ in }
        addTeardownBlock { pipe.cancel() }
        let pipes = OpenDescriptors().descriptors(ofKind: "pipe")
        for descriptor in [pipe.readEnd, pipe.writeEnd] {
            XCTAssertTrue(pipes.contains(descriptor), "descriptor \(descriptor) is one of the process's pipes")
            XCTAssertNotEqual(fcntl(descriptor, F_GETFD) & FD_CLOEXEC, 0, "descriptor \(descriptor)")
        }
    }

    func testASignalNumberOutOfRangeIsAnErrorNotACrash() {
        XCTAssertThrowsError(try SignalPipe(signals: [0]) { _ in }) { error in
            XCTAssertTrue("\(error)".contains("sigaction"), "\(error)")
        }
    }

    /// The process's SigCgt / SigIgn masks in /proc/self/status: bit N-1 is signal N.
    private static func mask(_ field: String, has signalNumber: Int32) throws -> Bool {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try XCTUnwrap(status.split(separator: "\n").first { $0.hasPrefix(field + ":") })
        let hex = line.dropFirst(field.count + 1).trimmingCharacters(in: .whitespaces)
        let bits = try XCTUnwrap(UInt64(hex, radix: 16))
        return bits & (1 << UInt64(signalNumber - 1)) != 0
    }

    private static func caughtByAHandler(_ signalNumber: Int32) throws -> Bool { try mask("SigCgt", has: signalNumber) }
    private static func ignored(_ signalNumber: Int32) throws -> Bool { try mask("SigIgn", has: signalNumber) }
}
