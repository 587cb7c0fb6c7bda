import Foundation
import LandfallLinks
import SQLKit

extension AppEvent {
    /// The table.
    static let table = "events"

    /// Every column, in the order of ``rowValues``.
    static let columns = ["id", "type", "occurred_at", "day", "platform", "link_id", "url", "campaign", "detail"]

    /// The event's values, one per column of ``columns``: its UTC day beside the time, and
    /// `""` for a missing campaign or detail (so that they group together).
    var rowValues: [any SQLExpression] {
        [
            SQLBind(id), SQLBind(type.rawValue), SQLBind(Milliseconds.from(occurredAt)), SQLBind(UTCDay.text(of: occurredAt)),
            SQLBind(platform.rawValue), ColumnValue.text(linkID?.rawValue), ColumnValue.text(url), SQLBind(campaign ?? ""),
            SQLBind(detail ?? ""),
        ]
    }

    /// Reads a row of ``columns``; an empty campaign or detail reads as `nil`.
    init(row: any SQLRow) throws(StorageError) {
        var reader = RowReader(row: row, table: Self.table)
        let id = try reader.string("id")
        reader.key = id
        let campaign = try reader.string("campaign")
        let detail = try reader.string("detail")
        self.init(
            id: id,
            type: try reader.eventType("type"),
            occurredAt: try reader.date("occurred_at"),
            platform: try reader.platform("platform"),
            linkID: try reader.optionalLinkID("link_id"),
            url: try reader.optionalString("url"),
            campaign: campaign.isEmpty ? nil : campaign,
            detail: detail.isEmpty ? nil : detail
        )
    }
}
