import AppSiteAssociation
import LandfallJSON

extension LinkPatch {
    /// The patch as a request body that ``init(json:)`` reads back to the same patch: changed
    /// fields only, cleared ones as `null`, a nested object whose fields are all cleared as `null`.
    ///
    /// ```swift
    /// JSONWriter.compact.string(for: LinkPatch(maxClicks: .cleared, isDisabled: true).jsonValue)
    /// // {"maxClicks":null,"disabled":true}
    /// ```
    public var jsonValue: JSONValue {
        var members: [(String, JSONValue)] = []
        if let target { members.append(("target", .string(target))) }
        if let slug { members.append(("slug", .string(slug))) }
        if let host { members.append(("host", .string(host))) }
        Self.append("overrides", [overrides.ios, overrides.android, overrides.desktop], order: Self.overrideFields, to: &members)
        Self.append("preview", [preview.title, preview.description, preview.imageURL], order: Self.previewFields, to: &members)
        Self.append("campaign", [campaign.source, campaign.medium, campaign.name, campaign.term, campaign.content],
                    order: Self.campaignFields, to: &members)
        Self.append("data", data, to: &members) { LinkDraft.object($0) }
        Self.append("expiresAt", expiresAt, to: &members) { .string(RFC3339Timestamp.string(from: $0)) }
        Self.append("maxClicks", maxClicks, to: &members) { JSONValue(.number(String($0))) }
        if let isDisabled { members.append(("disabled", .bool(isDisabled))) }
        Self.append("card", card, to: &members) { .string($0) }
        return .object(members)
    }

    private static func append<Value>(
        _ name: String, _ field: PatchField<Value>, to members: inout [(String, JSONValue)], _ encode: (Value) -> JSONValue
    ) {
        switch field {
        case .unchanged: break
        case .cleared: members.append((name, .null))
        case .set(let value): members.append((name, encode(value)))
        }
    }

    private static func append(_ name: String, _ fields: [PatchField<String>], order: [String], to members: inout [(String, JSONValue)]) {
        if fields.allSatisfy({ $0 == .cleared }) {
            members.append((name, .null))
            return
        }
        var nested: [(String, JSONValue)] = []
        for (field, change) in zip(order, fields) {
            append(field, change, to: &nested) { .string($0) }
        }
        if !nested.isEmpty { members.append((name, .object(nested))) }
    }
}
