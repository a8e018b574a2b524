import Gateway
import DemoMedia
import Foundation
import Service
import Model
import HTTPServer

/// GET /metrics in the Prometheus text format (version 0.0.4).
enum MetricsRoutes {
    static func register(on router: inout RouterBuilder, backend: Backend, requests: RequestMetrics, media: DemoMediaLibrary? = nil,
                         backups: BackupMetrics? = nil) {
        router.get("/metrics") { _ in
            let favorites = try? await backend.favorites.totalCount()
            let installs = try? await backend.installs.count()
            var text = PrometheusText.render(requests: requests, upstream: backend.upstreamMetrics, favorites: favorites, installs: installs,
                                             budgetRemaining: backend.upstreamBudgetRemaining,
                                             bookkeepingFailures: backend.bookkeepingWriteFailures,
                                             bookkeepingMerged: backend.bookkeepingWritesMerged,
                                             pingbacks: backend.analytics.counts)
            text += PrometheusText.moderation(backend.moderation.metrics)
            if let media { text += PrometheusText.demoMedia(bytes: media.cachedBytes, pictures: media.cachedCount) }
            if let backups { text += PrometheusText.backups(backups.counts) }
            text += PrometheusText.links(backend.installs.linkCounts)
            text += PrometheusText.heap(inUse: ProcessHeap.inUseBytes, freeKept: ProcessHeap.freeKeptBytes)
            var response = HTTPResponse(status: .ok, contentType: "text/plain; version=0.0.4; charset=utf-8", body: Array(text.utf8))
            response.headers.set(name: "Cache-Control", value: CacheHeaders.never)
            return response
        }
    }
}

