import Foundation
import LandfallLinks

extension LinkState {
    /// Why `link`'s short URL answers 410 at `now`, in words for a link's page, or `nil` when it
    /// is active (``ClickDecision/goneReason(of:now:)``).
    static func reason(of link: ShortLink, now: Date) -> String? {
        switch ClickDecision.goneReason(of: link, now: now) {
        case nil: nil
        case .disabled: "Disabled: its short URL answers 410 Gone until it is enabled."
        case .expired: "Expired: its short URL answers 410 Gone since its expiry."
        case .clickLimitReached: "Expired: its short URL answers 410 Gone since it reached its maximum of clicks."
        }
    }
}
