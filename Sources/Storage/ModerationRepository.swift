import Foundation
import Service
import Model

/// The `blocked_item`, `blocked_term` and `report` tables, as Service's `ModerationStore`. A
/// block's change is announced to every instance (PostgreSQL's NOTIFY), which then reads the
/// blocks again. A report is the install's (deleted with it): one row per install and item, so a
/// repeat inserts nothing.
protocol ModerationRepository: Repository, ModerationStore {}

extension ModerationRepository {
    func blocks() async throws -> [BlockRecord] {
        try await database.storeRead { connection in
            let items = try connection.query("SELECT item_id, reason, blocked_at FROM blocked_item").map { row in
                BlockRecord(kind: .item, key: try row.text(at: 0), reason: try row.text(at: 1), blockedAt: try row.date(at: 2))
            }
            let terms = try connection.query("SELECT term, reason, blocked_at FROM blocked_term").map { row in
                BlockRecord(kind: .term, key: try row.text(at: 0), reason: try row.text(at: 1), blockedAt: try row.date(at: 2))
            }
            return items + terms
        }
    }

    func block(_ record: BlockRecord) async throws {
        try await database.storeWrite { connection in
            switch record.kind {
            case .item:
                try connection.execute("""
                    INSERT INTO blocked_item (item_id, reason, blocked_at) VALUES (\(record.key), \(record.reason), \(record.blockedAt))
                    ON CONFLICT (item_id) DO UPDATE SET reason = excluded.reason
                    """)
            case .term:
                try connection.execute("""
                    INSERT INTO blocked_term (term, reason, blocked_at) VALUES (\(record.key), \(record.reason), \(record.blockedAt))
                    ON CONFLICT (term) DO UPDATE SET reason = excluded.reason
                    """)
            }
            try connection.announceBlocksChanged()
        }
    }

    func unblock(_ kind: BlockKind, key: String) async throws -> Bool {
        try await database.storeWrite { connection in
            let removed = switch kind {
            case .item: try connection.execute("DELETE FROM blocked_item WHERE item_id = \(key)")
            case .term: try connection.execute("DELETE FROM blocked_term WHERE term = \(key)")
            }
            if removed > 0 { try connection.announceBlocksChanged() }
            return removed > 0
        }
    }

    /// Nothing for an install that does not exist (deleted meanwhile).
    func report(item: String, install: InstallID, reason: String, at date: Date) async throws -> Bool {
        try await database.storeWrite { connection in
            guard try connection.lockInstall(install) else { return false }
            return try connection.execute("""
                INSERT INTO report (item_id, install_id, reason, reported_at) VALUES (\(item), \(install.rawValue), \(reason), \(date))
                ON CONFLICT (item_id, install_id) DO NOTHING
                """) > 0
        }
    }

    func reports(limit: Int) async throws -> [ReportedItem] {
        let rows = try await database.storeRead { connection in
            try connection.query("""
                SELECT report.item_id, report.reason, count(*), max(report.reported_at) FROM report
                JOIN (SELECT item_id FROM report GROUP BY item_id ORDER BY count(*) DESC, max(reported_at) DESC LIMIT \(max(limit, 0))) AS top
                    ON top.item_id = report.item_id
                GROUP BY report.item_id, report.reason
                """).map { row in (item: try row.text(at: 0), reason: try row.text(at: 1), count: try row.int(at: 2), last: try row.date(at: 3)) }
        }
        var items: [String: ReportedItem] = [:]
        for row in rows {
            let known = items[row.item]
            var reasons = known?.reasons ?? [:]
            reasons[row.reason] = row.count
            items[row.item] = ReportedItem(itemID: row.item, count: (known?.count ?? 0) + row.count, reasons: reasons,
                                           lastReportedAt: max(known?.lastReportedAt ?? row.last, row.last))
        }
        return items.values.sorted { ($0.count, $0.lastReportedAt, $0.itemID) > ($1.count, $1.lastReportedAt, $1.itemID) }
    }

    func observeBlockChanges(_ heard: @escaping @Sendable () -> Void) {
        database.observeBlockChanges(heard)
    }
}
