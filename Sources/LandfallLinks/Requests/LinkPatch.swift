import Foundation
import LandfallWire

/// The body of `PATCH /v1/links/{id}`: the fields to change, each optional.
///
/// An absent field is left as it is; `null` clears an optional field (`"maxClicks": null`
/// removes the limit). The nested objects merge field by field (`"preview": {"title": "New"}`
/// keeps the description), and `null` for one of them clears all its fields. `data` is replaced
/// as a whole (`{}` or `null` empties it). `target`, `slug`, `host` and `disabled` can be changed
/// but not cleared.
///
/// ```swift
/// let patch = try LinkPatch(json: Array(#"{"disabled": true, "expiresAt": null}"#.utf8))
/// let changed = patch.applied(to: link, at: now)   // disabled, no expiry, updatedAt == now
/// ```
public struct LinkPatch: Sendable, Hashable {
    /// A new target, or `nil` to keep it.
    public var target: String?
    /// A new slug, or `nil` to keep it.
    public var slug: String?
    /// A new link host, or `nil` to keep it.
    public var host: String?
    /// Changes of the per-platform overrides.
    public var overrides: PlatformOverrides.Patch
    /// Changes of the social preview.
    public var preview: SocialPreview.Patch
    /// Changes of the campaign fields.
    public var campaign: Campaign.Patch
    /// A replacement of the data handed to the app.
    public var data: PatchField<[String: String]>
    /// A change of the expiry time.
    public var expiresAt: PatchField<Date>
    /// A change of the click limit.
    public var maxClicks: PatchField<Int>
    /// Disables (`true`) or enables (`false`) the link, or `nil` to keep it.
    public var isDisabled: Bool?
    /// A change of the card template the link names (cleared: its target route's card).
    public var card: PatchField<String>

    /// Creates a change; by default nothing changes.
    public init(
        target: String? = nil, slug: String? = nil, host: String? = nil, overrides: PlatformOverrides.Patch = .init(),
        preview: SocialPreview.Patch = .init(), campaign: Campaign.Patch = .init(), data: PatchField<[String: String]> = .unchanged,
        expiresAt: PatchField<Date> = .unchanged, maxClicks: PatchField<Int> = .unchanged, isDisabled: Bool? = nil,
        card: PatchField<String> = .unchanged
    ) {
        self.target = target
        self.slug = slug
        self.host = host
        self.overrides = overrides
        self.preview = preview
        self.campaign = campaign
        self.data = data
        self.expiresAt = expiresAt
        self.maxClicks = maxClicks
        self.isDisabled = isDisabled
        self.card = card
    }

    /// Whether the patch changes nothing (the body was `{}`).
    public var isEmpty: Bool {
        target == nil && slug == nil && host == nil && overrides.isEmpty && preview.isEmpty && campaign.isEmpty
            && data.isUnchanged && expiresAt.isUnchanged && maxClicks.isUnchanged && isDisabled == nil && card.isUnchanged
    }

    /// `link` with the changes made, ``ShortLink/updatedAt`` set to `now`.
    ///
    /// It does not check the new target, slug or host; the server runs them through the
    /// destination and slug policies first (``urlFields``).
    public func applied(to link: ShortLink, at now: Date) -> ShortLink {
        var changed = link
        if let target { changed.target = target }
        if let slug { changed.slug = slug }
        if let host { changed.host = host.lowercased() }
        changed.overrides = overrides.applied(to: link.overrides)
        changed.preview = preview.applied(to: link.preview)
        changed.campaign = campaign.applied(to: link.campaign)
        changed.data = data.applied(to: link.data) ?? [:]
        changed.expiresAt = expiresAt.applied(to: link.expiresAt)
        changed.maxClicks = maxClicks.applied(to: link.maxClicks)
        if let isDisabled { changed.isDisabled = isDisabled }
        changed.card = card.applied(to: link.card)
        changed.updatedAt = now
        return changed
    }

    /// Every URL the patch sets, with its field: `target`, `overrides.ios`,
    /// `overrides.android`, `overrides.desktop`, `preview.imageURL` (checked as in
    /// ``LinkDraft/urlFields``).
    public var urlFields: [(field: String, url: String)] {
        LinkDraft.urlFields(target: target, overrides: PlatformOverrides(
            ios: overrides.ios.newValue, android: overrides.android.newValue, desktop: overrides.desktop.newValue),
            imageURL: preview.imageURL.newValue, under: [])
    }
}
