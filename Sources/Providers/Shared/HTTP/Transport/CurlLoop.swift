import CCurl
import CSystemShims
import Foundation
import Glibc
import Synchronization

/// One thread that owns a libcurl multi handle and waits in epoll for its sockets, its timer and
/// an eventfd that other threads ring to hand it work. Waiting calls cost nothing: the thread
/// sleeps until a socket is ready or libcurl's timer is due (issue 16 item 5).
final class CurlLoop: @unchecked Sendable {
    // @unchecked: `mailbox` is behind its Mutex; every other stored property is touched only on
    // the loop thread (callbacks included: libcurl calls them from inside that thread's calls).
    enum Message {
        case start(UpstreamCall)
        case cancel(UpstreamCall)
        case shutdown
    }

    struct Mailbox {
        var messages: [Message] = []
        /// The loop is (about to be) blocked in epoll_wait: only then is the eventfd rung. A loop
        /// awake reads the mailbox before it sleeps again; ringing it cost a write, and the loop
        /// a wake-up and a read, per call (issue 46 item 7).
        var sleeping = false
        /// Set (under the lock) before the loop closes its descriptors: nothing is posted after.
        var closed = false
        /// Set once libcurl and the descriptors are released; `stop` waits for it.
        var released = false
        var releaseWaiters: [CheckedContinuation<Void, Never>] = []
        /// Let go of as the loop closes (the eventfd closes with the last reference).
        var wake: Wake?

        /// Leaves `message`; the eventfd to ring (after the lock is let go) when the loop sleeps,
        /// nil when it is awake or closed (then `message` is not left: false).
        mutating func post(_ message: Message) -> (posted: Bool, wake: Wake?) {
            guard !closed else { return (false, nil) }
            messages.append(message)
            guard sleeping else { return (true, nil) }
            sleeping = false
            return (true, wake)
        }

        /// Marks the loop as about to sleep, unless messages wait (then false: it reads them first).
        mutating func prepareToSleep() -> Bool {
            guard messages.isEmpty else { return false }
            sleeping = true
            return true
        }
    }

    /// The eventfd other threads ring, closed when the last reference goes: a thread ringing as
    /// the loop closes holds it until its write is done, so the number is never another file's.
    /// Rung outside the mailbox's lock: rung inside, the loop thread woke and blocked on the lock
    /// still held by the ringer for its syscall (a context switch more per call).
    final class Wake: Sendable {
        let fd: Int32

        init(fd: Int32) { self.fd = fd }

        deinit { close(fd) }

        func ring() {
            var one: UInt64 = 1
            _ = write(fd, &one, MemoryLayout<UInt64>.size)
        }
    }

    private static let wakeToken = UInt64.max
    private static let globalInit: Bool = curl_global_init(SHIM_CURL_GLOBAL_ALL) == CURLE_OK

    private let mailbox: Mutex<Mailbox>
    private let epollFD: Int32
    private let wakeFD: Int32
    private let multi: UnsafeMutableRawPointer
    private var transfers: [UnsafeMutableRawPointer: CurlTransfer] = [:]
    private var transferOfCall: [ObjectIdentifier: UnsafeMutableRawPointer] = [:]
    private var watched: Set<Int32> = []
    /// When libcurl wants `curl_multi_socket_action(CURL_SOCKET_TIMEOUT)`; nil when it has no timer.
    private var timerDue: ContinuousClock.Instant?
    /// The calls under way, soonest deadline first (`UpstreamCall.deadline`).
    private var deadlines = CallDeadlines()

    /// nil when the descriptors or the multi handle cannot be had (then no call can be made).
    init?(maxConnections: Int) {
        guard Self.globalInit else { return nil }
        let epollFD = shim_epoll_create()
        let wakeFD = shim_eventfd()
        guard epollFD >= 0, wakeFD >= 0, let multi = curl_multi_init(),
              shim_epoll_ctl(epollFD, EPOLL_CTL_ADD, wakeFD, SHIM_EPOLLIN, Self.wakeToken) == 0 else {
            if epollFD >= 0 { close(epollFD) }
            if wakeFD >= 0 { close(wakeFD) }
            return nil
        }
        self.epollFD = epollFD
        self.wakeFD = wakeFD
        mailbox = Mutex(Mailbox(wake: Wake(fd: wakeFD)))
        self.multi = multi
        configure(maxConnections: max(1, maxConnections))
    }

    /// Starts the thread; it holds the loop until a `.shutdown` message ends it.
    func start() {
        let thread = Thread { [self] in run() }
        thread.name = "upstream-curl"
        thread.start()
    }

