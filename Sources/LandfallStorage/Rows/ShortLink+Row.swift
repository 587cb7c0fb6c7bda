import Foundation
import LandfallLinks
import LandfallWire
import SQLKit

extension ShortLink {
    /// The table.
    static let table = "links"

    /// Every column, in the order of ``rowValues``.
    static let columns = [
        "id", "host", "slug", "target", "ios_url", "android_url", "desktop_url", "preview_title", "preview_description",
        "preview_image_url", "utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content", "data", "expires_at",
        "max_clicks", "disabled", "created_at", "updated_at", "click_count", "card",
    ]

    /// ``columns`` as a select list (`"id", "host", …`), built once.
    static let selectList = columns.map { "\"\($0)\"" }.joined(separator: ", ")

    /// The columns ``Storage/update(_:)`` writes: all but the id, the creation time and the
    /// click count (which only ``Storage/record(_:)`` changes).
    static let updatedColumns = Set(columns).subtracting(["id", "created_at", "click_count"])

    /// The link's values, one per column of ``columns``; the host lowercased.
    var rowValues: [any SQLExpression] {
        func text(_ value: String?) -> any SQLExpression { value.map { SQLBind($0) } ?? SQLLiteral.null }
        func number(_ value: Int?) -> any SQLExpression { value.map { SQLBind($0) } ?? SQLLiteral.null }
        return [
            SQLBind(id.rawValue), SQLBind(host.lowercased()), SQLBind(slug), SQLBind(target),
            text(overrides.ios), text(overrides.android), text(overrides.desktop),
            text(preview.title), text(preview.description), text(preview.imageURL),
            text(campaign.source), text(campaign.medium), text(campaign.name), text(campaign.term), text(campaign.content),
            SQLBind(Self.encode(data)), number(expiresAt.map(Milliseconds.from)), number(maxClicks), SQLBind(isDisabled),
            SQLBind(Milliseconds.from(createdAt)), SQLBind(Milliseconds.from(updatedAt)), SQLBind(clickCount),
            text(card),
        ]
    }

    /// Reads a row of ``columns``.
    init(row: any SQLRow) throws(StorageError) {
        try self.init(columns: RowReader(row: row, table: Self.table))
    }

    /// Reads a row of ``columns`` through `reader` (an SQLKit row, or the one-link statement
    /// ``SQLiteLinkReader`` keeps prepared).
    init(columns reader: some ColumnReading) throws(StorageError) {
        var reader = reader
        let id = try reader.parsed("id", as: "a link id (a UUID)", LinkID.init)
        reader.key = id.rawValue
        let dataText = try reader.string("data")
        guard let data = Self.decode(data: dataText) else {
            throw reader.corrupt("data", "holds '\(dataText.prefix(100))', which is not a JSON object of strings")
        }
        let clickCount = try reader.int("click_count")
        self.init(
            id: id,
            host: try reader.string("host"),
            slug: try reader.string("slug"),
            target: try reader.string("target"),
            overrides: PlatformOverrides(
                ios: try reader.optionalString("ios_url"), android: try reader.optionalString("android_url"),
                desktop: try reader.optionalString("desktop_url")
            ),
            preview: SocialPreview(
                title: try reader.optionalString("preview_title"), description: try reader.optionalString("preview_description"),
                imageURL: try reader.optionalString("preview_image_url")
            ),
            campaign: Campaign(
                source: try reader.optionalString("utm_source"), medium: try reader.optionalString("utm_medium"),
                name: try reader.optionalString("utm_campaign"), term: try reader.optionalString("utm_term"),
                content: try reader.optionalString("utm_content")
            ),
            data: data,
            expiresAt: try reader.optionalDate("expires_at"),
            maxClicks: try reader.optionalInt("max_clicks"),
            isDisabled: try reader.bool("disabled"),
            createdAt: try reader.date("created_at"),
            updatedAt: try reader.date("updated_at"),
            clickCount: clickCount,
            card: try reader.optionalString("card")
        )
    }

    /// `data` as JSON text, keys sorted.
    static func encode(_ data: [String: String]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(data)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// The JSON text `text` as a dictionary, or `nil` when it is not a JSON object of strings.
    static func decode(data text: String) -> [String: String]? {
        // Most links have no data: no decoder for them (this runs on every look-up).
        if text == "{}" { return [:] }
        return try? JSONDecoder().decode([String: String].self, from: Data(text.utf8))
    }
}
