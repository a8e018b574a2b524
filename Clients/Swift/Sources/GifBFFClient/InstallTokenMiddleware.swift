import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Where the app keeps its install token (the Keychain, say): asked before every request, so a
/// token registered, replaced or forgotten takes effect on the next call without a new `GifBFF`.
/// nil (or an empty string): no token, and the server acts for its shared local install. Throw
/// when the token cannot be read (a locked Keychain): the request then fails with that error
/// instead of quietly reading or writing the local install's favorites.
public typealias InstallTokenProvider = @Sendable () async throws -> String?

/// Sends the app's install token as `Authorization: Bearer <token>`. The token is put on the
/// request here, inside the middleware chain: the generated client's errors describe the request
/// as it was before the middlewares, so a thrown `ClientError` never shows the token.
struct InstallTokenMiddleware: ClientMiddleware {
    let token: InstallTokenProvider

    func intercept(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
                   next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?))
        async throws -> (HTTPResponse, HTTPBody?) {
        // Registering and linking need no token (the server ignores one), and a provider that
        // registers or links when it has none may call `registerInstall()` or `linkDevice(code:)`
        // itself: asking it here would never end.
        guard operationID != Operations.RegisterInstall.id, operationID != Operations.LinkDevice.id else {
            return try await next(request, body, baseURL)
        }
        let current: String?
        do {
            current = try await token()
        } catch {
            throw InstallTokenUnavailable(underlying: error)
        }
        var request = request
        if let current, !current.isEmpty {
            request.headerFields[.authorization] = "Bearer \(current)"
        }
        return try await next(request, body, baseURL)
    }
}

/// The provider's own error, carried through the generated client's `ClientError` so `GifBFF`
/// can throw it as the app threw it.
struct InstallTokenUnavailable: Error {
    let underlying: any Error
}
