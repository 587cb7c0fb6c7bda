import Foundation
import LandfallLinks
import Testing

/// The weak-match rule as stories: who tapped what, on which device, and what the app's first
/// launch gets without a token.
@Suite struct WeakClaimMatcherTests {
    static let now = Date(timeIntervalSince1970: 1_795_000_000)
    static let hour: TimeInterval = 3600
    static let today = "a1b2c3d4e5f60718293a4b5c6d7e8f90"
    static let yesterday = "0f1e2d3c4b5a69788796a5b4c3d2e1f0"
    static let phone = DeviceHints(platform: .ios, osVersion: "18.1", language: "en", screen: "390x844")
    static let puzzle = "https://daily.example.com/puzzle/2026-11-21"
    static let league = "https://daily.example.com/league/winter"

    /// A pending claim `minutesAgo` old, for `deepLink`, seen with `hints` from `addressHash`.
    static func claim(
        _ name: Character, _ deepLink: String = puzzle, minutesAgo: Double = 10, hints: DeviceHints = phone, addressHash: String = today,
        claimed: Bool = false, expiresInMinutes: Double = 7 * 24 * 60
    ) -> PendingClaim {
        let token = ClaimToken(rawValue: "lfc_" + String(repeating: name, count: 21) + "A")
        return PendingClaim(
            token: token!, url: deepLink, deepLink: deepLink, createdAt: now.addingTimeInterval(-minutesAgo * 60),
            expiresAt: now.addingTimeInterval(expiresInMinutes * 60), addressHash: addressHash, hints: hints,
            claimedAt: claimed ? now.addingTimeInterval(-60) : nil, match: claimed ? .strong : nil)
    }

    struct Story: Sendable, CustomTestStringConvertible {
        var story: String
        var candidates: [PendingClaim]
        var device: DeviceHints
        /// The token name of the match and the names consumed, or the reason.
        var expected: Expected

        enum Expected: Sendable {
            case match(Character, consumed: [Character])
            case none(WeakMatchOutcome.Reason)
        }

        init(_ story: String, _ candidates: [PendingClaim], device: DeviceHints = phone, _ expected: Expected) {
            self.story = story
            self.candidates = candidates
            self.device = device
            self.expected = expected
        }

        var testDescription: String { story }
    }

    static let stories: [Story] = [
        Story("Ada taps a puzzle link in Messages, installs, and opens the app ten minutes later", [claim("a")], .match("a", consumed: ["a"])),
        Story("Ada's page was seen yesterday by the salt of that day, 50 minutes ago just after midnight",
              [claim("a", minutesAgo: 50, addressHash: yesterday)], .match("a", consumed: ["a"])),
        Story("Ada opened the same puzzle page twice before installing: the newest claim matches, both are used up",
              [claim("a", minutesAgo: 30), claim("b", minutesAgo: 5)], .match("b", consumed: ["b", "a"])),
        Story("Ada opened a puzzle and then a league page: which one she wants cannot be told",
              [claim("a", minutesAgo: 30), claim("b", league, minutesAgo: 5)], .none(.ambiguous)),
        Story("Ada's sister on the same Wi-Fi has another phone model: only Ada's fits",
              [claim("a"), claim("b", league, hints: DeviceHints(platform: .ios, osVersion: "18.1", language: "en", screen: "430x932"))],
              .match("a", consumed: ["a"])),
        Story("Two people on one Wi-Fi with identical phones opened different links", [claim("a"), claim("b", league)], .none(.ambiguous)),
        Story("Ada installed after lunch, two hours later: outside the one-hour window", [claim("a", minutesAgo: 120)], .none(.noMatch)),
        Story("exactly at the edge of the window still counts", [claim("a", minutesAgo: 60)], .match("a", consumed: ["a"])),
        Story("someone on another network opened the link", [claim("a", addressHash: "ffffffffffffffffffffffffffffffff")], .none(.noMatch)),
        Story("the page was seen on an Android phone, the app runs on iOS",
              [claim("a", hints: DeviceHints(platform: .android, osVersion: "18.1", language: "en", screen: "390x844"))], .none(.noMatch)),
        Story("the phone updated iOS between the tap and the launch", [claim("a", hints: DeviceHints(platform: .ios, osVersion: "18.2", language: "en"))],
              .none(.noMatch)),
        Story("the page could not read the iOS version, so nothing ties it to the phone",
              [claim("a", hints: DeviceHints(platform: .ios, language: "en", screen: "390x844"))], .none(.noMatch)),
        Story("the app sent no OS version", [claim("a")], device: DeviceHints(platform: .ios, language: "en"), .none(.noMatch)),
        Story("the page never reported the screen and the browser sent no language: the OS version alone decides",
              [claim("a", hints: DeviceHints(platform: .ios, osVersion: "18.1"))], .match("a", consumed: ["a"])),
        Story("the browser's language differs from the app's", [claim("a", hints: DeviceHints(platform: .ios, osVersion: "18.1", language: "fr"))],
              .none(.noMatch)),
        Story("the claim was already taken by a strong match", [claim("a", claimed: true)], .none(.noMatch)),
        Story("the claim has expired", [claim("a", expiresInMinutes: 0)], .none(.noMatch)),
        Story("a stale claim for another link does not make a fresh one ambiguous",
              [claim("a", league, minutesAgo: 90), claim("b", minutesAgo: 5)], .match("b", consumed: ["b"])),
        Story("a claimed claim for another link does not make a fresh one ambiguous",
              [claim("a", league, claimed: true), claim("b")], .match("b", consumed: ["b"])),
        Story("no candidates at all", [], .none(.noMatch)),
        Story("two claims of the same moment: the greatest token wins, both are consumed",
              [claim("b", minutesAgo: 5), claim("c", minutesAgo: 5)], .match("c", consumed: ["c", "b"])),
    ]

