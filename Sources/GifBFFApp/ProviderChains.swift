import Model

/// Each kind's chain, as the settings name it or as the keys present make it, and the kind of
/// requests that name neither a provider nor a kind. A demo catalog is never a fallback for a
/// provider that has a key: in a chain with one, the demo providers are left out (and logged).
struct ProviderChains: Equatable {
    var chains: [ItemKind: [ProviderName]] = [:]
    var defaultKind: ItemKind = .gifs
    /// Named by a chain's setting but left out: a demo among providers with keys.
    var leftOut: [ProviderName] = []

    /// A provider as the chains see it: its name, its kind, and whether it serves its demo catalog.
    struct Candidate: Equatable {
        let name: ProviderName
        let kind: ItemKind
        let isDemo: Bool
    }

    /// `sources` in the order of preference for `auto` (giphy, klipy, unsplash, pexels).
    init(_ configuration: Configuration, sources: [Candidate]) throws(ConfigurationError) {
        let served = sources.map(\.name.rawValue).joined(separator: ", ")
        guard let defaultSource = sources.first(where: { $0.name == configuration.defaultProvider }) else {
            throw .invalidValue(setting: Setting.defaultProvider.label, value: "\"\(configuration.defaultProvider)\"",
                                expected: "a provider served: \(served)")
        }
        defaultKind = defaultSource.kind
        for kind in ItemKind.allCases {
            let setting = kind == .gifs ? Setting.gifProviders : Setting.photoProviders
            let ofKind = sources.filter { $0.kind == kind }
            guard let named = kind == .gifs ? configuration.gifProviders : configuration.photoProviders else {
                // auto: those with a key, the default provider first when it has one; with none, the first's demo.
                var keyed = ofKind.filter { !$0.isDemo }
                if kind == defaultKind, !defaultSource.isDemo, let at = keyed.firstIndex(where: { $0.name == defaultSource.name }) {
                    keyed.insert(keyed.remove(at: at), at: 0)
                }
                let members = keyed.isEmpty ? Array((kind == defaultKind ? [defaultSource] : ofKind).prefix(1)) : keyed
                if !members.isEmpty { chains[kind] = members.map(\.name) }
                continue
            }
            var members: [Candidate] = []
            for name in named {
                guard let source = ofKind.first(where: { $0.name == name }) else {
                    let expected = ofKind.map(\.name.rawValue).joined(separator: ", ")
                    throw .invalidValue(setting: setting.label, value: "\"\(name)\"",
                                        expected: "\(kind.rawValue) providers served here: \(expected.isEmpty ? "none" : expected)")
                }
                members.append(source)
            }
            if members.contains(where: { !$0.isDemo }) {
                leftOut += members.filter(\.isDemo).map(\.name)
                members.removeAll(where: \.isDemo)
            }
            chains[kind] = members.map(\.name)
        }
    }
}
