@testable import API
import HTTPServer
import Model
@testable import Service
import XCTest

/// How an `Authorization` header is read into an install token, value by value: which install a
/// well-formed one names, and the exact detail each malformed one is refused with (the header is
/// read byte by byte since issue 34; these answers are the ones the first reading gave).
final class InstallAccessTests: XCTestCase {
    private let install = String(repeating: "0123456789abcdef", count: 2)
    private var secret: String { "Abcdefghijklmnopqrstuvwxyz-_0123456789ABCDE" }
    private var token: String { install + "." + secret }

    private let moreThanOne = "The request has more than one Authorization header; send one, \"Bearer <token>\"."
    private let notASCII = "The Authorization header holds characters other than ASCII; an install token is "
        + "ASCII letters, digits, '.', '-' and '_'."
    private let notBearer = "The Authorization header must be the scheme Bearer, a space and an install token "
        + "(\"Bearer <token>\"); it has another scheme or none."
    private let notAToken = "The bearer token is not an install token: a token from POST /installs is "
        + "76 characters, 32 hex digits, a dot and 43 base64url characters."

    private func read(_ values: [String], name: String = "Authorization") -> Result<InstallID?, ServiceError> {
        readToken(values, name: name).map { $0?.install }
    }

    private func readToken(_ values: [String], name: String = "Authorization") -> Result<InstallToken?, ServiceError> {
        var headers = HTTPHeaders()
        headers.add(name: "Host", value: "localhost")
        for value in values { headers.add(name: name, value: value) }
        let request = HTTPRequest(method: .get, target: "/favorites", path: "/favorites", pathSegments: ["favorites"], headers: headers)
        do throws(ServiceError) {
            return .success(try InstallAccess.token(of: request))
        } catch {
            return .failure(error)
        }
    }

    private func assertRefused(_ values: [String], _ detail: String, file: StaticString = #filePath, line: UInt = #line) {
        switch read(values) {
        case .success(let install):
            XCTFail("\(values) was read as \(String(describing: install))", file: file, line: line)
        case .failure(let error):
            XCTAssertEqual(error.kind, .installTokenInvalid, "\(values)", file: file, line: line)
            XCTAssertEqual(error.detail, detail, "\(values)", file: file, line: line)
        }
    }

    func testABearerInstallTokenNamesItsInstall() throws {
        for value in ["Bearer \(token)", "bearer \(token)", "BEARER \(token)", "  Bearer \(token)", "Bearer   \(token)",
                      "Bearer \t\(token)\t ", "Bearer \(token)  "] {
            XCTAssertEqual(try read([value]).get()?.rawValue, install, value)
            // The secret is hashed from the header's own bytes as it is read: exactly the token's.
            XCTAssertEqual(try readToken([value]).get()?.opens(SHA256.hash(secret)), true, value)
        }
        XCTAssertNil(try read([]).get(), "no Authorization header: no token")
        XCTAssertEqual(try read(["Bearer \(token)"], name: "authorization").get()?.rawValue, install, "the name is case-insensitive")
    }

    func testEachMalformedHeaderIsRefusedWithItsDetail() {
        assertRefused(["Bearer \(token)", "Bearer \(token)"], moreThanOne)
        assertRefused(["Bearer \(token)", ""], moreThanOne)
        let long = "Bearer " + String(repeating: "x", count: 600)
        assertRefused([long], "The Authorization header is longer than any install token (607 bytes); "
            + "send \"Bearer <token>\" with the token POST /installs answered.")
        assertRefused(["Bearer " + String(repeating: "x", count: 505)], notAToken)  // 512 bytes: looked at
        assertRefused(["Bearer ü\(token)"], notASCII)
        assertRefused(["Bearer \u{7F}"], notAToken)
        for value in ["", " ", "   ", "Bearer", "Bearer ", " Bearer ", "Bearer\t\(token)", "Basic dXNlcjpwYXNz", token,
                      "Bearerx \(token)", "Beare \(token)", "\tBearer \(token)", "Bearer:\(token)"] {
            assertRefused([value], notBearer)
        }
        for value in ["Bearer  ", "Bearer \t", "Bearer abc.def", "Bearer \(token) x", "Bearer \(token)x",
                      "Bearer \(token.uppercased())", "Bearer \(install)x\(secret)", "Bearer \(install).\(secret.dropLast())=",
                      "Bearer local.\(secret)", "Bearer \(token.dropLast())", "Bearer \(token)\u{0}"] {
            assertRefused([value], notAToken)
        }
    }
}
