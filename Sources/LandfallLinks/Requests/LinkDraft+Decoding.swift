import AppSiteAssociation
import LandfallJSON
import LandfallWire

extension LinkDraft {
    /// Reads the JSON body of `POST /v1/links`.
    ///
    /// An optional field is given or left out: `null` is refused, naming the field, as the API's
    /// contract says (inside `overrides`, `preview` and `campaign`, where a `Link` writes
    /// `null` for an unset member, `null` is the same as leaving the member out).
    ///
    /// ```swift
    /// let draft = try LinkDraft(json: Array(#"{"target": "https://daily.example.com/puzzle/2026-11-21", "maxClicks": 100}"#.utf8))
    /// draft.maxClicks // 100
    /// ```
    ///
    /// - Throws: ``InvalidRequestBody`` with every problem in document order: not JSON (with its
    ///   line and column), not an object, a missing `target`, `null` for a field, unknown fields (with the
    ///   closest known name), repeated fields, wrong types, empty strings, bad dates, numbers that
    ///   are not integers or out of range, and fields over ``LinkLimits``.
    public init(json bytes: some Collection<UInt8>) throws(InvalidRequestBody) {
        self = try BodyReader.decode(bytes) { value, reader in Self.read(value, at: [], into: &reader) }
    }

    /// Reads a link to create at `path`, reporting its problems to `reader`; `nil` when it has any
    /// that leave no draft (problems of other fields are only reported).
    static func read(_ value: JSONValue, at path: JSONPath, into reader: inout BodyReader) -> LinkDraft? {
        let patch = LinkPatch.read(value, at: path, creating: true, into: &reader)
        guard value.objectMembers != nil else { return nil }
        if value["target"] == nil {
            reader.missing("target", in: value, at: path, hint: #"give the URL the link leads to, as in "target": "https://example.com/page""#)
        }
        guard let target = patch.target else { return nil }
        return LinkDraft(
            target: target, slug: patch.slug, host: patch.host,
            overrides: patch.overrides.applied(to: PlatformOverrides()), preview: patch.preview.applied(to: SocialPreview()),
            campaign: patch.campaign.applied(to: Campaign()), data: patch.data.newValue ?? [:], expiresAt: patch.expiresAt.newValue,
            maxClicks: patch.maxClicks.newValue, isDisabled: patch.isDisabled ?? false, card: patch.card.newValue)
    }
}
