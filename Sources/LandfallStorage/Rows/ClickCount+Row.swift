import LandfallLinks
import SQLKit

extension ClickCount {
    /// The table.
    static let table = "click_counts"

    /// Reads a row of `link_id, day, platform, referrer_host, count`.
    init(row: any SQLRow) throws(StorageError) {
        var reader = RowReader(row: row, table: Self.table)
        self.init(key: try ClickKey(reading: &reader), count: try reader.int("count"))
    }
}

extension ClickKey {
    /// Reads the columns `link_id, day, platform, referrer_host` (of `click_counts` or
    /// `click_journal`); a row not otherwise named in messages is named by its link.
    init(reading reader: inout RowReader) throws(StorageError) {
        let id = try reader.parsed("link_id", as: "a link id (a UUID)", LinkID.init)
        if reader.key == nil { reader.key = id.rawValue }
        let names = ClickPlatform.allCases.map(\.rawValue).joined(separator: ", ")
        self.init(
            linkID: id,
            day: try reader.string("day"),
            platform: try reader.parsed("platform", as: "a platform (\(names))", ClickPlatform.init(rawValue:)),
            referrerHost: try reader.string("referrer_host")
        )
    }
}
