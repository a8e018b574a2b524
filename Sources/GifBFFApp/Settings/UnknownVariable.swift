/// An environment variable that looks like a setting (`GIF_BFF_*`, `GIPHY_*`, `UNSPLASH_*`, `KLIPY_*`, `PEXELS_*`) but
/// names none: a typo such as `GIF_BFF_INSTALL=required` would otherwise be ignored without a
/// word. Start-up warns about each, naming the known setting closest to it. Its value is never
/// read: it may be a secret typed under the wrong name.
struct UnknownVariable: Equatable, Sendable {
    let name: String
    /// The known variable with the fewest edits from `name` (the first listed on a tie).
    let closest: String

    static let prefixes = ["GIF_BFF_", "GIPHY_", "UNSPLASH_", "KLIPY_", "PEXELS_"]

    /// Names past this many bytes are compared by their start only, so an odd environment costs
    /// no more than a bounded table per known setting.
    static let comparedBytes = 128

    /// Every unknown variable of `environment`, sorted by name.
    static func all(in environment: [String: String], known: [String] = Setting.all.map(\.environment)) -> [UnknownVariable] {
        let knownNames = Set(known)
        return environment.keys
            .filter { name in prefixes.contains { name.hasPrefix($0) } && !knownNames.contains(name) }
            .sorted()
            .map { UnknownVariable(name: $0, closest: closest(to: $0, among: known)) }
    }

    static func closest(to name: String, among known: [String]) -> String {
        let typed = Array(name.utf8.prefix(comparedBytes))
        var best = (name: known.first ?? "", distance: Int.max)
        for candidate in known {
            let distance = editDistance(typed, Array(candidate.utf8.prefix(comparedBytes)))
            if distance < best.distance { best = (candidate, distance) }
        }
        return best.name
    }

    /// Levenshtein's distance: insertions, deletions and substitutions, one row at a time.
    static func editDistance(_ first: [UInt8], _ second: [UInt8]) -> Int {
        var previous = Array(0...second.count)
        var current = previous
        for (i, a) in first.enumerated() {
            current[0] = i + 1
            for (j, b) in second.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (a == b ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[second.count]
    }
}
