import CSystemShims
import Glibc
import Synchronization

/// What a loop keeps about accepting: whether it listens, and its spare descriptor.
struct AcceptState {
    var listening = false
    var spareFD: Int32 = -1
    /// Accepting resumes at this time after it had to pause (0: not paused).
    var pausedUntil: UInt64 = 0
    /// The listener is being closed (`ListenerRelease`): this loop never listens again.
    var released = false
    /// The server drains: connections taken from now on close after each answer.
    var answersClose = false

    static let acceptsPerEvent = 64
    static let pauseTime: UInt64 = 100_000_000
}

extension EventLoop {
    /// Accepts up to `acceptsPerEvent` connections; true when it stopped at that count (more may wait).
    @discardableResult
    func acceptConnections() -> Bool {
        for _ in 0..<AcceptState.acceptsPerEvent {
            var key = shim_client_key()
            let fd = context.acceptLock.withLock { _ in
                peerText.withUnsafeMutableBufferPointer { text in
                    shim_accept_peer(context.listenFD, text.baseAddress, socklen_t(text.count), &key)
                }
            }
            if fd < 0 {
                let error = SystemError("accept4")
                switch error.errno {
                case EMFILE, ENFILE:
                    // Keep answering while the spare lasts; without it, pause instead of spinning.
                    guard refuseWithSpareDescriptor(error) else {
                        pauseAccepting(error)
                        return false
                    }
                    continue
                case ENOBUFS, ENOMEM:
                    pauseAccepting(error)
                    return false
                default:
                    // EAGAIN: nothing more waits; EINTR, ECONNABORTED: the next event retries.
                    return false
                }
            }
            let address = String(decoding: peerText.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let peer = context.peer(address: address, client: ClientKey(key), acceptedAt: clock.now)
            // The cap per client first: a client past it takes no one's place.
            guard context.clients.admit(peer) else {
                context.noteRefusedOverClientLimit()
                refuse(fd, with: .tooManyClientConnections(limit: context.clients.limitPerClient))
                continue
            }
            if context.openConnections.add(1, ordering: .relaxed).newValue > context.maxConnections {
                switch makeRoom(for: fd, peer: peer) {
                case .madeHere:
                    break
                case .handedOver:
                    continue
                case .none:
                    context.openConnections.subtract(1, ordering: .relaxed)
                    context.clients.release(peer.client)
                    refuse(fd)
                    continue
                }
            }
            // Counted before it is posted, so the next accept already sees the target's new load.
            let target = context.leastLoaded(accepting: executor)
            target.connectionCount.add(1, ordering: .relaxed)
            if target !== executor {
                if target.post(.adopt(fd: fd, peer: peer, reason: .balancing)) { continue }
                // That loop has ended: this one keeps the connection.
                target.connectionCount.subtract(1, ordering: .relaxed)
                executor.connectionCount.add(1, ordering: .relaxed)
            }
            register(fd, peer: peer)
        }
        return true
    }

    /// Stops watching the listening socket for good; the last loop to do so accepts every client
    /// queued on it (each served, its answer closing its connection) before the socket is shut.
    func releaseListener() {
        guard !accepting.released else { return }
        accepting.released = true
        stopListening()
        context.listenerRelease.letGo {
            // A loop already stopping takes no one (its clients are refused as the socket shuts).
            guard !isDraining else { return }
            // Bounded: the queue holds at most the backlog, and each round takes up to 64.
            let rounds = max(1, Int(context.configuration.backlog)) / AcceptState.acceptsPerEvent + 2
            for _ in 0..<rounds {
                guard acceptConnections() else { break }
            }
        }
    }

    /// Out of descriptors: frees the spare, accepts one client with it, answers 503, takes the spare back.
    private func refuseWithSpareDescriptor(_ error: SystemError) -> Bool {
        guard accepting.spareFD >= 0 else { return false }
        let spare = accepting.spareFD
        let (fd, newSpare) = context.acceptLock.withLock { _ -> (Int32, Int32) in
            SpareDescriptor.close(spare)
            let fd = shim_accept(context.listenFD)
            if fd >= 0 { refuse(fd) }
            return (fd, SpareDescriptor.open())
        }
        accepting.spareFD = newSpare
        warnDescriptorsExhausted(error)
        return fd >= 0
    }

    private func pauseAccepting(_ error: SystemError) {
        warnDescriptorsExhausted(error)
        stopListening()
        accepting.pausedUntil = MonotonicClock.now() + AcceptState.pauseTime
    }

    /// Called by the timer check: listens again after a pause, and retakes a spare lost to a race.
    func resumeAcceptingIfDue(now: UInt64) {
        if accepting.spareFD < 0 { accepting.spareFD = SpareDescriptor.open() }
        guard !accepting.listening, !isDraining, accepting.pausedUntil != 0, now >= accepting.pausedUntil else { return }
        accepting.pausedUntil = 0
        startListening()
    }

    private func warnDescriptorsExhausted(_ error: SystemError) {
        guard let suppressed = context.descriptorWarnings.shouldWarn(now: MonotonicClock.now()) else { return }
        context.logger.warning("out of descriptors; new connections are answered 503",
                               ("error", .string(error.description)),
                               ("open_connections", .int(context.openConnections.load(ordering: .relaxed))),
                               ("warnings_suppressed", .int(suppressed)))
    }

    /// Past a limit: a 503 (or the problem given) right away, then close (not counted, never registered).
    func refuse(_ fd: Int32, with problem: ProblemDetails = .tooManyConnections) {
        let start = clock.now
        let response = problem.response(problemTypePrefix: context.configuration.problemTypePrefix)
        let head = ResponseHead.bytes(for: response, connection: "close", date: clock.httpDate())
        head.withUnsafeBytes { headBytes in
            response.body.withUnsafeBytes { bodyBytes in _ = Socket.send(fd, headBytes, bodyBytes) }
        }
        shutdown(fd, Int32(SHUT_WR))
        // Take what the request sent, so closing does not reset the connection before the 503 is read.
        _ = read(fd, readBuffer.baseAddress, readBuffer.count)
        close(fd)
        log(AccessRecord(method: nil, path: nil, status: response.status.code, bodyBytes: response.body.count,
                         durationNanoseconds: clock.now &- start))
    }

    // MARK: - Listening

    func startListening() {
        guard !accepting.listening, !accepting.released, !isDraining else { return }
        let interest = SHIM_EPOLLIN | SHIM_EPOLLEXCLUSIVE
        if epoll.add(context.listenFD, events: interest, token: Self.listenToken) {
            accepting.listening = true
        }
    }

    func stopListening() {
        guard accepting.listening else { return }
        epoll.remove(context.listenFD)
        accepting.listening = false
    }
}