    /// Hands a message to the loop thread; false once the loop is closed.
    @discardableResult
    func post(_ message: Message) -> Bool {
        let (posted, wake) = mailbox.withLock { $0.post(message) }
        wake?.ring()
        return posted
    }

    /// Ends the loop and returns once libcurl's connections and the loop's descriptors are
    /// closed, so an owner that stops gives back every descriptor then, not whenever its last
    /// reference goes. Calls under way fail with `transportClosed`. Safe to call more than once.
    func stop() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let released = mailbox.withLock { mailbox -> Bool in
                if !mailbox.released { mailbox.releaseWaiters.append(continuation) }
                return mailbox.released
            }
            if released { return continuation.resume() }
            // Refused once the loop is closing: it is releasing already, and resumes the waiter.
            post(.shutdown)
        }
    }

    private func configure(maxConnections: Int) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        _ = shim_multi_setopt_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, maxConnections)
        _ = shim_multi_setopt_long(multi, CURLMOPT_MAX_TOTAL_CONNECTIONS, maxConnections)
        _ = shim_multi_setopt_long(multi, CURLMOPT_MAXCONNECTS, maxConnections)
        _ = shim_multi_setopt_pointer(multi, CURLMOPT_SOCKETDATA, context)
        _ = shim_multi_setopt_socket_callback(multi) { _, socket, what, context, _ in
            guard let context else { return -1 }
            Unmanaged<CurlLoop>.fromOpaque(context).takeUnretainedValue().watch(socket, what: what)
            return 0
        }
        _ = shim_multi_setopt_pointer(multi, CURLMOPT_TIMERDATA, context)
        _ = shim_multi_setopt_timer_callback(multi) { _, milliseconds, context in
            guard let context else { return -1 }
            let loop = Unmanaged<CurlLoop>.fromOpaque(context).takeUnretainedValue()
            loop.timerDue = milliseconds < 0 ? nil : .now + .milliseconds(milliseconds)
            return 0
        }
    }

    private func run() {
        var events = [shim_epoll_event](repeating: shim_epoll_event(), count: 64)
        var running = true
        while running {
            let sleeps = mailbox.withLock { $0.prepareToSleep() }
            let ready = shim_epoll_wait(epollFD, &events, Int32(events.count), sleeps ? waitMilliseconds() : 0)
            if ready < 0 && errno != EINTR { break }
            mailbox.withLock { $0.sleeping = false }
            for event in events.prefix(Int(max(0, ready))) {
                if event.token == Self.wakeToken {
                    var count: UInt64 = 0
                    _ = read(wakeFD, &count, MemoryLayout<UInt64>.size)
                } else {
                    act(on: Int32(truncatingIfNeeded: event.token), events: event.events)
                }
            }
            // Every turn: a message posted while the loop was awake rang nothing.
            running = handleMessages()
            if let due = timerDue, due <= .now {
                timerDue = nil
                act(onSocket: SHIM_CURL_SOCKET_TIMEOUT, flags: 0)
            }
            finishDoneTransfers()
            while let overdue = deadlines.takeOverdue(at: .now) {
                end(overdue, with: .failure(DeadlinePassed()))
            }
        }
        closeDown()
    }

    /// Until libcurl's timer or the soonest deadline is due, rounded up so the loop never wakes a
    /// moment early and spins.
    private func waitMilliseconds() -> Int32 {
        let due: ContinuousClock.Instant
        switch (timerDue, deadlines.soonest) {
        case (let timer?, let deadline?): due = min(timer, deadline)
        case (let timer?, nil): due = timer
        case (nil, let deadline?): due = deadline
        case (nil, nil): return -1
        }
        let left = due - .now
        guard left > .zero else { return 0 }
        let milliseconds = left.components.seconds * 1000 + (left.components.attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: milliseconds)
    }

    private func act(on socket: Int32, events: UInt32) {
        var flags: Int32 = 0
        if events & (SHIM_EPOLLIN | SHIM_EPOLLHUP) != 0 { flags |= SHIM_CURL_CSELECT_IN }
        if events & SHIM_EPOLLOUT != 0 { flags |= SHIM_CURL_CSELECT_OUT }
        if events & SHIM_EPOLLERR != 0 { flags |= SHIM_CURL_CSELECT_ERR }
        act(onSocket: socket, flags: flags)
    }

    private func act(onSocket socket: curl_socket_t, flags: Int32) {
        var stillRunning: Int32 = 0
        _ = curl_multi_socket_action(multi, socket, flags, &stillRunning)
    }

    /// libcurl's socket callback: what it wants to wait for on `socket`, mirrored into epoll.
    private func watch(_ socket: curl_socket_t, what: Int32) {
        if what == SHIM_CURL_POLL_REMOVE {
            if watched.remove(socket) != nil { _ = shim_epoll_ctl(epollFD, EPOLL_CTL_DEL, socket, 0, 0) }
            return
        }
        var events: UInt32 = 0
        if what == SHIM_CURL_POLL_IN || what == SHIM_CURL_POLL_INOUT { events |= SHIM_EPOLLIN }
        if what == SHIM_CURL_POLL_OUT || what == SHIM_CURL_POLL_INOUT { events |= SHIM_EPOLLOUT }
        let token = UInt64(UInt32(bitPattern: socket))
        let known = watched.contains(socket)
        // A descriptor closed and reused behind our back leaves epoll and `watched` disagreeing:
        // try the other operation before giving up.
        if shim_epoll_ctl(epollFD, known ? EPOLL_CTL_MOD : EPOLL_CTL_ADD, socket, events, token) != 0 {
            _ = shim_epoll_ctl(epollFD, known ? EPOLL_CTL_ADD : EPOLL_CTL_MOD, socket, events, token)
        }
        watched.insert(socket)
    }

    /// Reads the mailbox; false when the loop is to stop.
    private func handleMessages() -> Bool {
        let messages = mailbox.withLock { mailbox in
            defer { mailbox.messages.removeAll() }
            return mailbox.messages
        }
        var running = true
        for message in messages {
            switch message {
            case .start(let call):
                // Posted just after the shutdown: refused, not dropped (its caller would wait on).
                if running { begin(call) } else { call.finish(.failure(TransferFailure.transportClosed)) }
            case .cancel(let call): end(call, with: .failure(CancellationError()))
            case .shutdown: running = false
            }
        }
        return running
    }

    private func begin(_ call: UpstreamCall) {
        guard !call.isCancelled else { return call.finish(.failure(CancellationError())) }
        var failure = TransferFailure.transportClosed
        guard let transfer = CurlTransfer(call, failure: &failure) else { return call.finish(.failure(failure)) }
        guard curl_multi_add_handle(multi, transfer.easy) == CURLM_OK else {
            return call.finish(.failure(TransferFailure.transportClosed))
        }
        transfers[transfer.easy] = transfer
        transferOfCall[ObjectIdentifier(call)] = transfer.easy
        deadlines.insert(call)
    }

    /// Ends a call whose transfer is under way (a cancelled one may have finished already).
    private func end(_ call: UpstreamCall, with result: Result<HTTPExchange, any Error>) {
        guard let easy = transferOfCall[ObjectIdentifier(call)] else { return }
        remove(easy)?.call.finish(result)
    }

    private func remove(_ easy: UnsafeMutableRawPointer) -> CurlTransfer? {
        guard let transfer = transfers.removeValue(forKey: easy) else { return nil }
        transferOfCall[ObjectIdentifier(transfer.call)] = nil
        deadlines.remove(transfer.call)
        _ = curl_multi_remove_handle(multi, easy)
        return transfer
    }

    private func finishDoneTransfers() {
        var easy: UnsafeMutableRawPointer?
        var code = CURLE_OK
        while shim_multi_next_done(multi, &easy, &code) == 1 {
            guard let done = easy, let transfer = remove(done) else { continue }
            transfer.call.finish(transfer.outcome(code))
        }
    }

    /// Every call still under way fails, then libcurl and the descriptors are released.
    private func closeDown() {
        // The eventfd closes here, or once a thread ringing it now is done.
        mailbox.withLock { mailbox in
            mailbox.closed = true
            mailbox.wake = nil
        }
        let leftover = mailbox.withLock { mailbox in
            defer { mailbox.messages.removeAll() }
            return mailbox.messages
        }
        for case .start(let call) in leftover { call.finish(.failure(TransferFailure.transportClosed)) }
        for easy in Array(transfers.keys) { remove(easy)?.call.finish(.failure(TransferFailure.transportClosed)) }
        _ = curl_multi_cleanup(multi)
        close(epollFD)
        let waiters = mailbox.withLock { mailbox in
            mailbox.released = true
            defer { mailbox.releaseWaiters.removeAll() }
            return mailbox.releaseWaiters
        }
        for waiter in waiters { waiter.resume() }
    }
}
