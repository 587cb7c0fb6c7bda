import AppSiteAssociation
import LandfallJSON

extension LinkDraft {
    /// The draft as a request body that ``init(json:)`` reads back to the same draft: fields in
    /// the documented order, unset ones left out, `data` keys sorted, `expiresAt` in UTC.
    ///
    /// ```swift
    /// JSONWriter.compact.string(for: LinkDraft(target: "https://example.com/", maxClicks: 5).jsonValue)
    /// // {"target":"https://example.com/","maxClicks":5}
    /// ```
    public var jsonValue: JSONValue {
        var members: [(String, JSONValue)] = [("target", .string(target))]
        if let slug { members.append(("slug", .string(slug))) }
        if let host { members.append(("host", .string(host))) }
        let overrides = Self.object(["ios": overrides.ios, "android": overrides.android, "desktop": overrides.desktop],
                                    order: LinkPatch.overrideFields)
        if !overrides.isEmpty { members.append(("overrides", .object(overrides))) }
        let preview = Self.object(["title": preview.title, "description": preview.description, "imageURL": preview.imageURL],
                                  order: LinkPatch.previewFields)
        if !preview.isEmpty { members.append(("preview", .object(preview))) }
        let campaign = Self.object(["source": campaign.source, "medium": campaign.medium, "name": campaign.name,
                                    "term": campaign.term, "content": campaign.content], order: LinkPatch.campaignFields)
        if !campaign.isEmpty { members.append(("campaign", .object(campaign))) }
        if !data.isEmpty { members.append(("data", Self.object(data))) }
        if let expiresAt { members.append(("expiresAt", .string(RFC3339Timestamp.string(from: expiresAt)))) }
        if let maxClicks { members.append(("maxClicks", JSONValue(.number(String(maxClicks))))) }
        if isDisabled { members.append(("disabled", .bool(true))) }
        if let card { members.append(("card", .string(card))) }
        return .object(members)
    }

    /// The set fields among `values`, in `order`.
    private static func object(_ values: [String: String?], order: [String]) -> [(String, JSONValue)] {
        order.compactMap { name in values[name].flatMap { $0 }.map { (name, .string($0)) } }
    }

    /// `data` as an object with sorted keys.
    static func object(_ data: [String: String]) -> JSONValue {
        .object(data.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })
    }
}
