import Foundation
import LandfallLinks

/// What a link's page says of it: `active`, `disabled`, or `expired` (past its expiry or its
/// maximum of clicks), as its short URL answers now (``ClickDecision/goneReason(of:now:)``).
enum LinkPageState: String, Sendable, CaseIterable {
    /// Its short URL leads where it should.
    case active
    /// Disabled: its short URL answers 410 until it is enabled.
    case disabled
    /// Past its expiry or its maximum of clicks: its short URL answers 410.
    case expired

    /// The state of `link` at `now`.
    init(_ link: ShortLink, now: Date) {
        switch ClickDecision.goneReason(of: link, now: now) {
        case nil: self = .active
        case .disabled: self = .disabled
        case .expired, .clickLimitReached: self = .expired
        }
    }

    /// Why the short URL answers 410, in words, or `nil` when it is active.
    static func reason(of link: ShortLink, now: Date) -> String? {
        switch ClickDecision.goneReason(of: link, now: now) {
        case nil: nil
        case .disabled: "Disabled: its short URL answers 410 Gone until it is enabled."
        case .expired: "Expired: its short URL answers 410 Gone since its expiry."
        case .clickLimitReached: "Expired: its short URL answers 410 Gone since it reached its maximum of clicks."
        }
    }
}
