import Service
import Model
import HTTPServer
import Primitives

/// Which install a request acts for: the install token of its `Authorization: Bearer` header
/// (RFC 6750), checked by the service. A header that is not a bearer install token is refused
/// with a detail saying what is wrong, never repeating what was sent.
enum InstallAccess {
    /// Far beyond "Bearer " and a token; anything longer is refused before it is looked at.
    static let maxHeaderBytes = 512

    /// For the routes that keep something per install (favorites, history, suggestions, decks):
    /// at once when no store is needed, else the wait for it.
    static func forKeeping(_ request: HTTPRequest, installs: Installs) throws(ServiceError) -> ReadyOrPending<InstallID> {
        try installs.forKeeping(presenting: try token(of: request))
    }

    /// For the shared routes (search, items, spotlight): nil when no install is asked for and the
    /// policy requires tokens. At once when no store is needed, else the wait for it.
    static func forBrowsing(_ request: HTTPRequest, installs: Installs) throws(ServiceError) -> ReadyOrPending<InstallID?> {
        try installs.acting(presenting: try token(of: request))
    }

    /// The token presented; nil without an Authorization header.
    static func token(of request: HTTPRequest) throws(ServiceError) -> InstallToken? {
        // One pass over the fields: the first Authorization header, refused when there is another.
        var found: String?
        for field in request.headers where HTTPHeaders.equalNames(field.name, "Authorization") {
            guard found == nil else {
                throw .installTokenInvalid("The request has more than one Authorization header; send one, \"Bearer <token>\".")
            }
            found = field.value
        }
        guard var value = found else { return nil }
        // A header's text is native, so its bytes are read in place (withUTF8 copies nothing), and
        // the token is read from them: no substring, no text made but the install id's.
        let (reading, token) = value.withUTF8 { bytes -> (BearerCredentials.Reading, InstallToken?) in
            let reading = BearerCredentials.read(bytes)
            guard case .credentials(let offsets) = reading else { return (reading, nil) }
            return (reading, InstallToken(bytes: UnsafeBufferPointer(rebasing: bytes[offsets])))
        }
        switch reading {
        case .tooLong(let count):
            throw .installTokenInvalid("The Authorization header is longer than any install token (\(count) bytes); "
                + "send \"Bearer <token>\" with the token POST /installs answered.")
        case .notASCII:
            throw .installTokenInvalid("The Authorization header holds characters other than ASCII; an install token is "
                + "ASCII letters, digits, '.', '-' and '_'.")
        case .notBearer:
            throw .installTokenInvalid("The Authorization header must be the scheme Bearer, a space and an install token "
                + "(\"Bearer <token>\"); it has another scheme or none.")
        case .credentials:
            guard let token else {
                throw .installTokenInvalid("The bearer token is not an install token: a token from POST /installs is "
                    + "\(InstallToken.length) characters, 32 hex digits, a dot and 43 base64url characters.")
            }
            return token
        }
    }
}
