import Foundation
import PostgreSQL
import TestSupport
import XCTest

/// Issue 48 item 3: a commit whose wait for a synchronous standby is cancelled (by
/// `statement_timeout`) comes back from PostgreSQL as a success with a WARNING, committed on the
/// primary only. gif-bff does not take it as acknowledged: the transaction fails as a lost
/// connection's would (a 503), since a failover then could lose it.
final class SynchronousCommitTests: XCTestCase {
    func testACommitTheSynchronousStandbyNeverConfirmedIsNotAcknowledged() throws {
        try PostgreSQLCluster.requireInstalled()
        // A cluster of its own: it waits for a standby that never comes (the shared one must not).
        let cluster = try PostgreSQLCluster(in: FileManager.default.temporaryDirectory.path)
        addTeardownBlock { cluster.stopAndDelete() }
        let connection = try PGConnection(url: cluster.url(), statementTimeoutMilliseconds: 300)
        try connection.executeScript("CREATE TABLE t (n INT)")
        // statement_timeout alone would never end the commit's wait (the server turns it off first).
        try cluster.psql("ALTER SYSTEM SET synchronous_standby_names = 'nobody'", "SELECT pg_reload_conf()")
        // The reload reaches the connection's backend a moment later, and whether commits wait
        // for a standby at all a moment after that: the checkpointer sets it in shared memory when
        // it has read the file, so a commit may still return at once (seen under CI's load). Until
        // a commit waits, each attempt commits alone; the one that waits must not be acknowledged.
        // Ends as soon as a commit waits; only a broken run waits it out.
        let deadline = ContinuousClock.now + eventTimeout
        while try connection.queryFirst("SHOW synchronous_standby_names")?.text(at: 0) != "nobody", ContinuousClock.now < deadline {
            usleep(20_000)
        }
        var attempt = 0
        var waited: (any Error)?
        var took = Duration.zero
        while waited == nil, ContinuousClock.now < deadline {
            attempt += 1
            let started = ContinuousClock.now
            do {
                try connection.transaction { try $0.execute("INSERT INTO t VALUES ($1)", [.int(attempt)]) }
                usleep(50_000)
            } catch {
                waited = error
                took = ContinuousClock.now - started
            }
        }
        let failure = waited as? PostgreSQLError
        XCTAssertNotNil(waited, "no commit waited for the standby within \(eventTimeout) (\(attempt) attempts)")
        XCTAssertEqual(failure?.isConnectionLost, true, "\(String(describing: waited))")
        XCTAssertTrue(failure?.message.contains("synchronous standby") == true, "\(String(describing: waited))")
        // Ended by the 300 ms statement timeout, not left waiting for a standby that never comes;
        // 10 s leaves the sanitizers on a loaded machine room (3 s was 10x, no more).
        XCTAssertLessThan(took, .seconds(10), "within the statement timeout")
        // What PostgreSQL did: committed locally, which is why it could not be acknowledged.
        let reader = try PGConnection(url: cluster.url())
        XCTAssertEqual(try reader.queryFirst("SELECT count(*) FROM t WHERE n = $1", [.int(attempt)])?.int(at: 0), 1)
        // A read-only transaction waits for nothing and is not affected.
        XCTAssertEqual(try connection.transaction { try $0.queryFirst("SELECT 2")?.int(at: 0) }, 2)
    }
}
