import Foundation
import LandfallLinks
import LandfallWire
import SQLKit

extension PendingClaim {
    /// The table.
    static let table = "claims"

    /// Every column, in the order of ``rowValues``.
    static let columns = [
        "token", "url", "deep_link", "link_id", "data", "utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content",
        "created_at", "expires_at", "address_hash", "platform", "os_version", "language", "screen", "claimed_at", "match_kind",
    ]

    /// The claim's values, one per column of ``columns``.
    var rowValues: [any SQLExpression] {
        [
            SQLBind(token.rawValue), SQLBind(url), SQLBind(deepLink), ColumnValue.text(linkID?.rawValue), SQLBind(ShortLink.encode(data)),
            ColumnValue.text(campaign.source), ColumnValue.text(campaign.medium), ColumnValue.text(campaign.name),
            ColumnValue.text(campaign.term), ColumnValue.text(campaign.content),
            SQLBind(Milliseconds.from(createdAt)), SQLBind(Milliseconds.from(expiresAt)), SQLBind(addressHash),
            SQLBind(hints.platform.rawValue), ColumnValue.text(hints.osVersion), ColumnValue.text(hints.language),
            ColumnValue.text(hints.screen), ColumnValue.date(claimedAt), ColumnValue.text(match?.rawValue),
        ]
    }

    /// Reads a row of ``columns``.
    init(row: any SQLRow) throws(StorageError) {
        var reader = RowReader(row: row, table: Self.table)
        let token = try reader.parsed("token", as: "a claim token (lfc_ and 22 base64url characters)", ClaimToken.init(rawValue:))
        reader.key = token.rawValue
        let dataText = try reader.string("data")
        guard let data = ShortLink.decode(data: dataText) else {
            throw reader.corrupt("data", "holds '\(dataText.prefix(100))', which is not a JSON object of strings")
        }
        let match = try reader.optionalString("match_kind").map { text throws(StorageError) in
            guard let match = ClaimMatch(rawValue: text), match != .none else {
                throw reader.corrupt("match_kind", "holds '\(text.prefix(100))', which is not a claim's match (strong or weak)")
            }
            return match
        }
        self.init(
            token: token,
            url: try reader.string("url"),
            deepLink: try reader.string("deep_link"),
            linkID: try reader.optionalLinkID("link_id"),
            data: data,
            campaign: Campaign(
                source: try reader.optionalString("utm_source"), medium: try reader.optionalString("utm_medium"),
                name: try reader.optionalString("utm_campaign"), term: try reader.optionalString("utm_term"),
                content: try reader.optionalString("utm_content")
            ),
            createdAt: try reader.date("created_at"),
            expiresAt: try reader.date("expires_at"),
            addressHash: try reader.string("address_hash"),
            hints: DeviceHints(
                platform: try reader.platform("platform"),
                osVersion: try reader.optionalString("os_version"),
                language: try reader.optionalString("language"),
                screen: try reader.optionalString("screen")
            ),
            claimedAt: try reader.optionalDate("claimed_at"),
            match: match
        )
    }
}
