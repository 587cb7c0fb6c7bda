import Foundation
import LandfallLinks
import SQLKit

extension Storage {
    /// A page of click counts with their links' hosts and slugs, in the order of the table's
    /// key (link, day, platform, referrer host), for exports that page through every count
    /// without holding them all: see ``ClickCountExport``.
    ///
    /// With a link, the page is read through the table's key; the day range alone reads the
    /// table in key order, skipping the days outside it.
    public func clickCountPage(_ query: ClickCountExport) async throws(StorageError) -> [ClickCountExport.Row] {
        try await reading("reading click counts to export") { database in
            var select = database.select()
                .column(SQLColumn("link_id", table: "c")).column(SQLColumn("day", table: "c"))
                .column(SQLColumn("platform", table: "c")).column(SQLColumn("referrer_host", table: "c"))
                .column(SQLColumn("count", table: "c"))
                .column(SQLColumn("host", table: "l")).column(SQLColumn("slug", table: "l"))
                .from(SQLAlias(SQLIdentifier(ClickCount.table), as: SQLIdentifier("c")))
                .join(SQLAlias(SQLIdentifier("links"), as: SQLIdentifier("l")), method: SQLJoinMethod.inner,
                      on: SQLColumn("id", table: "l"), .equal, SQLColumn("link_id", table: "c"))
            if let linkID = query.linkID { select = select.where(SQLColumn("link_id", table: "c"), .equal, SQLBind(linkID.rawValue)) }
            if let from = query.from { select = select.where(SQLColumn("day", table: "c"), .greaterThanOrEqual, SQLBind(from)) }
            if let to = query.to { select = select.where(SQLColumn("day", table: "c"), .lessThanOrEqual, SQLBind(to)) }
            if let after = query.after {
                select = select.where(SQLRaw("(c.link_id, c.day, c.platform, c.referrer_host)"), .greaterThan,
                                      SQLGroupExpression([SQLBind(after.linkID.rawValue), SQLBind(after.day),
                                                          SQLBind(after.platform.rawValue), SQLBind(after.referrerHost)]))
            }
            return try await select
                .orderBy(SQLColumn("link_id", table: "c")).orderBy(SQLColumn("day", table: "c"))
                .orderBy(SQLColumn("platform", table: "c")).orderBy(SQLColumn("referrer_host", table: "c"))
                .limit(min(max(query.limit, ClickCountExport.limits.lowerBound), ClickCountExport.limits.upperBound))
                .all()
                .map { row throws(StorageError) in
                    let reader = RowReader(row: row, table: ClickCount.table)
                    return ClickCountExport.Row(count: try ClickCount(row: row), host: try reader.string("host"), slug: try reader.string("slug"))
                }
        }
    }
}