/// Writes the metrics as Prometheus exposition text.
enum PrometheusText {
    /// Upstream figures carry a `provider` label, one series per provider served.
    /// No label ever holds what a request sent (a token, a query): routes are templates.
    static func render(requests: RequestMetrics, upstream: [(provider: ProviderName, metrics: UpstreamMetrics)], favorites: Int?,
                       installs: Int? = nil,
                       budgetRemaining: [(provider: ProviderName, remaining: Int)],
                       bookkeepingFailures: [BookkeepingWrites.Write: Int] = [:], bookkeepingMerged: [BookkeepingWrites.Write: Int] = [:],
                       pingbacks: PingbackCounts = PingbackCounts()) -> String {
        var out = ""
        header(&out, "gif_bff_requests_total", "counter", "Requests answered, by route template and status.")
        for (key, count) in requests.requests.sorted(by: { ($0.key.route, $0.key.status) < ($1.key.route, $1.key.status) }) {
            out += "gif_bff_requests_total{route=\(quoted(key.route)),status=\"\(key.status)\"} \(count)\n"
        }
        header(&out, "gif_bff_request_duration_seconds", "histogram", "Time to answer a request, by route template.")
        for (route, histogram) in requests.durations.sorted(by: { $0.key < $1.key }) {
            var cumulative = 0
            for (bound, count) in zip(RequestMetrics.buckets, histogram.counts) {
                cumulative += count
                out += "gif_bff_request_duration_seconds_bucket{route=\(quoted(route)),le=\"\(bound)\"} \(cumulative)\n"
            }
            out += "gif_bff_request_duration_seconds_bucket{route=\(quoted(route)),le=\"+Inf\"} \(histogram.count)\n"
            out += "gif_bff_request_duration_seconds_sum{route=\(quoted(route))} \(histogram.sum)\n"
            out += "gif_bff_request_duration_seconds_count{route=\(quoted(route))} \(histogram.count)\n"
        }
        header(&out, "gif_bff_upstream_calls_total", "counter", "Calls made to the providers (GIPHY, Unsplash), by endpoint, outcome and provider.")
        for (provider, metrics) in upstream {
            for (key, count) in metrics.upstreamCalls.sorted(by: { ($0.key.endpoint, $0.key.outcome) < ($1.key.endpoint, $1.key.outcome) }) {
                out += "gif_bff_upstream_calls_total{endpoint=\(quoted(key.endpoint)),outcome=\(quoted(key.outcome)),provider=\"\(provider)\"} \(count)\n"
            }
        }
        header(&out, "gif_bff_upstream_held_off_total", "counter",
               "Calls not made because the provider failed twice in a row (or said to wait) and is held off for a while, by endpoint and provider.")
        for (provider, metrics) in upstream {
            for (endpoint, count) in metrics.heldOffCalls.sorted(by: { $0.key < $1.key }) {
                out += "gif_bff_upstream_held_off_total{endpoint=\(quoted(endpoint)),provider=\"\(provider)\"} \(count)\n"
            }
        }
        header(&out, "gif_bff_provider_passed_over_total", "counter",
               "Requests that named no provider which a provider could not answer (it failed, was held off, out of budget, or answered only from its stale store), so its chain asked the next, by provider.")
        for (provider, metrics) in upstream {
            out += "gif_bff_provider_passed_over_total{provider=\"\(provider)\"} \(metrics.passedOverRequests)\n"
        }
        header(&out, "gif_bff_upstream_share_spent_total", "counter",
               "Calls not made because the client asking (its install, or its address without a token) had caused its share of the provider's hourly budget, by endpoint and provider.")
        for (provider, metrics) in upstream {
            for (endpoint, count) in metrics.shareSpentCalls.sorted(by: { $0.key < $1.key }) {
                out += "gif_bff_upstream_share_spent_total{endpoint=\(quoted(endpoint)),provider=\"\(provider)\"} \(count)\n"
            }
        }
        header(&out, "gif_bff_cache_results_total", "counter", "Answers by where they came from: hit, miss or stale, by provider.")
        for (provider, metrics) in upstream {
            let cache = metrics.cacheResults
            for status in [CacheStatus.hit, .miss, .stale] {
                out += "gif_bff_cache_results_total{result=\"\(label(status))\",provider=\"\(provider)\"} \(cache[status] ?? 0)\n"
            }
        }
        header(&out, "gif_bff_bookkeeping_write_failures_total", "counter",
               "Writes made for later (history, cache, call log, spotlight) that failed and were dropped; the answers were still given.")
        for write in BookkeepingWrites.Write.allCases {
            out += "gif_bff_bookkeeping_write_failures_total{write=\"\(write.rawValue)\"} \(bookkeepingFailures[write] ?? 0)\n"
        }
        header(&out, "gif_bff_bookkeeping_writes_merged_total", "counter",
               "Writes made for later that replaced the same write still waiting (the same search made again), by kind.")
        for write in BookkeepingWrites.Write.allCases {
            out += "gif_bff_bookkeeping_writes_merged_total{write=\"\(write.rawValue)\"} \(bookkeepingMerged[write] ?? 0)\n"
        }
        header(&out, "gif_bff_pingbacks_total", "counter",
               "Analytics events by outcome: sent, failed (after one retry), dropped (queue full), disabled, no_links.")
        let outcomes = [("sent", pingbacks.sent), ("failed", pingbacks.failed), ("dropped", pingbacks.dropped),
                        ("disabled", pingbacks.disabled), ("no_links", pingbacks.noLinks)]
        for (outcome, count) in outcomes { out += "gif_bff_pingbacks_total{outcome=\"\(outcome)\"} \(count)\n" }
        metric(&out, "gif_bff_pingback_retries_total", "counter", "Pingbacks retried after a first failure.", pingbacks.retried)
        if let favorites {
            metric(&out, "gif_bff_favorites", "gauge", "Favorites stored, over every install.", favorites)
        }
        if let installs {
            metric(&out, "gif_bff_installs", "gauge", "Installs made with POST /installs (the local one not counted).", installs)
        }
        if !budgetRemaining.isEmpty {
            header(&out, "gif_bff_upstream_budget_remaining", "gauge", "Upstream calls left in the current hour, by provider.")
            for (provider, remaining) in budgetRemaining {
                out += "gif_bff_upstream_budget_remaining{provider=\"\(provider)\"} \(remaining)\n"
            }
        }
        return out
    }

