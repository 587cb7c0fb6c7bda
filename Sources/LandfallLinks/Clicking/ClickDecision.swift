import Foundation

/// What to do with one visit of a short link, and how to count it: the pure core of click handling.
///
/// The rules, in order:
/// 1. A link that is disabled, expired (`now >= expiresAt`) or used up
///    (`clickCount >= maxClicks`) is ``ClickOutcome/gone(_:)`` for everybody, crawlers
///    included; when several apply, disabled comes before expired before the limit.
/// 2. A crawler gets ``ClickOutcome/preview``.
/// 3. An iOS browser goes to ``PlatformOverrides/ios`` when it is set; otherwise, when the target
///    is a route of the site that opens the app, it gets the ``ClickOutcome/landingPage``;
///    otherwise it is redirected to the target. Android the same with
///    ``PlatformOverrides/android``. A desktop browser is redirected to
///    ``PlatformOverrides/desktop``, or the target.
/// 4. A redirect whose destination `isAllowed` refuses becomes ``ClickOutcome/refused(destination:)``.
///
/// ```swift
/// let decision = ClickDecision(link: link, visitor: .browser(.desktop), now: now,
///                              targetOpensApp: true, isAllowed: { (try? policy.destination($0)) != nil })
/// decision.outcome        // .redirect(to: "https://daily.example.com/puzzle/2026-11-21")
/// decision.countsAsClick  // true
/// decision.platform       // .desktop
/// ```
///
/// The click count a server has in memory may be behind the database's: a server takes each of
/// people's clicks of a link with a limit from the database (one conditional update, exact
/// across instances) and answers ``ClickOutcome/gone(_:)`` with
/// ``GoneReason/clickLimitReached`` when the database refuses it.
public struct ClickDecision: Sendable, Hashable {
    /// What the link host answers.
    public var outcome: ClickOutcome
    /// The platform the visit is recorded under (``ClickPlatform/crawler`` for crawlers).
    public var platform: ClickPlatform

    /// Decides the outcome of a visit.
    ///
    /// - Parameters:
    ///   - link: The link visited, as stored.
    ///   - visitor: Who visits (``VisitorClassifier/classify(userAgent:)``).
    ///   - now: The time of the visit.
    ///   - targetOpensApp: Whether the link's target is a route of the site that opens the app.
    ///   - isAllowed: The destination policy, checked again now for the destination of a redirect.
    public init(
        link: ShortLink, visitor: Visitor, now: Date, targetOpensApp: Bool,
        isAllowed: (String) -> Bool
    ) {
        platform = visitor.platform
        if let reason = Self.goneReason(of: link, now: now) {
            outcome = .gone(reason)
            return
        }
        let destination: String
        switch visitor {
        case .crawler:
            outcome = .preview
            return
        case .browser(.ios), .browser(.android):
            let override = visitor.platform == .ios ? link.overrides.ios : link.overrides.android
            if let override {
                destination = override
            } else if targetOpensApp {
                outcome = .landingPage
                return
            } else {
                destination = link.target
            }
        case .browser(.desktop), .browser(.crawler):
            destination = link.overrides.desktop ?? link.target
        }
        outcome = isAllowed(destination) ? .redirect(to: destination) : .refused(destination: destination)
    }

    /// Whether the visit is one of people's clicks, counted in ``ShortLink/clickCount`` and towards
    /// ``ShortLink/maxClicks``: a landing page or a redirect. Previews, gone and refused visits are not.
    public var countsAsClick: Bool {
        switch outcome {
        case .landingPage, .redirect: true
        case .gone, .preview, .refused: false
        }
    }

    /// Whether the visit is stored at all: people's clicks, and crawlers' previews (under
    /// ``ClickPlatform/crawler``, reported as ``TrafficStats/previews``).
    public var isRecorded: Bool {
        countsAsClick || outcome == .preview
    }

    /// Why `link` is gone at `now`, or `nil` when it is live.
    public static func goneReason(of link: ShortLink, now: Date) -> GoneReason? {
        if link.isDisabled { return .disabled }
        if let expiresAt = link.expiresAt, now >= expiresAt { return .expired }
        if let maxClicks = link.maxClicks, link.clickCount >= maxClicks { return .clickLimitReached }
        return nil
    }
}
