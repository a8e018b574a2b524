import HTTPServer

/// The web app's files, by the name they are served under (`/app/<name>`). SwiftPM embeds every
/// file of `WebApp/Assets` as `PackageResources.<name with "." as "_">`; a test checks this table
/// lists each of them with the same bytes.
enum WebAppAssets {
    struct Asset {
        let contentType: String
        /// Its bytes, entity tag and gzip form (made once, when first asked for).
        let body: CompressibleBody

        init(contentType: String, bytes: [UInt8]) {
            self.contentType = contentType
            body = CompressibleBody(bytes, contentType: contentType)
        }
    }

    static let html = "text/html; charset=utf-8"
    static let css = "text/css; charset=utf-8"
    static let javaScript = "text/javascript; charset=utf-8"
    static let svg = "image/svg+xml"

    static let all: [String: Asset] = [
        "index.html": Asset(contentType: html, bytes: PackageResources.index_html),
        "style.css": Asset(contentType: css, bytes: PackageResources.style_css),
        "favicon.svg": Asset(contentType: svg, bytes: PackageResources.favicon_svg),
        "main.js": Asset(contentType: javaScript, bytes: PackageResources.main_js),
        "api.js": Asset(contentType: javaScript, bytes: PackageResources.api_js),
        "devices.js": Asset(contentType: javaScript, bytes: PackageResources.devices_js),
        "ui.js": Asset(contentType: javaScript, bytes: PackageResources.ui_js),
        "providers.js": Asset(contentType: javaScript, bytes: PackageResources.providers_js),
        "facts.js": Asset(contentType: javaScript, bytes: PackageResources.facts_js),
        "grid.js": Asset(contentType: javaScript, bytes: PackageResources.grid_js),
        "search.js": Asset(contentType: javaScript, bytes: PackageResources.search_js),
        "detail.js": Asset(contentType: javaScript, bytes: PackageResources.detail_js),
        "favorites.js": Asset(contentType: javaScript, bytes: PackageResources.favorites_js),
        "erase.js": Asset(contentType: javaScript, bytes: PackageResources.erase_js),
        "random.js": Asset(contentType: javaScript, bytes: PackageResources.random_js),
        "spotlight.js": Asset(contentType: javaScript, bytes: PackageResources.spotlight_js),
    ]

    static func named(_ name: String) -> Asset? { all[name] }
}
