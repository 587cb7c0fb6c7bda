import Foundation

/// What a link does when clicked now, in one word: `active` (it redirects), `disabled`
/// (turned off by a person), or `expired` (past its expiry or at its maximum of clicks). The
/// three do not overlap: a disabled link is `disabled` whether or not it has also expired.
///
/// The one definition behind the storage's filter (`LinkQuery.state`), the dashboard's badges
/// and `landfall links list --state`; it follows ``ClickDecision/goneReason(of:now:)``.
///
/// ```swift
/// LinkState(link, now: Date())   // .expired once link.expiresAt has passed
/// ```
public enum LinkState: String, Sendable, Hashable, CaseIterable {
    /// Enabled, not past its expiry and below its maximum of clicks: it redirects.
    case active
    /// Turned off by a person: its short URL answers 410 until it is enabled.
    case disabled
    /// Enabled, but past its expiry (at or before now) or at its maximum of clicks: 410.
    case expired

    /// The state of `link` at `now`.
    public init(_ link: ShortLink, now: Date) {
        switch ClickDecision.goneReason(of: link, now: now) {
        case nil: self = .active
        case .disabled: self = .disabled
        case .expired, .clickLimitReached: self = .expired
        }
    }
}
