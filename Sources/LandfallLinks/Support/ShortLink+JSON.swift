import LandfallJSON
import Foundation

extension ShortLink {
    /// The link as the API returns it (the `Link` schema of `openapi/landfall.yaml`).
    public var json: JSONValue {
        .object([
            ("id", .string(id.rawValue)),
            ("url", .string(url)),
            ("host", .string(host)),
            ("slug", .string(slug)),
            ("target", .string(target)),
            ("overrides", .object([("ios", .optional(overrides.ios)), ("android", .optional(overrides.android)),
                                   ("desktop", .optional(overrides.desktop))])),
            ("preview", .object([("title", .optional(preview.title)), ("description", .optional(preview.description)),
                                 ("imageURL", .optional(preview.imageURL))])),
            ("campaign", campaign.json),
            ("data", .sortedStrings(data)),
            ("expiresAt", .optional(expiresAt.map(APITime.string))),
            ("maxClicks", maxClicks.map { .integer($0) } ?? .null),
            ("disabled", .bool(isDisabled)),
            ("createdAt", .string(APITime.string(createdAt))),
            ("updatedAt", .string(APITime.string(updatedAt))),
            ("clicks", .integer(clickCount)),
            ("card", .optional(card)),
        ])
    }

    /// The short link itself: `https://<host>/<slug>`.
    public var url: String { "https://\(host)/\(slug)" }
}