    @Test(arguments: stories)
    func theStoryEndsAsExpected(_ story: Story) throws {
        let outcome = WeakClaimMatcher.match(story.candidates, hints: story.device, addressHashes: [Self.today, Self.yesterday],
                                             now: Self.now, window: Self.hour)
        switch story.expected {
        case .match(let name, let consumed):
            let expected = try #require(story.candidates.first { $0.token.rawValue.dropFirst(4).first == name })
            let tokens = consumed.map { name in story.candidates.first { $0.token.rawValue.dropFirst(4).first == name }?.token }
            #expect(outcome == .match(expected, consumed: tokens.compactMap { $0 }))
        case .none(let reason):
            #expect(outcome == .none(reason))
        }
    }

    @Test func theOrderOfTheCandidatesDoesNotMatter() {
        let candidates = [Self.claim("a", minutesAgo: 30), Self.claim("b", minutesAgo: 5), Self.claim("c", minutesAgo: 50)]
        let forward = WeakClaimMatcher.match(candidates, hints: Self.phone, addressHashes: [Self.today], now: Self.now, window: Self.hour)
        let backward = WeakClaimMatcher.match(candidates.reversed(), hints: Self.phone, addressHashes: [Self.today], now: Self.now, window: Self.hour)
        #expect(forward == backward)
        #expect(WeakClaimMatcher.fitting(candidates, hints: Self.phone, addressHashes: [Self.today], now: Self.now, window: Self.hour)
            .map(\.token) == [candidates[1].token, candidates[0].token, candidates[2].token])
    }

    @Test func theReasonsAreNamedAsInTheAPI() {
        #expect(WeakMatchOutcome.Reason.noMatch.rawValue == "no_match")
        #expect(WeakMatchOutcome.Reason.ambiguous.rawValue == "ambiguous")
    }

    @Test(arguments: [
        (DeviceHints(platform: .ios, osVersion: "18.1"), DeviceHints(platform: .ios, osVersion: "18.1", language: "en", screen: "390x844"), true),
        (DeviceHints(platform: .ios, osVersion: "18.1", screen: "390x844"), DeviceHints(platform: .ios, osVersion: "18.1", screen: "390x845"), false),
        (DeviceHints(platform: .ios), DeviceHints(platform: .ios), false),
        (DeviceHints(platform: .android, osVersion: "14.0"), DeviceHints(platform: .ios, osVersion: "14.0"), false),
    ])
    func hintsFitWhenTheVersionIsEqualAndTheRestIsEqualWhereKnown(_ claim: DeviceHints, _ device: DeviceHints, _ fits: Bool) {
        #expect(WeakClaimMatcher.fits(claim, device) == fits)
    }
}
