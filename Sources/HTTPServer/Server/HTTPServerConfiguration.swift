/// Where the server listens and how it behaves; every field has the default a local backend wants.
package struct HTTPServerConfiguration: Sendable {
    /// A numeric IPv4 or IPv6 address; 127.0.0.1 so a local backend is not reachable from the network.
    package var host = "127.0.0.1"
    /// 0 asks the system for a free port; `HTTPServer.start()` returns the one it got.
    package var port: UInt16 = 8080
    /// Event-loop threads; each owns its connections.
    package var eventLoopCount = HTTPServerConfiguration.defaultEventLoopCount
    package var limits = HTTPLimits()
    /// How long a graceful shutdown waits for requests in flight.
    package var shutdownGracePeriod: Duration = .seconds(10)
    package var backlog: Int32 = 1024
    /// Addresses whose connections the cap per client leaves alone (`HTTPLimits.maxConnectionsPerClient`):
    /// a trusted proxy carries many clients on its connections. At the connection limit, their
    /// silent connections are given up only when no other client has one.
    package var connectionLimitExempt: [IPRange] = []
    /// The start of every problem `type` the server writes, followed by the problem's code.
    package var problemTypePrefix = "urn:problem:"

    package init(host: String = "127.0.0.1", port: UInt16 = 8080, problemTypePrefix: String = "urn:problem:") {
        self.host = host
        self.port = port
        self.problemTypePrefix = problemTypePrefix
    }

    package static var defaultEventLoopCount: Int {
        let cores = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        return min(max(cores, 1), 8)
    }
}

import Glibc
