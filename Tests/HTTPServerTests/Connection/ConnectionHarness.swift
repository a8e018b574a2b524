import Foundation
@testable import HTTPServer

/// A clock a test moves by hand.
final class FakeClock: ConnectionClock {
    var now: UInt64 = 1_000_000_000
    /// How far the loop's last read of the clock is behind `now` (0: it has just read it).
    var recentLag: UInt64 = 0
    var recent: UInt64 { now - recentLag }

    func httpDate() -> String { "Mon, 23 Nov 2026 12:00:00 GMT" }

    func advance(_ duration: Duration) { now += duration.nanoseconds }
}

/// Drives one `ConnectionStateMachine` the way the event loop does, with a fake socket: the
/// client's bytes wait in `unsentInput` until the machine takes them, the socket takes at most
/// `socketRoom` bytes per send, and everything the server sent lands in `written`.
final class ConnectionHarness {
    let clock = FakeClock()
    let machine: ConnectionStateMachine<FakeClock>
    var settings: ConnectionSettings
    /// What the client has sent that the machine has not taken yet (it stays "in the kernel").
    var unsentInput: [UInt8] = []
    var socketRoom = Int.max
    private(set) var written: [UInt8] = []
    private(set) var dispatched: [HTTPRequest] = []
    private(set) var logged: [AccessRecord] = []
    private(set) var shutDown = false
    private(set) var closed = false
    private var actions: [ConnectionAction] = []

    init(limits: HTTPLimits = HTTPLimits()) {
        settings = ConnectionSettings(limits: limits, problemTypePrefix: "urn:test:")
        machine = ConnectionStateMachine(clock: clock, settings: settings)
    }

    var writtenText: String { String(decoding: written, as: UTF8.self) }

    /// Status codes of the responses written so far, in order.
    var writtenStatuses: [Int] {
        writtenText.components(separatedBy: "HTTP/1.1 ").dropFirst().compactMap { Int($0.prefix(3)) }
    }

    /// The client sends `text`; the machine takes what it will, as the loop's read would.
    func send(_ text: String) {
        unsentInput += Array(text.utf8)
        pump()
    }

    /// The client half-closes after what it sent.
    func sendEnd() {
        pump()
        machine.inputEnded(into: &actions)
        machine.advance(into: &actions)
        perform()
    }

    /// The handler for the oldest dispatched request answers.
    func finish(_ response: HTTPResponse = .json("{\"ok\":true}")) {
        machine.handlerFinished(response, into: &actions)
        perform()
        pump()
    }

    /// The socket has room again (EPOLLOUT).
    func socketDrained(room: Int = .max) {
        socketRoom = room
        actions.append(.flush)
        perform()
        pump()
    }

    func tick(_ duration: Duration) {
        clock.advance(duration)
        if clock.now >= machine.deadline { machine.clockTicked(into: &actions) }
        perform()
    }

    func drain() {
        machine.beginDrain(into: &actions)
        perform()
    }

    /// Feeds what the machine takes, lets it parse, performs what it asks; repeats while it takes more.
    private func pump() {
        perform()
        while !closed && !unsentInput.isEmpty && machine.inputCapacity > 0 {
            let count = min(machine.inputCapacity, unsentInput.count, settings.readChunk)
            unsentInput.withUnsafeBytes { machine.received(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
            unsentInput.removeFirst(count)
            machine.advance(into: &actions)
            perform()
        }
    }

    private func perform() {
        var index = 0
        while index < actions.count {
            let action = actions[index]
            index += 1
            switch action {
            case .dispatch:
                if let request = machine.takeRequest() { dispatched.append(request) }
            case .flush:
                guard machine.hasPendingOutput else { continue }
                let sent = machine.withPendingOutput { head, body -> Int in
                    let bytes = Array(head) + Array(body)
                    let taken = min(bytes.count, socketRoom)
                    written += bytes[0..<taken]
                    return taken
                }
                if socketRoom != .max { socketRoom -= sent }
                machine.didWrite(sent, into: &actions)
            case .shutdownWrite:
                shutDown = true
            case .close:
                closed = true
            case .log(let record):
                logged.append(record)
            }
        }
        actions.removeAll()
    }
}
