import Foundation
import Glibc
import Synchronization
import XCTest

/// A throwaway PostgreSQL cluster for the tests of this process: its own folder, loopback only, a
/// free port, run as the unprivileged `postgres` user (initdb and postgres refuse root), started on
/// first use and stopped when the process exits. Each test gets a database of its own.
/// Without PostgreSQL installed a test is skipped, but under CI (`CI=true`) it fails: CI installs it.
/// A run killed or crashed never reaches its exit handler: its folder records its owner, and the
/// next cluster started in the same place stops and deletes it (`AbandonedClusters`).
package final class PostgreSQLCluster: Sendable {
    package let port: Int
    /// `gif-bff-pg-<owner PID>-<random>`: the data, the log, the socket and the owner record.
    package let folder: String

    static let folderPrefix = "gif-bff-pg-"

    private static let shared = Mutex<Result<PostgreSQLCluster, ClusterError>?>(nil)
    static let binaries = "/usr/lib/postgresql/15/bin"

    package struct ClusterError: Error, CustomStringConvertible {
        package let description: String
    }

    /// The process's cluster, started the first time.
    package static func running() throws -> PostgreSQLCluster {
        let result = shared.withLock { shared -> Result<PostgreSQLCluster, ClusterError> in
            if let shared { return shared }
            let started = Result { () throws(ClusterError) -> PostgreSQLCluster in
                try PostgreSQLCluster(in: FileManager.default.temporaryDirectory.path)
            }
            shared = started
            if case .success = started { atexit { PostgreSQLCluster.stopShared() } }
            return started
        }
        switch result {
        case .success(let cluster): return cluster
        case .failure(let error):
            if ProcessInfo.processInfo.environment["CI"] == "true" { throw error }
            throw XCTSkip("PostgreSQL is not available here (\(error)); CI installs it")
        }
    }

    /// Throws XCTSkip without PostgreSQL installed, or under CI (which installs it) fails.
    package static func requireInstalled() throws {
        guard !FileManager.default.isExecutableFile(atPath: "\(binaries)/initdb") else { return }
        let error = ClusterError(description: "no \(binaries)/initdb")
        if ProcessInfo.processInfo.environment["CI"] == "true" { throw error }
        throw XCTSkip("PostgreSQL is not available here (\(error)); CI installs it")
    }

    /// A fresh database of the test's own, dropped when the test ends; its URL.
    package static func database(for testCase: XCTestCase) throws -> String {
        let cluster = try running()
        let name = "test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(20)
        try cluster.psql("CREATE DATABASE \(name)")
        testCase.addTeardownBlock { cluster.drop(database: String(name)) }
        return cluster.url(database: String(name))
    }

    /// Drops a test's database, ending the connections still on it. A listener the test stopped
    /// lets go of its connection within 0.2 s; ended under it, libpq prints the server's "FATAL:
    /// terminating connection due to administrator command" on the test run's output, so the
    /// server waits for it first (at most 1 s, in the same psql; pg_stat_activity is read afresh
    /// each time, not once per transaction). Idle connections read nothing: ending them is silent.
    private func drop(database name: String) {
        let listening = "SELECT 1 FROM pg_stat_activity WHERE datname = '\(name)' AND query LIKE 'LISTEN%'"
        try? psql("""
            DO $$ BEGIN FOR i IN 1..50 LOOP
                PERFORM pg_stat_clear_snapshot(); EXIT WHEN NOT EXISTS (\(listening)); PERFORM pg_sleep(0.02);
            END LOOP; END $$
            """, "DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
    }

    package func url(database: String = "postgres") -> String {
        "postgresql://postgres@127.0.0.1:\(port)/\(database)"
    }

    /// Runs statements as the superuser, each on its own and in order (through one psql, over the
    /// socket in the cluster's folder); stops at the first that fails.
    package func psql(_ statements: String...) throws {
        let status = try Self.run("\(Self.binaries)/psql", ["-h", folder, "-p", String(port), "-U", "postgres",
                                                                             "-d", "postgres", "-v", "ON_ERROR_STOP=1", "-q"]
                                      + statements.flatMap { ["-c", $0] })
        guard status == 0 else { throw ClusterError(description: "psql failed (\(status)): \(statements.joined(separator: "; "))") }
    }

    /// Stops the server (immediately: the tests' data are throwaway) and starts it again, as a
    /// restart in the middle of writes; `pause` between.
    package func restart(pause: Duration = .zero) throws {
        _ = try Self.asPostgres("\(Self.binaries)/pg_ctl", ["-D", folder + "/data", "-m", "immediate", "-w", "stop"])
        if pause > .zero { Thread.sleep(forTimeInterval: Double(pause.components.seconds) + Double(pause.components.attoseconds) / 1e18) }
        try start()
    }

    /// Stops the server until `start()`.
    package func stop() throws {
        _ = try Self.asPostgres("\(Self.binaries)/pg_ctl", ["-D", folder + "/data", "-m", "immediate", "-w", "stop"])
    }

    /// A standby made the primary (`pg_ctl promote`), once it takes writes.
    package func promote() throws {
        let status = try Self.asPostgres("\(Self.binaries)/pg_ctl", ["-D", folder + "/data", "-w", "promote"])
        guard status == 0 else { throw ClusterError(description: "pg_ctl promote failed (\(status))") }
    }

    /// Runs statements against `database` and returns psql's unaligned output (one row a line).
    package func psqlOutput(_ sql: String, database: String = "postgres") throws -> String {
        let output = folder + "/psql-output-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: output) }
        let status = try Self.run("\(Self.binaries)/psql", ["-h", folder, "-p", String(port), "-U", "postgres", "-d", database,
                                                           "-v", "ON_ERROR_STOP=1", "-q", "-A", "-t", "-o", output, "-c", sql])
        guard status == 0 else { throw ClusterError(description: "psql failed (\(status)): \(sql)") }
        return (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
    }

    /// Stops the server for good and deletes its folder.
    package func stopAndDelete() {
        try? stop()
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// The server's process as its lock file names it, while it runs.
    package var postmasterPID: pid_t? { AbandonedClusters.postmaster(of: folder) }

    package func start() throws {
        // client_min_messages=error: libpq prints every NOTICE and WARNING the server sends (a
        // migration's "already exists, skipping", an immediate stop's "terminating connection") on
        // the test run's output; the server's own log stays in the cluster's folder.
        let options = "-p \(port) -k \(folder) -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off"
            + " -c client_min_messages=error"
        let status = try Self.asPostgres("\(Self.binaries)/pg_ctl", ["-D", folder + "/data", "-o", options, "-l", folder + "/log", "-w", "start"])
        guard status == 0 else { throw ClusterError(description: "pg_ctl start failed (\(status))") }
    }

    /// A new cluster in a folder of its own under `parent`, owned by this process. The clusters
    /// under `parent` whose owner has gone are stopped and deleted first. With `standbyOf`, a hot
    /// standby of that (running) cluster: its base backup (`pg_basebackup -R`, which writes
    /// `standby.signal` and `primary_conninfo`), streaming from it over loopback.
    package init(in parent: String, standbyOf primary: PostgreSQLCluster? = nil) throws(ClusterError) {
        guard FileManager.default.isExecutableFile(atPath: "\(Self.binaries)/initdb") else {
            throw ClusterError(description: "no \(Self.binaries)/initdb")
        }
        AbandonedClusters.reap(in: parent)
        folder = parent + "/" + Self.folderPrefix + "\(getpid())-\(UUID().uuidString.prefix(8))"
        do { port = Int(try FreePort.loopback()) } catch { throw ClusterError(description: "\(error)") }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try ClusterOwner.thisProcess().record(in: folder)
            if getuid() == 0 { _ = try Self.run("/bin/chown", ["postgres:postgres", folder]) }
            if let primary {
                let status = try Self.asPostgres("\(Self.binaries)/pg_basebackup", ["-h", "127.0.0.1", "-p", String(primary.port), "-U", "postgres",
                                                                                  "-D", folder + "/data", "-R", "-X", "stream", "--no-sync"])
                guard status == 0 else { throw ClusterError(description: "pg_basebackup failed (\(status))") }
            } else {
                let status = try Self.asPostgres("\(Self.binaries)/initdb", ["-D", folder + "/data", "-A", "trust", "-U", "postgres", "--no-sync"])
                guard status == 0 else { throw ClusterError(description: "initdb failed (\(status))") }
            }
            try start()
        } catch let error as ClusterError {
            throw error
        } catch {
            throw ClusterError(description: "\(error)")
        }
    }

    private static func stopShared() {
        guard case .success(let cluster) = shared.withLock({ $0 }) else { return }
        _ = try? asPostgres("\(binaries)/pg_ctl", ["-D", cluster.folder + "/data", "-m", "immediate", "-w", "stop"])
        try? FileManager.default.removeItem(atPath: cluster.folder)
    }

    static func asPostgres(_ tool: String, _ arguments: [String]) throws -> Int32 {
        getuid() == 0 ? try run("/usr/sbin/runuser", ["-u", "postgres", "--", tool] + arguments) : try run(tool, arguments)
    }

    /// Runs a tool to its end (posix_spawn and waitpid: Foundation's Process waited forever on a
    /// child pg_ctl that had exited, its daemon still holding the pipe), its output discarded.
    @discardableResult
    static func run(_ tool: String, _ arguments: [String]) throws -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in [0, 1, 2] {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        let argv = ([tool] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, tool, &actions, nil, argv, environ)
        guard spawned == 0 else { throw ClusterError(description: "cannot run \(tool): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }
}
