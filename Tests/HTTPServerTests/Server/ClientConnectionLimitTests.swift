import CSystemShims
import Glibc
@testable import HTTPServer
import TestSupport
import XCTest

/// Issue 44.1: no one address can lock others out with sockets that send nothing. A client (an
/// IPv4 address, an IPv6 /64) holds at most `maxConnectionsPerClient` connections (a trusted
/// proxy excepted); at the server's limit the connection given up is the silent one (no whole
/// request yet) of the client holding the most, before any that has had an answer. Each test
/// is several clients over real sockets, from several loopback addresses.
final class ClientConnectionLimitTests: XCTestCase {
    private func startServer(max: Int, perClient: Int, exempt: [IPRange] = []) throws -> TestServer {
        var limits = HTTPLimits()
        limits.maxConnections = max
        limits.maxConnectionsPerClient = perClient
        return try TestServer.started(for: self, limits: limits, connectionLimitExempt: exempt)
    }

    /// Opens `count` connections from `source` that send nothing, and waits until the server holds them.
    private func silentClients(_ server: TestServer, from source: String, count: Int, expectedOpen: Int) async throws -> [RawClient] {
        let clients = try (0..<count).map { _ in try server.client(from: source) }
        try await waitUntil("the server holds \(expectedOpen) connections") {
            server.server.connectionsPerLoop.reduce(0, +) == expectedOpen
        }
        return clients
    }

    /// A client that has had one answer and keeps its connection.
    private func answeredClient(_ server: TestServer, from source: String, file: StaticString = #filePath,
                                line: UInt = #line) throws -> RawClient {
        let client = try server.client(from: source)
        try client.send(request("GET", "/healthz"))
        XCTAssertEqual(try client.readResponse().status, 200, "a client from \(source)", file: file, line: line)
        return client
    }

    private func assertServed(_ client: RawClient, _ what: String, file: StaticString = #filePath, line: UInt = #line) throws {
        try client.send(request("GET", "/healthz"))
        XCTAssertEqual(try client.readResponse().status, 200, what, file: file, line: line)
    }

    func testAClientPastItsCapIsRefused429WhileOtherClientsAreServed() async throws {
        let server = try startServer(max: 100, perClient: 4)
        var held = try await silentClients(server, from: "127.0.0.2", count: 4, expectedOpen: 4)

        let fifth = try server.client(from: "127.0.0.2")
        let refused = try fifth.readResponse()
        XCTAssertEqual(refused.status, 429)
        XCTAssertEqual(refused.json?["code"] as? String, "too_many_client_connections")
        XCTAssertEqual(refused.header("Retry-After"), "1")
        XCTAssertEqual(refused.header("Content-Type"), "application/problem+json")
        XCTAssertTrue(fifth.isClosedByServer())

        let other = try server.client(from: "127.0.0.3")
        try assertServed(other, "a client from another address")
        for client in held { XCTAssertFalse(client.closes(within: 0.05), "the capped client's own connections stay") }

        // One of its connections gone, the client may open another.
        held.removeFirst()
        try await waitUntil("the server let go of the closed one") { server.server.connectionsPerLoop.reduce(0, +) == 4 }
        try assertServed(try server.client(from: "127.0.0.2"), "the client again, below its cap")
        try await waitUntil("the refusal is logged") {
            server.logSink.capturedText.contains("its new ones are refused")
        }
    }

    func testATrustedProxyIsNotCapped() async throws {
        let server = try startServer(max: 100, perClient: 2, exempt: [IPRange("127.0.0.2")!])
        let fromProxy = try await silentClients(server, from: "127.0.0.2", count: 5, expectedOpen: 5)
        for client in fromProxy { try assertServed(client, "a connection of the trusted proxy") }
        let other = try await silentClients(server, from: "127.0.0.3", count: 2, expectedOpen: 7)
        XCTAssertEqual(try server.client(from: "127.0.0.3").readResponse().status, 429, "any other address is capped")
        XCTAssertEqual(other.count + fromProxy.count, 7)
    }

    /// The case, small: at `GIF_BFF_MAX_CONNECTIONS=20`, one address held every slot with
    /// sockets that sent nothing, and every new client got 503 until it left.
    func testSilentSocketsOfOneAddressAtTheLimitLockNoOneOut() async throws {
        let server = try startServer(max: 20, perClient: 0)
        let keepAlive = try answeredClient(server, from: "127.0.0.3")
        var attacker: [RawClient] = []
        for _ in 0..<25 { attacker.append(try server.client(from: "127.0.0.2")) }
        try await waitUntil("the server is full") { server.server.connectionsPerLoop.reduce(0, +) == 20 }

        var newcomers: [RawClient] = []
        for index in 0..<5 {
            let newcomer = try server.client(from: "127.0.0.4")
            try assertServed(newcomer, "new client \(index) from another address")
            newcomers.append(newcomer)
        }
        try assertServed(keepAlive, "the keep-alive client, on the connection it had")
        XCTAssertEqual(server.server.connectionsPerLoop.reduce(0, +), 20)
        try await waitUntil("giving up silent connections is logged") {
            server.logSink.capturedText.contains("connections that have sent no request are closed")
        }
    }

