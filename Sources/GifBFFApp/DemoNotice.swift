import Model

/// The line printed at start-up for each provider served from its built-in demo catalog: that it
/// is, what to try, and which key to set for the real service.
enum DemoNotice {
    static func of(_ provider: ProviderName, address: String) -> String? {
        let (key, catalog, name, tryPath): (String, String, String, String)
        switch provider.rawValue {
        case "giphy": (key, catalog, name, tryPath) = ("GIPHY_API_KEY", "demo catalog", "GIPHY", "/search?q=cat")
        case "klipy": (key, catalog, name, tryPath) = ("KLIPY_API_KEY", "KLIPY demo catalog", "KLIPY", "/search?q=cat&provider=klipy")
        case "unsplash": (key, catalog, name, tryPath) = ("UNSPLASH_ACCESS_KEY", "photo demo catalog", "Unsplash", "/search?q=mountain&provider=unsplash")
        case "pexels": (key, catalog, name, tryPath) = ("PEXELS_API_KEY", "Pexels demo catalog", "Pexels", "/search?q=mountain&provider=pexels")
        default: return nil
        }
        return "gif-bff: no \(key) set, so serving the built-in \(catalog) (offline). Try \(address)\(tryPath) ; set \(key) to use \(name)."
    }
}
