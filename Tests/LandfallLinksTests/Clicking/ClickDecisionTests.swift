import Foundation
import LandfallLinks
import Testing

/// Every branch of ``ClickDecision``: gone links (and the order of their reasons, at the exact
/// boundaries), crawlers, each platform with and without overrides, and refused destinations.
@Suite struct ClickDecisionTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let target = "https://daily.example.com/puzzle/2026-11-21"
    static let iosOverride = "https://ios.example.com/"
    static let androidOverride = "https://android.example.com/"
    static let desktopOverride = "https://desktop.example.com/"
    static let refusedHost = "evil.example"

    static func link(
        overrides: PlatformOverrides = PlatformOverrides(), expiresAt: Date? = nil, maxClicks: Int? = nil,
        isDisabled: Bool = false, clickCount: Int = 0, target: String = target
    ) -> ShortLink {
        ShortLink(
            id: LinkID("019a8c3e-7a10-7c4e-9b1f-3f0d2a6b8c11")!, host: "go.example.com", slug: "winter", target: target,
            overrides: overrides, expiresAt: expiresAt, maxClicks: maxClicks, isDisabled: isDisabled,
            createdAt: now.addingTimeInterval(-86_400), clickCount: clickCount)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var link: ShortLink
        var visitor: Visitor
        var targetOpensApp = false
        var outcome: ClickOutcome
        var countsAsClick: Bool
        var platform: ClickPlatform

        var testDescription: String { name }
    }

    static let all = PlatformOverrides(ios: iosOverride, android: androidOverride, desktop: desktopOverride)
    static let slack = Visitor.crawler(name: "Slack")

    static let cases: [Case] = [
        // Gone, for everybody, in the order disabled > expired > limit.
        Case(name: "a disabled link is gone", link: link(isDisabled: true), visitor: .browser(.desktop),
             outcome: .gone(.disabled), countsAsClick: false, platform: .desktop),
        Case(name: "a disabled link is gone for crawlers too", link: link(isDisabled: true), visitor: slack,
             outcome: .gone(.disabled), countsAsClick: false, platform: .crawler),
        Case(name: "disabled comes before expired and the limit",
             link: link(expiresAt: now.addingTimeInterval(-1), maxClicks: 1, isDisabled: true, clickCount: 5), visitor: .browser(.ios),
             outcome: .gone(.disabled), countsAsClick: false, platform: .ios),
        Case(name: "expired exactly at expiresAt", link: link(expiresAt: now), visitor: .browser(.desktop),
             outcome: .gone(.expired), countsAsClick: false, platform: .desktop),
        Case(name: "live a millisecond before expiresAt", link: link(expiresAt: now.addingTimeInterval(0.001)), visitor: .browser(.desktop),
             outcome: .redirect(to: target), countsAsClick: true, platform: .desktop),
        Case(name: "an expired link is gone for crawlers too", link: link(expiresAt: now.addingTimeInterval(-60)), visitor: slack,
             outcome: .gone(.expired), countsAsClick: false, platform: .crawler),
        Case(name: "expired comes before the limit", link: link(expiresAt: now, maxClicks: 10, clickCount: 10), visitor: .browser(.android),
             outcome: .gone(.expired), countsAsClick: false, platform: .android),
        Case(name: "click 9 of at most 10 is allowed", link: link(maxClicks: 10, clickCount: 9), visitor: .browser(.desktop),
             outcome: .redirect(to: target), countsAsClick: true, platform: .desktop),
        Case(name: "after 10 clicks of at most 10 the link is gone", link: link(maxClicks: 10, clickCount: 10), visitor: .browser(.desktop),
             outcome: .gone(.clickLimitReached), countsAsClick: false, platform: .desktop),
        Case(name: "a count past the limit (the limit lowered after clicks) is gone", link: link(maxClicks: 5, clickCount: 8), visitor: .browser(.ios),
             outcome: .gone(.clickLimitReached), countsAsClick: false, platform: .ios),
        Case(name: "a used-up link is gone for crawlers too", link: link(maxClicks: 1, clickCount: 1), visitor: slack,
             outcome: .gone(.clickLimitReached), countsAsClick: false, platform: .crawler),
        Case(name: "a limit of 0 is gone before any click", link: link(maxClicks: 0), visitor: .browser(.desktop),
             outcome: .gone(.clickLimitReached), countsAsClick: false, platform: .desktop),

        // Crawlers get the preview, whatever the overrides or the target.
        Case(name: "a crawler gets the preview", link: link(), visitor: slack,
             outcome: .preview, countsAsClick: false, platform: .crawler),
        Case(name: "a crawler gets the preview even of a link with overrides to refused hosts",
             link: link(overrides: PlatformOverrides(desktop: "https://\(refusedHost)/")), visitor: slack, targetOpensApp: true,
             outcome: .preview, countsAsClick: false, platform: .crawler),

        // iOS.
        Case(name: "iOS with an override goes there", link: link(overrides: all), visitor: .browser(.ios), targetOpensApp: true,
             outcome: .redirect(to: iosOverride), countsAsClick: true, platform: .ios),
        Case(name: "iOS to an app route gets the landing page", link: link(), visitor: .browser(.ios), targetOpensApp: true,
             outcome: .landingPage, countsAsClick: true, platform: .ios),
        Case(name: "iOS to a web page is redirected to the target", link: link(), visitor: .browser(.ios),
             outcome: .redirect(to: target), countsAsClick: true, platform: .ios),
        Case(name: "iOS ignores the Android and desktop overrides",
             link: link(overrides: PlatformOverrides(android: androidOverride, desktop: desktopOverride)), visitor: .browser(.ios),
             targetOpensApp: true, outcome: .landingPage, countsAsClick: true, platform: .ios),
        Case(name: "iOS with a refused override is refused",
             link: link(overrides: PlatformOverrides(ios: "https://\(refusedHost)/ios")), visitor: .browser(.ios), targetOpensApp: true,
             outcome: .refused(destination: "https://\(refusedHost)/ios"), countsAsClick: false, platform: .ios),
        Case(name: "iOS to a refused web target is refused", link: link(target: "https://\(refusedHost)/"), visitor: .browser(.ios),
             outcome: .refused(destination: "https://\(refusedHost)/"), countsAsClick: false, platform: .ios),

        // Android.
        Case(name: "Android with an override goes there", link: link(overrides: all), visitor: .browser(.android), targetOpensApp: true,
             outcome: .redirect(to: androidOverride), countsAsClick: true, platform: .android),
        Case(name: "Android to an app route gets the landing page", link: link(), visitor: .browser(.android), targetOpensApp: true,
             outcome: .landingPage, countsAsClick: true, platform: .android),
        Case(name: "Android to a web page is redirected to the target", link: link(), visitor: .browser(.android),
             outcome: .redirect(to: target), countsAsClick: true, platform: .android),
        Case(name: "Android ignores the iOS override", link: link(overrides: PlatformOverrides(ios: iosOverride)), visitor: .browser(.android),
             outcome: .redirect(to: target), countsAsClick: true, platform: .android),
        Case(name: "Android with a refused override is refused",
             link: link(overrides: PlatformOverrides(android: "https://\(refusedHost)/a")), visitor: .browser(.android),
             outcome: .refused(destination: "https://\(refusedHost)/a"), countsAsClick: false, platform: .android),

        // Desktop.
        Case(name: "desktop goes to the target", link: link(), visitor: .browser(.desktop), targetOpensApp: true,
             outcome: .redirect(to: target), countsAsClick: true, platform: .desktop),
        Case(name: "desktop with an override goes there", link: link(overrides: all), visitor: .browser(.desktop), targetOpensApp: true,
             outcome: .redirect(to: desktopOverride), countsAsClick: true, platform: .desktop),
        Case(name: "desktop with a refused override is refused",
             link: link(overrides: PlatformOverrides(desktop: "https://\(refusedHost)/d")), visitor: .browser(.desktop),
             outcome: .refused(destination: "https://\(refusedHost)/d"), countsAsClick: false, platform: .desktop),
        Case(name: "desktop to a refused target is refused", link: link(target: "javascript:alert(1)"), visitor: .browser(.desktop),
             outcome: .refused(destination: "javascript:alert(1)"), countsAsClick: false, platform: .desktop),
    ]

    @Test(arguments: cases)
    func eachVisitIsDecided(_ example: Case) {
        let decision = ClickDecision(
            link: example.link, visitor: example.visitor, now: Self.now,
            targetOpensApp: example.targetOpensApp, isAllowed: { !$0.contains(Self.refusedHost) && !$0.hasPrefix("javascript:") })
        #expect(decision.outcome == example.outcome)
        #expect(decision.countsAsClick == example.countsAsClick)
        #expect(decision.platform == example.platform)
        #expect(decision.isRecorded == (example.countsAsClick || example.outcome == .preview))
    }

    @Test func theDestinationPolicyIsAskedAboutTheRedirectOnlyAndOnce() {
        var asked: [String] = []
        _ = ClickDecision(link: Self.link(overrides: Self.all), visitor: .browser(.desktop), now: Self.now,
                          targetOpensApp: false, isAllowed: { asked.append($0); return true })
        #expect(asked == [Self.desktopOverride])
        asked = []
        _ = ClickDecision(link: Self.link(), visitor: .browser(.ios), now: Self.now,
                          targetOpensApp: true, isAllowed: { asked.append($0); return true })
        #expect(asked == [])
    }

    @Test func aPreviewIsRecordedButIsNotAClick() {
        let decision = ClickDecision(link: Self.link(), visitor: Self.slack, now: Self.now,
                                     targetOpensApp: false, isAllowed: { _ in true })
        #expect(decision.isRecorded)
        #expect(!decision.countsAsClick)
    }

    @Test func aLiveLinkHasNoGoneReason() {
        #expect(ClickDecision.goneReason(of: Self.link(expiresAt: Self.now.addingTimeInterval(1), maxClicks: 1), now: Self.now) == nil)
    }
}
