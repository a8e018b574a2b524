import Model

extension AnalyticsPingbacks {
    /// Queues one analytics event per id (de-duplicated, in order) and returns at once: the
    /// pingbacks go out in the background, with the install's upstream identity. Returns how
    /// many ids were taken.
    @discardableResult
    package func record(_ action: AnalyticsAction, ids: [ItemID], install: InstallID?) -> Int {
        var seen = Set<String>()
        let unique = ids.map(\.rawValue).filter { seen.insert($0).inserted }
        record(action, ids: unique, install: install)
        return unique.count
    }
}