    func testAtTheLimitTheSilentConnectionOfTheClientHoldingTheMostGoesFirst() async throws {
        let server = try startServer(max: 10, perClient: 0)
        let keepAlive = try answeredClient(server, from: "127.0.0.3")
        // Two silent connections of another address, older than any of the attacker's.
        let older = try await silentClients(server, from: "127.0.0.4", count: 2, expectedOpen: 3)
        // One at a time, so the order they connected in is the order the server took them in.
        var attacker: [RawClient] = []
        for index in 0..<7 {
            attacker += try await silentClients(server, from: "127.0.0.2", count: 1, expectedOpen: 4 + index)
        }

        var newcomers: [RawClient] = []
        for round in 1...4 {
            newcomers.append(try server.client(from: "127.0.0.5"))
            try assertServed(newcomers[round - 1], "new client \(round)")
            try await waitUntil("one more of the attacker's is closed") {
                attacker.filter { $0.closes(within: 0) }.count == round
            }
            // The attacker's own, the one silent longest: they closed in the order they opened.
            XCTAssertEqual(attacker.prefix(round).filter { $0.closes(within: 0) }.count, round)
        }
        for client in older { XCTAssertFalse(client.closes(within: 0.05), "a silent connection of a client holding fewer") }
        try assertServed(keepAlive, "the keep-alive client")
        for client in older { try assertServed(client, "the other address's connection, sending at last") }
    }

    func testAConnectionThatSpokeLastIsGivenUpAfterTheOthersOfItsClient() async throws {
        let server = try startServer(max: 3, perClient: 0)
        let first = try await silentClients(server, from: "127.0.0.2", count: 1, expectedOpen: 1)[0]
        // One at a time, so the order they connected in is the order the server took them in.
        let second = try await silentClients(server, from: "127.0.0.2", count: 1, expectedOpen: 2)
            + silentClients(server, from: "127.0.0.2", count: 1, expectedOpen: 3)
        // The oldest starts a request: it is no longer the one silent longest once the server has
        // read it (a fixed 50 ms bet that a loaded machine's loop had; if not, the table still
        // named its loop, and that loop gave up its other connection of the client).
        try first.send("GET /healthz HTTP/1.1\r\n")
        try await waitUntil("the server has read the oldest's bytes", timeout: eventTimeout) { first.serverHasReadEverythingSent }

        let newcomer = try server.client(from: "127.0.0.3")
        try assertServed(newcomer, "a new client")
        XCTAssertTrue(second[0].closes(within: eventTimeoutSeconds), "the one silent longest was not the one closed")
        XCTAssertFalse(second[1].closes(within: 0.05), "more than one was closed")
        XCTAssertFalse(first.closes(within: 0.05), "the connection that had just sent bytes was closed")
        try first.send("Host: a\r\n\r\n")
        XCTAssertEqual(try first.readResponse().status, 200)
    }

    func testCountsGoBackToZeroWhenTheClientsLeave() async throws {
        let server = try startServer(max: 100, perClient: 3)
        for _ in 0..<5 {
            var clients = try await silentClients(server, from: "127.0.0.2", count: 3, expectedOpen: 3)
            try assertServed(clients[0], "an answered one")
            clients.removeAll()
            try await waitUntil("all closed") { server.server.connectionsPerLoop.reduce(0, +) == 0 }
        }
        let key = try XCTUnwrap(ClientKeyTests.key(ipv4: "127.0.0.2"))
        XCTAssertEqual(server.server.clientConnectionCount(of: key), 0)
    }

    func testAnIPv6ClientIsCounted() async throws {
        var limits = HTTPLimits()
        limits.maxConnectionsPerClient = 2
        let server: TestServer
        do {
            server = try TestServer(limits: limits, host: "::1")
        } catch {
            throw XCTSkip("no IPv6 loopback here: \(error)")
        }
        addTeardownBlock { await server.stop() }
        let held = try (0..<2).map { _ in try RawClient(port: server.port, host: "::1") }
        try await waitUntil { server.server.connectionsPerLoop.reduce(0, +) == 2 }
        XCTAssertEqual(try RawClient(port: server.port, host: "::1").readResponse().status, 429)
        XCTAssertEqual(held.count, 2)
    }
}

/// The key a client is counted under, from the socket address as the kernel gives it.
final class ClientKeyTests: XCTestCase {
    static func key(ipv4 text: String) -> ClientKey? {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        guard inet_pton(AF_INET, text, &address.sin_addr) == 1 else { return nil }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { ClientKey(shim_client_key_of($0)) }
        }
    }

    static func key(ipv6 text: String) -> ClientKey? {
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        guard inet_pton(AF_INET6, text, &address.sin6_addr) == 1 else { return nil }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { ClientKey(shim_client_key_of($0)) }
        }
    }

    func testAnIPv6ClientIsItsSlash64() throws {
        let one = try XCTUnwrap(Self.key(ipv6: "2001:db8:1:2:3:4:5:6"))
        XCTAssertEqual(one, Self.key(ipv6: "2001:db8:1:2:ffff:ffff:ffff:ffff"))
        XCTAssertNotEqual(one, Self.key(ipv6: "2001:db8:1:3::1"))
        XCTAssertEqual(one.description, "2001:db8:1:2::/64")
    }

    func testAnIPv4ClientIsItsAddressAndAMappedOneCountsAsIt() throws {
        let one = try XCTUnwrap(Self.key(ipv4: "192.0.2.1"))
        XCTAssertNotEqual(one, Self.key(ipv4: "192.0.2.2"))
        XCTAssertEqual(one, Self.key(ipv6: "::ffff:192.0.2.1"))
        XCTAssertEqual(one.description, "192.0.2.1")
        // An IPv4 address never counts as the IPv6 /64 with the same bits.
        XCTAssertNotEqual(one, Self.key(ipv6: "::c000:201"))
    }
}
