import Foundation
import HTTPServer
import JSON
import Model
import Service

/// Linked devices: POST /installs/current/link-codes (a one-time code, shown once), POST
/// /installs/link (a second device's own token for the code's install), GET
/// /installs/current/tokens (the install's devices, no secret) and DELETE
/// /installs/current/tokens/{id} (one revoked).
enum DeviceRoutes {
    struct IssuedCode: JSONWritable {
        let issued: IssuedLinkCode

        func write(to writer: inout JSONWriter) {
            writer.object { writer in
                writer.member("code", issued.code.text)
                writer.member("expires_at", ISO8601.string(from: issued.expiresAt))
                writer.member("expires_in", Int(LinkCode.lifetime))
            }
        }
    }

    struct Linked: JSONWritable {
        let linked: LinkedDevice

        func write(to writer: inout JSONWriter) {
            writer.object { writer in
                writer.member("created_at", ISO8601.string(from: linked.createdAt))
                writer.member("device_id", linked.device)
                writer.member("install_id", linked.install.rawValue)
                writer.member("token", linked.token)
            }
        }
    }

    struct Devices: JSONWritable {
        let devices: [DeviceListing]

        func write(to writer: inout JSONWriter) {
            writer.object { writer in
                writer.key("data")
                writer.array(devices) { writer, device in
                    writer.object { writer in
                        writer.member("created_at", ISO8601.string(from: device.createdAt))
                        if device.isCurrent { writer.key("current"); writer.bool(true) }
                        writer.member("id", device.id)
                    }
                }
            }
        }
    }

    static func register(on router: inout RouterBuilder, installs: Installs, proxies: TrustedProxies) {
        router.serveWaiting(.post, "/installs/current/link-codes") { request in
            let issued = try await installs.linkCode(presenting: try InstallAccess.token(of: request))
            return secret(JSONResponse.write(IssuedCode(issued: issued), status: .created, sizeHint: 128))
        }
        router.serveWaiting(.post, "/installs/link") { request in
            // Any Authorization header is ignored: the code is the credential.
            let code = try JSONBody.stringField("code", of: request)
            let linked = try await installs.link(code: code, client: ClientAddress.installClient(of: request, trusting: proxies))
            return secret(JSONResponse.write(Linked(linked: linked), status: .created, sizeHint: 200))
        }
        router.serveWaiting(.get, "/installs/current/tokens") { request in
            let devices = try await installs.devices(presenting: try InstallAccess.token(of: request))
            return secret(JSONResponse.write(Devices(devices: devices), sizeHint: 64 + devices.count * 80))
        }
        router.serveWaiting(.delete, "/installs/current/tokens/{id}") { request in
            try await installs.revokeDevice(request.pathParameters["id"] ?? "", presenting: try InstallAccess.token(of: request))
            return HTTPResponse(status: .noContent)
        }
    }

    /// A code or a token is shown once: no cache may keep it.
    private static func secret(_ response: HTTPResponse) -> HTTPResponse {
        var response = response
        response.headers.set(name: "Cache-Control", value: CacheHeaders.never)
        return response
    }
}
