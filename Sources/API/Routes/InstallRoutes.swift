import JSON
import Foundation
import Service
import Model
import HTTPServer

/// POST /installs (a new install: its id and its token, shown once) and DELETE /installs/current
/// (the install the token opens, and everything kept for it).
enum InstallRoutes {
    struct Created: JSONWritable {
        let install: NewInstall

        func write(to writer: inout JSONWriter) {
            writer.object { writer in
                writer.member("created_at", ISO8601.string(from: install.createdAt))
                writer.member("install_id", install.install.rawValue)
                writer.member("token", install.token)
            }
        }
    }

    static func register(on router: inout RouterBuilder, installs: Installs, proxies: TrustedProxies) {
        router.serveWaiting(.post, "/installs") { request in
            // Any Authorization header is ignored: making an install needs none.
            let install = try await installs.register(client: ClientAddress.installClient(of: request, trusting: proxies))
            var response = JSONResponse.write(Created(install: install), status: .created, sizeHint: 160)
            // The token is shown once: no cache may keep it.
            response.headers.set(name: "Cache-Control", value: CacheHeaders.never)
            return response
        }
        router.serveWaiting(.delete, "/installs/current") { request in
            try await installs.delete(presenting: try InstallAccess.token(of: request))
            return HTTPResponse(status: .noContent)
        }
    }
}
