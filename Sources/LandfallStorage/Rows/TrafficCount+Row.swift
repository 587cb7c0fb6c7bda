import LandfallLinks
import SQLKit

extension TrafficCount {
    /// Reads a row of `day, platform, referrer_host, campaign, count` summed from `click_counts`.
    init(clicks row: any SQLRow) throws(StorageError) {
        let reader = RowReader(row: row, table: ClickCount.table)
        self.init(
            day: try reader.string("day"),
            type: .click,
            platform: try reader.platform("platform"),
            referrerHost: try reader.string("referrer_host"),
            campaign: try reader.string("campaign"),
            count: try reader.int("count")
        )
    }

    /// Reads a row of `day, type, platform, campaign, detail, count` counted from `events`.
    init(events row: any SQLRow) throws(StorageError) {
        let reader = RowReader(row: row, table: AppEvent.table)
        self.init(
            day: try reader.string("day"),
            type: try reader.eventType("type"),
            platform: try reader.platform("platform"),
            campaign: try reader.string("campaign"),
            detail: try reader.string("detail"),
            count: try reader.int("count")
        )
    }
}

extension TrafficCount {
    /// `counts` with those of the same day, type, platform, referrer host, campaign and detail
    /// added up into one (the short links' and long links' clicks of a day, say).
    static func merging(_ counts: [TrafficCount]) -> [TrafficCount] {
        var merged: [TrafficCount] = []
        var index: [TrafficCount: Int] = [:]
        for count in counts {
            var key = count
            key.count = 0
            if let position = index[key] {
                merged[position].count += count.count
            } else {
                index[key] = merged.count
                merged.append(count)
            }
        }
        return merged
    }
}
