import Foundation
import LandfallLinks
import LandfallWebhooks
import SQLKit

extension Storage {
    /// Stores `events` in one transaction, each once per `AppEvent/id`: an id already stored,
    /// or repeated within `events`, is a duplicate and changes nothing (an app's offline queue
    /// may send an event again).
    ///
    /// - Returns: How many events were stored, and how many were duplicates.
    public func record(events: [AppEvent]) async throws(StorageError) -> (accepted: Int, duplicates: Int) {
        guard !events.isEmpty else { return (0, 0) }
        let accepted = try await writing("recording \(events.count) event(s)") { database, _ in
            let stored = try await database.insertSkippingTaken(into: AppEvent.table, columns: AppEvent.columns, key: "id", rows: events.map(\.rowValues))
            // Each open once: a replayed event (the same id) is not stored, and not reported again.
            var reported = Set<String>()
            let opens = events.filter { ($0.type == .open || $0.type == .firstOpen) && stored.contains($0.id) && reported.insert($0.id).inserted }
            try await self.enqueueWebhooks(opens.map(WebhookEvent.appOpened), in: database)
            return stored.count
        }
        return (accepted, events.count - accepted)
    }

    /// The counts the statistics are summed from, sorted by day, type, platform, referrer
    /// host, campaign and detail.
    ///
    /// - Clicks (`EventType/click`) come from the click counts, by day, platform and referrer
    ///   host, with their link's campaign (`utm_campaign`, `""` for none) and the detail `""`;
    ///   previews are clicks with the platform `crawler`.
    /// - For the site's statistics (no ``TrafficFilter/linkID``), the visits of Firebase Dynamic
    ///   Links long links are clicks too (``record(longLinkVisits:)``), with their own campaign,
    ///   added to the short links' counts of the same day, platform, referrer host and campaign.
    /// - Every other type comes from the stored events, by day, type, platform, campaign and
    ///   detail, with the referrer host `""`. Events of a deleted link still count, except
    ///   when the filter names that link.
    public func trafficCounts(_ filter: TrafficFilter) async throws(StorageError) -> [TrafficCount] {
        let longLinkConditions = Self.longLinkConditions(filter)
        return try await reading("counting traffic") { database in
            var clickConditions: [SQLQueryString] = ["1 = 1"]
            var eventConditions: [SQLQueryString] = ["type <> \(bind: EventType.click.rawValue)"]
            if let id = filter.linkID {
                clickConditions.append("c.link_id = \(bind: id.rawValue)")
                eventConditions.append("link_id = \(bind: id.rawValue)")
            }
            if let from = filter.from {
                clickConditions.append("c.day >= \(bind: from)")
                eventConditions.append("day >= \(bind: from)")
            }
            if let to = filter.to {
                clickConditions.append("c.day <= \(bind: to)")
                eventConditions.append("day <= \(bind: to)")
            }
            if let campaign = filter.campaign {
                clickConditions.append("COALESCE(l.utm_campaign, '') = \(bind: campaign)")
                eventConditions.append("campaign = \(bind: campaign)")
            }
            let clicks: SQLQueryString = """
                SELECT c.day AS day, c.platform AS platform, c.referrer_host AS referrer_host,
                    COALESCE(l.utm_campaign, '') AS campaign, CAST(SUM(c.count) AS BIGINT) AS count
                FROM click_counts c JOIN links l ON l.id = c.link_id
                WHERE \(clickConditions.joined(separator: " AND "))
                GROUP BY c.day, c.platform, c.referrer_host, COALESCE(l.utm_campaign, '')
                """
            let events: SQLQueryString = """
                SELECT day, type, platform, campaign, detail, COUNT(*) AS count
                FROM events
                WHERE \(eventConditions.joined(separator: " AND "))
                GROUP BY day, type, platform, campaign, detail
                """
            var counts = try await database.raw(clicks).all().map { row throws(StorageError) in try TrafficCount(clicks: row) }
            if let conditions = longLinkConditions {
                let longLinks = try await database.raw("""
                    SELECT day, platform, referrer_host, campaign, CAST(SUM(count) AS BIGINT) AS count
                    FROM long_link_counts
                    WHERE \(conditions.joined(separator: " AND "))
                    GROUP BY day, platform, referrer_host, campaign
                    """).all().map { row throws(StorageError) in try TrafficCount(clicks: row) }
                counts = TrafficCount.merging(counts + longLinks)
            }
            counts += try await database.raw(events).all().map { row throws(StorageError) in try TrafficCount(events: row) }
            return counts.sorted {
                ($0.day, $0.type.rawValue, $0.platform.rawValue, $0.referrerHost, $0.campaign, $0.detail)
                    < ($1.day, $1.type.rawValue, $1.platform.rawValue, $1.referrerHost, $1.campaign, $1.detail)
            }
        }
    }

    /// Every stored event, oldest first (tests).
    func storedEvents() async throws(StorageError) -> [AppEvent] {
        try await reading("reading events") { database in
            try await database.select().columns(AppEvent.columns).from(AppEvent.table)
                .orderBy("occurred_at").orderBy("id")
                .all()
                .map { row throws(StorageError) in try AppEvent(row: row) }
        }
    }
}
