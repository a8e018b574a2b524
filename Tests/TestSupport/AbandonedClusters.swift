import Foundation
import Glibc

/// The process that started a throwaway cluster, as its folder records it: a PID and when that
/// process started (so a PID the system has since given to another process is not taken for it).
package struct ClusterOwner: Equatable, Sendable {
    package let pid: pid_t
    /// Clock ticks after boot (/proc/<pid>/stat, field 22); nil for a folder that records none.
    package let startTime: UInt64?

    package init(pid: pid_t, startTime: UInt64?) {
        self.pid = pid
        self.startTime = startTime
    }

    package static let fileName = "owner"

    static func thisProcess() -> ClusterOwner {
        ClusterOwner(pid: getpid(), startTime: ProcessFacts(pid: getpid())?.startTime)
    }

    /// Written before anything else goes into the folder.
    package func record(in folder: String) throws {
        let text = "\(pid) \(startTime.map(String.init) ?? "-")\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/" + Self.fileName), options: .atomic)
    }

    /// What `folder` records; else the PID its name carries (`gif-bff-pg-<PID>-…`, as folders
    /// made before owners were recorded are named); nil when it says neither.
    static func recorded(in folder: String) -> ClusterOwner? {
        if let text = try? String(contentsOfFile: folder + "/" + fileName, encoding: .utf8) {
            let fields = text.split(whereSeparator: \.isWhitespace)
            if fields.count == 2, let pid = pid_t(fields[0]) { return ClusterOwner(pid: pid, startTime: UInt64(fields[1])) }
        }
        let name = (folder as NSString).lastPathComponent
        guard name.hasPrefix(PostgreSQLCluster.folderPrefix),
              let pid = pid_t(name.dropFirst(PostgreSQLCluster.folderPrefix.count).prefix { $0 != "-" }) else { return nil }
        return ClusterOwner(pid: pid, startTime: nil)
    }

    /// True while the process runs: the PID is taken, not by a zombie, and by the process that
    /// started when the record says.
    var isAlive: Bool {
        guard !ProcessFacts.hasEnded(pid), let facts = ProcessFacts(pid: pid) else { return false }
        return startTime == nil || facts.startTime == startTime
    }
}

/// What /proc/<pid>/stat says of a process: its state and when it started.
package struct ProcessFacts {
    let state: Character
    let startTime: UInt64

    init?(pid: pid_t) {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let nameEnd = text.lastIndex(of: ")") else { return nil }
        // After the name (which may hold spaces and parentheses): field 3, the state, onwards.
        let fields = text[text.index(after: nameEnd)...].split(separator: " ")
        guard fields.count > 19, let state = fields[0].first, let startTime = UInt64(fields[19]) else { return nil }
        self.state = state
        self.startTime = startTime
    }

    /// True when no process has the PID, or one that has ended and waits to be reaped (a zombie:
    /// a daemon's parent, in a container, may not reap it).
    package static func hasEnded(_ pid: pid_t) -> Bool {
        guard let facts = ProcessFacts(pid: pid) else { return true }
        return facts.state == "Z" || facts.state == "X"
    }
}

/// Clusters that test runs left behind: a run killed (SIGKILL, a CI timeout) or crashed never
/// reaches the exit handler that stops its cluster, and the server went on running, its folder
/// filling /tmp. Each new cluster first stops and deletes, in the folder it is made in, every
/// cluster folder whose owner has gone. Only a server that one of those folders started is
/// stopped: the PID in its data folder's lock file counts only if that process runs in that data
/// folder (a postmaster's working directory), since the PID may have been given to another since.
package enum AbandonedClusters {
    /// Stops and deletes the clusters under `parent` whose owner is gone; the folders deleted.
    @discardableResult
    package static func reap(in parent: String) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent) else { return [] }
        var reaped: [String] = []
        for name in names.sorted() where name.hasPrefix(PostgreSQLCluster.folderPrefix) {
            let folder = parent + "/" + name
            guard let owner = ClusterOwner.recorded(in: folder), !owner.isAlive else { continue }
            if let server = postmaster(of: folder) {
                _ = try? PostgreSQLCluster.asPostgres("\(PostgreSQLCluster.binaries)/pg_ctl",
                                                      ["-D", folder + "/data", "-m", "immediate", "-w", "stop"])
                guard ProcessFacts.hasEnded(server) else {
                    warn("could not stop PostgreSQL (PID \(server)) in \(folder), left by process \(owner.pid); kept")
                    continue
                }
            }
            do {
                try FileManager.default.removeItem(atPath: folder)
            } catch {
                warn("could not delete \(folder): \(error)")
                continue
            }
            warn("stopped and deleted \(folder), a cluster left by process \(owner.pid), which is gone")
            reaped.append(folder)
        }
        return reaped
    }

    /// The PID of the server running in `folder`'s cluster: the one its lock file names, if
    /// that process works in its data folder; nil when none runs there.
    static func postmaster(of folder: String) -> pid_t? {
        let data = folder + "/data"
        guard let lock = try? String(contentsOfFile: data + "/postmaster.pid", encoding: .utf8),
              let firstLine = lock.split(separator: "\n").first,
              let pid = pid_t(firstLine.trimmingCharacters(in: .whitespaces)), pid > 1,
              let resolved = realpath(data, nil) else { return nil }
        defer { free(resolved) }
        guard let workingFolder = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/cwd") else { return nil }
        return workingFolder == String(cString: resolved) ? pid : nil
    }

    private static func warn(_ message: String) {
        FileHandle.standardError.write(Data("PostgreSQLCluster: \(message)\n".utf8))
    }
}
