import CPostgreSQL
import Foundation
@testable import PostgreSQL
import TestSupport
import XCTest

/// Issue 31 item 2: no part of a `GIF_BFF_DATABASE_URL` that libpq treats as a secret is ever
/// printed: not in `redacted`, not in a parse failure's reason, not in a connection's error.
final class PostgreSQLURLSecrecyTests: XCTestCase {
    /// URLs of many shapes; every secret in them has "S3CRET" in it, as written and as libpq
    /// decodes it, so one check covers them all.
    static let shapes = [
        "postgresql://gif:S3CRET@db:5432/gifs",
        "postgres://gif:S3CRET@db/gifs",
        "postgresql://gif:S3CRET%40x%3A@db/gifs",
        "postgresql://gif:%53%33%43%52%45%54@db/gifs",
        "postgresql://gif:pw@S3CRET@db/gifs",
        "postgresql://gif:S3C?RET@db/gifs",
        "postgresql://db/gifs?password=S3CRET",
        "postgresql://db/gifs?sslmode=require&password=S3CRET&application_name=x",
        "postgresql://db/gifs?sslpassword=S3CRET",
        "postgresql://db/gifs?passfile=/home/S3CRET/.pgpass",
        "postgresql://db/gifs?sslkey=/keys/S3CRET.key",
        "postgresql://db/gifs?password=%53%33%43%52%45%54",
        "postgresql://db/gifs?password=S3%43RET",
        "postgresql://db/gifs?pass%77ord=S3CRET",
        "postgresql://db/gifs?%70%61%73%73%77%6F%72%64=S3CRET",
        "postgresql://db/gifs?password=S3CRET-1&password=S3CRET-2",
        "postgresql://db/gifs?password=&password=S3CRET",
        "postgresql://u@h1:5432,h2:5433/gifs?password=S3CRET",
        "postgresql://u:S3CRET@h1:5432,h2:5433/gifs?target_session_attrs=read-write&sslpassword=S3CRET",
        "postgresql://u:S3CRET@[::1]:5432/gifs",
        "postgresql://u:S3CRET@/gifs?host=/var/run/postgresql",
        "postgresql:///gifs?host=/tmp&password=S3CRET",
        "postgresql://db/gifs?password=a=S3CRET",
        "postgresql://db/gifs?passwordS3CRET",
        "postgresql://db/gifs?pasword=S3CRET",
        "postgresql://db/gifs?PASSWORD=S3CRET",
        "postgresql://db/gifs?password=S3CRET#fragment",
        "postgresql://db/gifs?password=S3CRÉT&sslmode=disable",
        "postgresql://db/gifs?sslmode=require&\u{301}password=S3CRET",
        "postgresql://db/gifs?&password=S3CRET&",
        "postgresql://db/gifs?password=%zzS3CRET",
        "postgresql://db/gifs?password=%00S3CRET",
        "postgresql://db?password=S3CRET@elsewhere",
        "postgresql://u:pa%zzS3CRET@db/gifs",
        "postgresql://u:S3CRET@[::1/gifs",
        "host=db password=S3CRET",
        "host=db1,db2 port=5432,5433 password='S3CRET and more' target_session_attrs=read-write",
        "password = S3CRET host=db",
        "host=db password=S3CRET\\ x sslpassword='S3CRET\\'s' dbname=gifs",
        "host=db passfile=/home/S3CRET/.pgpass sslkey='/k/S3CRET.key'",
        "host=db password='S3CRET never closed",
        "host=db S3CRET password=S3CRET",
        "host=db pass%77ord=S3CRET",
        "S3CRET",
    ]

    func testNoSecretOfAnyShapeIsInTheRedactedURL() {
        for shape in Self.shapes {
            let redacted = PostgreSQLURL.redact(shape)
            XCTAssertFalse(redacted.contains("S3CRET"), "\(shape) -> \(redacted)")
            XCTAssertFalse(redacted.contains("S3C"), "\(shape) -> \(redacted)")
            XCTAssertTrue(redacted.contains("***"), "\(shape) -> \(redacted)")
        }
    }

