import API
import Foundation
import Model

/// Each kind's chain of providers: the ones a request that names no provider is served by, the
/// first that can answer doing so (`ProviderChain`). `auto` (nil): the providers of that kind
/// with a key, in the order giphy, klipy (unsplash, pexels); with no key, the first's demo.
extension Setting {
    static let gifProviders = Setting("GIF_BFF_GIF_PROVIDERS", "--gif-providers", \.gifProviders, .providerNames,
        "GIF providers of requests naming none, in order, comma-separated (giphy,klipy): the first that can answer does; auto: those with a key")

    static let photoProviders = Setting("GIF_BFF_PHOTO_PROVIDERS", "--photo-providers", \.photoProviders, .providerNames,
        "photo providers of requests naming none (kind=photos), in order, comma-separated (unsplash,pexels); auto: those with a key")
}

extension SettingReader where Value == [ProviderName]? {
    /// `auto` (nil), or one to eight provider names, comma-separated, none twice; which are served,
    /// and of which kind, is checked once the providers are made.
    static let providerNames = Self(read: { text throws(SettingValueError) in
        if text.lowercased() == "auto" { return nil }
        let expected = "auto, or provider names separated by commas (giphy,klipy)"
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard (1...8).contains(parts.count) else { throw SettingValueError(expected: expected) }
        var names: [ProviderName] = []
        for part in parts {
            guard let name = ProviderName(part), !names.contains(name) else { throw SettingValueError(expected: expected) }
            names.append(name)
        }
        return names
    }, write: { $0.map { $0.map(\.rawValue).joined(separator: ",") } ?? "auto" })
}
