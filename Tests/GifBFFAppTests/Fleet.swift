import FakeGiphy
import Foundation
import Glibc
import Synchronization
import TestSupport
import XCTest

/// Two real gif-bff processes on one PostgreSQL database (a throwaway database of TestSupport's
/// cluster) behind Debian's nginx as the load balancer, against an in-process fake GIPHY. Every
/// process is stopped (by its PID) and every file removed when the test ends, also after an
/// assertion throws.
final class Fleet {
    static let apiKey = "SECRET-fleet-giphy-key"

    let fake: FakeGiphy
    let databaseURL: String
    private(set) var instances: [Process] = []
    private(set) var ports: [UInt16] = []
    private(set) var balancerPort: UInt16 = 0
    private var balancer: Process?
    private let folder: URL
    private let executable: URL
    /// Each instance's arguments but its port.
    private let arguments: [String]
    /// Launches so far, each with a log of its own.
    private var launches = 0
    /// Each instance's log of its latest launch.
    private var latestLogs: [Int: URL] = [:]

    /// `flags`: more gif-bff flags for both instances; `databaseURL`: a database of the test's own
    /// (else one of TestSupport's cluster).
    init(_ testCase: XCTestCase, flags: [String] = [], databaseURL given: String? = nil) throws {
        guard let executable = ExecutableTests.executable else { throw XCTSkip("gif-bff was not built next to the tests") }
        self.executable = executable
        let nginx = "/usr/sbin/nginx"
        guard FileManager.default.isExecutableFile(atPath: nginx) else {
            if ProcessInfo.processInfo.environment["CI"] == "true" { throw FleetError(description: "no \(nginx): CI installs nginx") }
            throw XCTSkip("nginx is not installed here; CI installs it")
        }
        databaseURL = try given ?? PostgreSQLCluster.database(for: testCase)
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("gif-bff-fleet-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        fake = FakeGiphy(apiKey: Self.apiKey)
        let fakeURL = try fake.start()
        testCase.addTeardownBlock { [started, fake, folder] in
            started.killAll()
            await fake.shutdown()
            try? FileManager.default.removeItem(at: folder)
        }
        arguments = [
            "--host", "127.0.0.1", "--database-url", databaseURL, "--log-level", "info",
            "--giphy-api-key", Self.apiKey, "--giphy-base-url", fakeURL.absoluteString,
            "--trusted-proxies", "127.0.0.1",
        ] + flags
        for index in 0..<2 {
            let (process, port) = try launch(index: index, port: 0)
            instances.append(process)
            ports.append(port)
        }
        balancerPort = try FreePort.loopback()
        balancer = try startBalancer(nginx)
        if let balancer { started.add(balancer.processIdentifier) }
    }

    /// Every process started, by PID, for the teardown.
    private let started = StartedProcesses()

    /// Kills instance `index` with SIGKILL: no shutdown, no flush.
    func kill9(_ index: Int) {
        kill(instances[index].processIdentifier, SIGKILL)
        instances[index].waitUntilExit()
    }

    /// Sends instance `index` SIGTERM (a deploy's stop) and returns once it has exited, with how
    /// long that took and its exit status; SIGKILL and a failure after `limit`.
    func terminate(_ index: Int, limit: Duration = .seconds(60)) throws -> (took: Duration, status: Int32) {
        let process = instances[index]
        let clock = ContinuousClock()
        let sent = clock.now
        kill(process.processIdentifier, SIGTERM)
        while process.isRunning {
            guard clock.now - sent < limit else {
                kill(process.processIdentifier, SIGKILL)
                throw FleetError(description: "gif-bff \(index) still running \(limit) after SIGTERM")
            }
            usleep(5_000)
        }
        return (clock.now - sent, process.terminationStatus)
    }

    /// Starts instance `index` again, on the port it had, once it has stopped.
    func restart(_ index: Int) throws {
        let (process, _) = try launch(index: index, port: ports[index])
        instances[index] = process
    }

    /// One request on a fresh connection: to the balancer, or to one instance directly.
    func send(_ method: String, _ target: String, json: String? = nil, headers: [String] = [], to instance: Int? = nil,
              timeout: Double = 10) throws -> RawClient.Response {
        let client = try RawClient(port: instance.map { ports[$0] } ?? balancerPort, timeout: timeout)
        var all = headers
        if json != nil { all.append("Content-Type: application/json") }
        try client.send(request(method, target, headers: all, body: json))
        return try client.readResponse(bodyless: method == "HEAD")
    }

    /// POST /installs, through the balancer or to one instance.
    func register(via instance: Int? = nil) throws -> RegisteredInstall {
        try RegisteredInstall(created: try send("POST", "/installs", to: instance))
    }

    /// `count` different GIF ids from the trending pages (the fake's catalog).
    func distinctTrendingIDs(count: Int) throws -> [String] {
        var found: [String] = []
        var offset = 0
        while found.count < count, offset <= 450 {
            for id in (try send("GET", "/trending?limit=50&offset=\(offset)")).itemIDs where !found.contains(id) { found.append(id) }
            offset += 50
        }
        XCTAssertGreaterThanOrEqual(found.count, count)
        return Array(found.prefix(count))
    }

    /// What nginx logged of its errors so far (failed connections to the instances, ...).
    func balancerLog() -> String {
        (try? String(contentsOf: folder.appendingPathComponent("nginx-error.log"), encoding: .utf8)) ?? ""
    }

    /// The log of the instance's latest launch so far.
    func latestLog(_ index: Int) -> String {
        latestLogs[index].flatMap { try? String(contentsOf: $0, encoding: .utf8) } ?? ""
    }

    /// The instance's log so far (its standard error), every launch of it.
    func log(_ index: Int) -> String {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasPrefix("gif-bff-\(index)-") }.sorted().map { name in
            (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)) ?? ""
        }.joined()
    }

    /// Starts instance `index` on `port` (0: any free one); the process is killed when the test ends.
    private func launch(index: Int, port: UInt16) throws -> (Process, UInt16) {
        launches += 1
        let logURL = folder.appendingPathComponent("gif-bff-\(index)-\(launches).log")
        latestLogs[index] = logURL
        _ = FileManager.default.createFile(atPath: logURL.path, contents: nil)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments + ["--port", String(port)]
        process.environment = Sanitizer.childEnvironment
        // A file, not a pipe: a pipe nobody reads would fill and stall the server's log writes.
        let log = try FileHandle(forWritingTo: logURL)
        process.standardError = log
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // The child has its own copy; ours would stay open as long as the test case (the run).
        try log.close()
        started.add(process.processIdentifier)
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline, process.isRunning {
            let text = (try? String(contentsOf: logURL, encoding: .utf8)) ?? ""
            if let range = text.range(of: "url=http://127.0.0.1:") {
                let digits = text[range.upperBound...].prefix { $0.isNumber }
                if let port = UInt16(digits) { return (process, port) }
            }
            usleep(20_000)
        }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        throw FleetError(description: "gif-bff \(index) did not start: \((try? String(contentsOf: logURL, encoding: .utf8)) ?? "")")
    }

    private func startBalancer(_ nginx: String) throws -> Process {
        let configuration = """
            # One process, no workers: killing it by its PID leaves nothing behind.
            master_process off;
            daemon off;
            pid \(folder.path)/nginx.pid;
            error_log \(folder.path)/nginx-error.log;
            events { worker_connections 1024; }
            http {
                access_log off;
                client_body_temp_path \(folder.path)/body;
                proxy_temp_path \(folder.path)/proxy;
                fastcgi_temp_path \(folder.path)/fastcgi;
                uwsgi_temp_path \(folder.path)/uwsgi;
                scgi_temp_path \(folder.path)/scgi;
                upstream fleet {
                    server 127.0.0.1:\(ports[0]) max_fails=1 fail_timeout=2s;
                    server 127.0.0.1:\(ports[1]) max_fails=1 fail_timeout=2s;
                    keepalive 16;
                }
                # As docker/compose.fleet.yaml's balancer (docs/fleet.md says why each line).
                server {
                    listen 127.0.0.1:\(balancerPort);
                    proxy_http_version 1.1;
                    proxy_set_header Connection "";
                    proxy_set_header Host $http_host;
                    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
                    proxy_next_upstream error timeout;
                    proxy_next_upstream_tries 2;
                    location / {
                        proxy_pass http://fleet;
                    }
                    location = /favorites {
                        proxy_pass http://fleet;
                        proxy_next_upstream error timeout non_idempotent;
                    }
                }
            }
            """
        let path = folder.appendingPathComponent("nginx.conf").path
        try configuration.write(toFile: path, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: nginx)
        process.arguments = ["-p", folder.path, "-c", path]
        process.standardError = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if (try? send("GET", "/healthz", timeout: 1))?.status == 200 { return process }
            usleep(20_000)
        }
        kill(process.processIdentifier, SIGKILL)
        throw FleetError(description: "nginx did not start: \((try? String(contentsOfFile: folder.path + "/nginx-error.log", encoding: .utf8)) ?? "")")
    }
}

/// PIDs to end with SIGKILL when the test ends (the processes are the test's own).
final class StartedProcesses: Sendable {
    private let pids = Mutex<[pid_t]>([])

    func add(_ pid: pid_t) { pids.withLock { $0.append(pid) } }

    func killAll() {
        for pid in pids.withLock({ $0 }) { kill(pid, SIGKILL) }
    }
}

struct FleetError: Error, CustomStringConvertible {
    let description: String
}
