import HTTPServer
import Service

/// The operator's side of the API (`/admin/...`), when `GIF_BFF_ADMIN_TOKEN` is set: every request
/// under it presents `Authorization: Bearer <admin token>`, checked before the route is looked up,
/// so a wrong or missing token gets the same 401 whether the route exists or not. Never CORS: a
/// browser page of any origin is neither answered a preflight nor let read an answer.
package struct AdminAccess: Sendable {
    let token: AdminToken
    /// Where each admin action is logged, with what it changed.
    let log: @Sendable (_ action: String, _ fields: [(String, String)]) -> Void

    package init(token: AdminToken, log: @escaping @Sendable (_ action: String, _ fields: [(String, String)]) -> Void) {
        self.token = token
        self.log = log
    }

    /// Whether `path` is the admin API's (`/admin` or under it).
    static func covers(_ path: String) -> Bool {
        path == "/admin" || path.hasPrefix("/admin/")
    }

    /// Nothing when the request presents the token; else the one 401 every refusal is.
    func check(_ request: HTTPRequest) throws(ProblemDetails) {
        var presented: String?
        for field in request.headers where HTTPHeaders.equalNames(field.name, "Authorization") {
            // Two headers: refused as a wrong token is, saying no more.
            guard presented == nil else { throw Self.refusal }
            presented = field.value
        }
        guard var value = presented, value.utf8.count <= InstallAccess.maxHeaderBytes else { throw Self.refusal }
        let opens = value.withUTF8 { bytes -> Bool in
            guard case .credentials(let offsets) = BearerCredentials.read(bytes) else { return false }
            return token.opens(String(decoding: UnsafeBufferPointer(rebasing: bytes[offsets]), as: UTF8.self))
        }
        guard opens else { throw Self.refusal }
    }

    /// The same for a missing token and a wrong one, on any path under /admin/.
    static let refusal = ProblemDetails(status: HTTPStatus(code: 401), code: "admin_token_invalid", title: "Admin token required",
                                        detail: "Send \"Authorization: Bearer <admin token>\".",
                                        headers: ["WWW-Authenticate": "Bearer"])
}
