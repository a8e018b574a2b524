import Model
@testable import Service
import XCTest

/// What install ids and tokens stand on: SHA-256 from libcrypto, random bytes from the system.
final class InstallSecretsTests: XCTestCase {
    private func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    /// FIPS 180-4's examples, the empty message, and a message of several blocks.
    func testSHA256GivesTheStandardsDigests() {
        XCTAssertEqual(hex(SHA256.hash("abc")), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(hex(SHA256.hash("")), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(hex(SHA256.hash("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")),
                       "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        XCTAssertEqual(hex(SHA256.hash([UInt8](repeating: 0x61, count: 1_000_000))),
                       "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        XCTAssertEqual(SHA256.hash("token-secret"), SHA256.hash(Array("token-secret".utf8)), "text and bytes agree")
    }

    /// The digest written in place (as a token's secret is checked): of a slice's own bytes, not
    /// of the text around it, equal to the standard's.
    func testSHA256IntoABufferHashesTheSliceItIsGiven() {
        let text = "xxabcyy"
        let slice = text.dropFirst(2).dropLast(2)
        let digest = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: SHA256.digestBytes) { buffer in
            SHA256.hash(slice, into: buffer)
            return Array(buffer)
        }
        XCTAssertEqual(hex(digest), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(SHA256.hash(slice), SHA256.hash("abc"))
    }

    /// A token opens the hash of its own secret only, whatever its install id says.
    func testATokenOpensTheHashOfItsSecretOnly() throws {
        let issued = InstallToken.issue()
        let token = try XCTUnwrap(InstallToken(Substring(issued.token)))
        XCTAssertTrue(token.opens(issued.secretHash))
        let secret = issued.token.split(separator: ".")[1]
        XCTAssertTrue(token.opens(SHA256.hash(secret)))
        var other = issued.secretHash
        other[31] ^= 1
        XCTAssertFalse(token.opens(other), "one bit off")
        XCTAssertFalse(token.opens(Array(issued.secretHash.prefix(31))), "a shorter hash")
        XCTAssertFalse(token.opens([]), "no hash")
        XCTAssertFalse(token.opens(SHA256.hash(issued.token)), "the hash of the whole token, not its secret")
        let another = try XCTUnwrap(InstallToken(Substring(issued.install.rawValue + "." + String(repeating: "A", count: 43))))
        XCTAssertFalse(another.opens(issued.secretHash), "another secret for the same install")
    }

    /// A kept hash matches its own digest only: one bit off in any of the 32 bytes is refused (every
    /// word is compared), and stored bytes of another length are no hash.
    func testAKeptHashMatchesOnlyItsOwnDigestInEveryByte() throws {
        let digest = SHA256.hash("secret")
        let kept = try XCTUnwrap(TokenHash(digest))
        XCTAssertTrue(kept.matches(try XCTUnwrap(TokenHash(digest))))
        for index in digest.indices {
            var other = digest
            other[index] ^= 0x80
            XCTAssertFalse(kept.matches(try XCTUnwrap(TokenHash(other))), "byte \(index) differs")
        }
        let secret = Array("secret".utf8)
        XCTAssertTrue(kept.matches(secret.withUnsafeBytes(TokenHash.init(of:))), "the digest taken in place")
        XCTAssertNil(TokenHash(Array(digest.prefix(31))))
        XCTAssertNil(TokenHash(digest + [0]))
        XCTAssertNil(TokenHash([]))
    }

    func testInstallIDsAndTokensAreFreshEachTime() {
        let issued = (0..<200).map { _ in InstallToken.issue() }
        XCTAssertEqual(Set(issued.map(\.install.rawValue)).count, 200)
        XCTAssertEqual(Set(issued.map(\.token)).count, 200)
        for one in issued.prefix(5) {
            XCTAssertTrue(InstallID.isIssued(Array(one.install.rawValue.utf8)), one.install.rawValue)
            XCTAssertEqual(one.secretHash.count, SHA256.digestBytes)
        }
        XCTAssertEqual(SecureRandom.bytes(0), [])
        XCTAssertEqual(SecureRandom.bytes(32).count, 32)
    }
}
