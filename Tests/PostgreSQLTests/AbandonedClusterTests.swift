import Foundation
import Glibc
import TestSupport
import XCTest

/// A test run killed before its exit handler leaves its throwaway cluster running. The next cluster
/// started in the same place stops and deletes it, and stops nothing else: not a cluster whose
/// owner still runs, nor a process that a stale lock file names but no cluster of ours started.
final class AbandonedClusterTests: XCTestCase {
    func testTheNextClusterStopsAndDeletesOnesLeftByRunsThatAreGone() throws {
        try PostgreSQLCluster.requireInstalled()
        let parent = try folderOfItsOwn()
        let gone = try endedProcess()

        // Three clusters, this process's for now (each start reaps what is left by then).
        let going = try cluster(in: parent), left = try cluster(in: parent), crashed = try cluster(in: parent)
        // A run still going: its owner (this process) runs. Left by a killed run: its server
        // runs, its owner is gone.
        try ClusterOwner(pid: gone, startTime: 1).record(in: left.folder)
        let leftServer = try XCTUnwrap(left.postmasterPID, "the left cluster runs")
        // A server that died leaving its lock file, the PID in it given to another process since;
        // named as folders were before they recorded an owner, by a run that is gone.
        try crashed.stop()
        let stale = parent + "/gif-bff-pg-\(gone)-STALE000"
        try FileManager.default.moveItem(atPath: crashed.folder, toPath: stale)
        try FileManager.default.removeItem(atPath: stale + "/" + ClusterOwner.fileName)
        let bystander = try sleeper()
        try Data("\(bystander.processIdentifier)\n\(stale)/data\n".utf8).write(to: URL(fileURLWithPath: stale + "/data/postmaster.pid"))

        // The next run starts its cluster there.
        let next = try cluster(in: parent)

        XCTAssertTrue(ProcessFacts.hasEnded(leftServer), "the server left by a gone run was stopped")
        XCTAssertFalse(FileManager.default.fileExists(atPath: left.folder), "and its folder deleted")
        XCTAssertFalse(FileManager.default.fileExists(atPath: stale), "a folder named by a gone run is deleted")
        XCTAssertFalse(ProcessFacts.hasEnded(bystander.processIdentifier), "a process no cluster of ours started is never stopped")
        XCTAssertNoThrow(try going.psql("SELECT 1"), "a cluster whose owner runs is left alone")
        XCTAssertNoThrow(try next.psql("SELECT 1"))
    }

    /// A short path: the server's socket goes in each cluster's folder (108 bytes at most).
    private func folderOfItsOwn() throws -> String {
        let folder = FileManager.default.temporaryDirectory.path + "/gif-bff-reap-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        return folder
    }

    private func cluster(in parent: String) throws -> PostgreSQLCluster {
        let cluster = try PostgreSQLCluster(in: parent)
        addTeardownBlock { cluster.stopAndDelete() }
        return cluster
    }

    /// The PID of a process that has ended and been reaped.
    private func endedProcess() throws -> pid_t {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    /// A process the servers' user could signal (as root, `postgres`: `setpriv` runs sleep in
    /// its own place, so the PID is the sleep's).
    private func sleeper() throws -> Process {
        let process = Process()
        if getuid() == 0 {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--reuid=postgres", "--regid=postgres", "--clear-groups", "/bin/sleep", "120"]
        } else {
            process.executableURL = URL(fileURLWithPath: "/bin/sleep")
            process.arguments = ["120"]
        }
        try process.run()
        addTeardownBlock {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
        return process
    }
}
