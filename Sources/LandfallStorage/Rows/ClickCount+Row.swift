import LandfallLinks
import SQLKit

extension ClickCount {
    /// The table.
    static let table = "click_counts"

    /// Reads a row of `link_id, day, platform, referrer_host, count`.
    init(row: any SQLRow) throws(StorageError) {
        var reader = RowReader(row: row, table: Self.table)
        let id = try reader.parsed("link_id", as: "a link id (a UUID)", LinkID.init)
        reader.key = id.rawValue
        let names = ClickPlatform.allCases.map(\.rawValue).joined(separator: ", ")
        self.init(
            key: ClickKey(
                linkID: id,
                day: try reader.string("day"),
                platform: try reader.parsed("platform", as: "a platform (\(names))", ClickPlatform.init(rawValue:)),
                referrerHost: try reader.string("referrer_host")
            ),
            count: try reader.int("count")
        )
    }
}
