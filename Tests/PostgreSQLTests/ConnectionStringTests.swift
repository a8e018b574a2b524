import Foundation
import PostgreSQL
import TestSupport
import XCTest

/// Issue 48 item 1: every connection string libpq takes is taken (several hosts and ports,
/// `target_session_attrs`, `connect_timeout`, keyword/value pairs), checked with libpq's parser;
/// what libpq would refuse only when connecting is refused at once; the string's own settings win
/// over gif-bff's defaults, and a connection says which server it reached.
final class ConnectionStringTests: XCTestCase {
    func testEveryFormLibpqTakesIsAccepted() {
        for text in ["postgresql://gif:pw@db1:5432,db2:5432/gifbff?target_session_attrs=read-write",
                     "postgresql://gif@db1,db2,db3/gifbff?port=5432,5433,5434&connect_timeout=2",
                     "postgres://[::1]:5432,db2/gifs?target_session_attrs=primary&sslmode=prefer",
                     "postgresql:///gifs?host=/var/run/postgresql",
                     "host=db1,db2 port=5432 dbname=gifbff user=gif password='a secret' target_session_attrs=read-write",
                     "host = db  dbname=gifs connect_timeout=5 application_name='gif bff'",
                     "dbname=gifs"] {
            guard case .success(let url) = PostgreSQLURL.parse(text) else { return XCTFail("refused: \(text)") }
            XCTAssertEqual(url.text, text)
        }
    }

    func testWhatLibpqRefusesOnlyOnConnectingIsRefusedNowSayingWhy() {
        let refused = [
            ("postgresql://db:0/gifs", "1-65535"), ("postgresql://db1:5432,db2:99999/gifs", "1-65535"),
            ("host=db port=x", "1-65535"), ("host=db1,db2,db3 port=1,2", "one port for each host"),
            ("postgresql://db1,db2/gifs?target_session_attrs=read-only", "target_session_attrs"),
            ("postgresql://db1,db2/gifs?target_session_attrs=prefer-standby", "target_session_attrs"),
            ("host=db target_session_attrs=nonsense", "target_session_attrs"),
            ("host=db connect_timeout=later", "connect_timeout"),
            ("host=db nonsense=1", "libpq accepts"), ("just words", "libpq accepts"), ("host='db", "libpq accepts"),
            ("mysql://db/gifs", "libpq accepts"),
        ]
        for (text, reason) in refused {
            guard case .failure(let failure) = PostgreSQLURL.parse(text) else {
                XCTFail("accepted: \(text)")
                continue
            }
            XCTAssertTrue(failure.reason.contains(reason), "\(text): \(failure.reason)")
        }
    }

    func testKeywordValuePairsAreRedactedAsLibpqReadsThem() {
        XCTAssertEqual(PostgreSQLURL.redact("host=db port=5432 password='a b\\' c' user=gif"), "host=db port=5432 password=*** user=gif")
        XCTAssertEqual(PostgreSQLURL.redact("password = pw  host=db sslpassword=k\\ ey dbname=gifs"),
                       "password = ***  host=db sslpassword=*** dbname=gifs")
        XCTAssertEqual(PostgreSQLURL.redact("host=db passfile=/home/u/.pgpass sslkey='/k/client.key' sslmode=require"),
                       "host=db passfile=*** sslkey=*** sslmode=require")
        XCTAssertEqual(PostgreSQLURL.redact("host=db oops password=pw"), "host=db ***")
        XCTAssertEqual(PostgreSQLURL.redact("host=db password='never closed"), "host=db ***")
        XCTAssertEqual(PostgreSQLURL.redact("host=db,db2 port=1,2 target_session_attrs=read-write"),
                       "host=db,db2 port=1,2 target_session_attrs=read-write")
    }

    /// The string's own `application_name` wins over gif-bff's default (`gif-bff`), in both forms.
    func testTheConnectionStringsSettingsWinOverTheDefaults() throws {
        let cluster = try PostgreSQLCluster.running()
        let url = try PostgreSQLCluster.database(for: self)
        let name = try XCTUnwrap(url.split(separator: "/").last.map(String.init))
        for text in [url + "?application_name=mine",
                     "host=127.0.0.1 port=\(cluster.port) user=postgres dbname=\(name) application_name='mine'"] {
            let connection = try PGConnection(url: text)
            XCTAssertEqual(try connection.queryFirst("SHOW application_name")?.text(at: 0), "mine", text)
            XCTAssertEqual(try connection.queryFirst("SELECT current_database()")?.text(at: 0), name, text)
        }
        XCTAssertEqual(try PGConnection(url: url).queryFirst("SHOW application_name")?.text(at: 0), "gif-bff")
    }

    /// Of two hosts the first with nothing listening, the connection reaches the second and says so.
    func testAConnectionOfSeveralHostsNamesTheOneItReached() throws {
        let cluster = try PostgreSQLCluster.running()
        let url = try PostgreSQLCluster.database(for: self)
        let name = try XCTUnwrap(url.split(separator: "/").last.map(String.init))
        let nothing = try FreePort.loopback()
        let connection = try PGConnection(url: "postgresql://postgres@127.0.0.1:\(nothing),127.0.0.1:\(cluster.port)/\(name)")
        XCTAssertEqual(connection.server, "127.0.0.1:\(cluster.port)")
        let pairs = try PGConnection(url: "host=127.0.0.1,127.0.0.1 port=\(nothing),\(cluster.port) user=postgres dbname=\(name)")
        XCTAssertEqual(pairs.server, "127.0.0.1:\(cluster.port)")
    }
}