    func testWhatIsNotSecretIsKept() {
        XCTAssertEqual(PostgreSQLURL.redact("postgresql://gif:pw@db.example:5432/gifs?sslmode=require&application_name=x&password=pw2&sslpassword=k"),
                       "postgresql://gif:***@db.example:5432/gifs?sslmode=require&application_name=x&password=***&sslpassword=***")
        XCTAssertEqual(PostgreSQLURL.redact("postgresql://u@h1:1,h2:2/db?pass%77ord=x&passfile=/p"),
                       "postgresql://u@h1:1,h2:2/db?pass%77ord=***&passfile=***")
        XCTAssertEqual(PostgreSQLURL.redact("postgres://only@host/db"), "postgres://only@host/db")
        XCTAssertEqual(PostgreSQLURL.redact("postgresql://host/db?connect_timeout=3"), "postgresql://host/db?connect_timeout=3")
        XCTAssertEqual(PostgreSQLURL.redact("postgresql://host/db?nokey"), "postgresql://host/db?***")
        XCTAssertEqual(PostgreSQLURL.redact("postgresql://host/db?typo=x"), "postgresql://host/db?typo=***")
    }

    /// libpq is the judge: every option it parses out of a URL and would not display (`*`), and
    /// the password file and client key, has a value that `redacted` does not contain.
    func testEveryValueLibpqHidesIsHidden() throws {
        var judged = 0
        for shape in Self.shapes {
            var error: UnsafeMutablePointer<CChar>?
            guard let options = PQconninfoParse(shape, &error) else {
                if let error { PQfreemem(error) }
                continue
            }
            defer { PQconninfoFree(options) }
            var option = options
            while let keyword = option.pointee.keyword {
                defer { option += 1 }
                let name = String(cString: keyword)
                let display = option.pointee.dispchar.map { String(cString: $0) } ?? ""
                guard let value = option.pointee.val.map({ String(cString: $0) }), !value.isEmpty,
                      display.contains("*") || ["passfile", "sslkey"].contains(name) else { continue }
                XCTAssertFalse(PostgreSQLURL.redact(shape).contains(value), "\(shape): \(name)")
                judged += 1
            }
        }
        XCTAssertGreaterThan(judged, 15, "libpq read secrets out of most shapes")
    }

    /// libpq's reason for refusing a URL may quote the URL or a part of it; ours never has a secret.
    func testAURLLibpqRefusesIsNamedWithoutItsSecrets() {
        for shape in ["postgresql://db:5432/gifs?password=%zzS3CRET", "postgresql://db:5432/gifs?passwordS3CRET&sslmode=require",
                      "postgresql://u:pa%zzS3CRET@db/gifs", "postgresql://db/gifs?password=%00S3CRET", "postgresql://db/gifs?bad=S3CRET"] {
            guard case .failure(let failure) = PostgreSQLURL.parse(shape) else {
                XCTFail("libpq refuses \(shape)")
                continue
            }
            XCTAssertFalse(failure.reason.contains("S3C"), "\(shape): \(failure.reason)")
            XCTAssertTrue(failure.reason.contains("libpq accepts ("), failure.reason)
        }
        guard case .failure(let failure) = PostgreSQLURL.parse("postgresql://db:5432/gifs?password=%zzS3CRET") else { return }
        XCTAssertTrue(failure.reason.contains("invalid percent-encoded token"), "libpq's reason is kept: \(failure.reason)")
    }

    func testDescriptionDebugDescriptionAndDumpAreRedacted() throws {
        let url = try PostgreSQLURL.parse("postgresql://gif:S3CRET@db/gifs?sslpassword=S3CRET").get()
        var dumped = ""
        dump(url, to: &dumped)
        for text in [String(describing: url), String(reflecting: url), "\(url)", dumped, String(describing: [url])] {
            XCTAssertFalse(text.contains("S3CRET"), text)
            XCTAssertTrue(text.contains("db/gifs"), text)
        }
    }

    /// A connection that fails (nothing listens) says why, with no secret of its URL.
    func testAConnectionFailureNamesNoSecret() throws {
        let port = try FreePort.loopback()
        let url = "postgresql://gif:S3CRET-user@127.0.0.1:\(port)/gifs?password=S3CRET&sslpassword=S3CRET-key&passfile=/S3CRET"
        XCTAssertThrowsError(try PGConnection(url: url)) { error in
            let text = String(describing: error)
            XCTAssertFalse(text.contains("S3CRET"), text)
            XCTAssertTrue(text.contains("127.0.0.1"), text)
        }
    }

    func testAMessageQuotingAnySecretFormIsScrubbed() {
        let url = "postgresql://u:S3CRET%21@db/gifs?password=%zzS3CRET&sslpassword=S%33CRET"
        let message = "libpq said \"\(url)\", then \"%zzS3CRET\", S3CRET!, S%33CRET and S3CRET"
        let scrubbed = PostgreSQLURL.scrub(message, secretsOf: url)
        XCTAssertFalse(scrubbed.contains("S3C"), scrubbed)
        XCTAssertTrue(scrubbed.contains("libpq said \"postgresql://u:***@db/gifs?password=***&sslpassword=***\""), scrubbed)
    }
}