    /// The operator's blocks and the people's reports (issue 47).
    static func moderation(_ counts: ModerationCounts) -> String {
        var out = ""
        metric(&out, "gif_bff_blocked_items", "gauge", "Items the operator blocked (PUT /admin/blocks/items/{id}).", counts.blockedItems)
        metric(&out, "gif_bff_blocked_terms", "gauge", "Search terms the operator blocked (PUT /admin/blocks/terms/{term}).", counts.blockedTerms)
        metric(&out, "gif_bff_block_changes_total", "counter", "Blocks added, replaced or removed through this instance.", counts.blockChanges)
        header(&out, "gif_bff_reports_total", "counter", "POST /items/{id}/reports by outcome: kept, repeated (nothing changed), refused (429).")
        out += "gif_bff_reports_total{outcome=\"kept\"} \(counts.reportsKept)\n"
        out += "gif_bff_reports_total{outcome=\"repeated\"} \(counts.reportsRepeated)\n"
        out += "gif_bff_reports_total{outcome=\"refused\"} \(counts.reportsRefused)\n"
        return out
    }

    /// The demo media cache's size, where a provider is served from its demo catalog.
    static func demoMedia(bytes: Int, pictures: Int) -> String {
        var out = ""
        metric(&out, "gif_bff_demo_media_cache_bytes", "gauge", "Bytes of demo pictures kept in memory (GIF_BFF_DEMO_MEDIA_CACHE_MB bounds it).", bytes)
        metric(&out, "gif_bff_demo_media_cache_pictures", "gauge", "Demo pictures kept in memory.", pictures)
        return out
    }

    /// The SQLite file's snapshots: written and failed, and the last one's size, time and moment.
    static func backups(_ counts: BackupMetrics.Counts) -> String {
        var out = ""
        header(&out, "gif_bff_backups_total", "counter", "Snapshots of the SQLite file into GIF_BFF_BACKUP_DIR, by outcome.")
        out += "gif_bff_backups_total{outcome=\"written\"} \(counts.written)\n"
        out += "gif_bff_backups_total{outcome=\"failed\"} \(counts.failed)\n"
        metric(&out, "gif_bff_backup_last_bytes", "gauge", "Size of the last snapshot written.", counts.lastBytes)
        metric(&out, "gif_bff_backup_last_duration_seconds", "gauge", "Time the last snapshot written took, synced and renamed.", counts.lastSeconds)
        metric(&out, "gif_bff_backup_last_written_timestamp_seconds", "gauge", "When the last snapshot was written (0: none yet).", counts.lastWrittenAt)
        return out
    }

    /// Linked devices: codes made, devices linked, redemptions refused by why, devices revoked.
    static func links(_ counts: LinkMetrics.Counts) -> String {
        var out = ""
        metric(&out, "gif_bff_link_codes_issued_total", "counter", "Link codes made (POST /installs/current/link-codes).", counts.codesIssued)
        header(&out, "gif_bff_link_attempts_total", "counter",
               "Link codes presented (POST /installs/link), by outcome: linked, invalid_code, rate_limited, devices_full.")
        let outcomes = [("linked", counts.linked), ("invalid_code", counts.invalidCode), ("rate_limited", counts.rateLimited),
                        ("devices_full", counts.devicesFull)]
        for (outcome, count) in outcomes { out += "gif_bff_link_attempts_total{outcome=\"\(outcome)\"} \(count)\n" }
        metric(&out, "gif_bff_devices_revoked_total", "counter", "Linked devices revoked (DELETE /installs/current/tokens/{id}).", counts.revoked)
        return out
    }

    /// The allocator's figures, to tell a growing heap from memory freed and kept (`ProcessHeap`).
    static func heap(inUse: Int, freeKept: Int) -> String {
        var out = ""
        metric(&out, "gif_bff_heap_in_use_bytes", "gauge", "Heap bytes allocated and not freed, as the allocator counts them.", inUse)
        metric(&out, "gif_bff_heap_free_kept_bytes", "gauge", "Heap bytes freed but kept by the allocator, not returned to the system.", freeKept)
        return out
    }

    private static func label(_ status: CacheStatus) -> String {
        switch status {
        case .hit: "hit"
        case .miss: "miss"
        case .stale: "stale"
        }
    }

    private static func header(_ out: inout String, _ name: String, _ type: String, _ help: String) {
        out += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n"
    }

    /// A metric of one value, with no labels: its header, then its line.
    private static func metric(_ out: inout String, _ name: String, _ type: String, _ help: String, _ value: some CustomStringConvertible) {
        header(&out, name, type, help)
        out += "\(name) \(value)\n"
    }

    /// A label value in quotes, with backslash, quote and newline escaped.
    private static func quoted(_ value: String) -> String {
        "\"" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n") + "\""
    }
}
