import LandfallLinks
import Testing

/// Destinations the policy accepts, and the normalized form a redirect sends.
@Suite struct AcceptedDestinationTests {
    struct Accepted: Sendable, CustomTestStringConvertible {
        var url: String
        var normalized: String
        var approval: Destination.Approval

        init(_ url: String, _ normalized: String, _ approval: Destination.Approval) {
            self.url = url
            self.normalized = normalized
            self.approval = approval
        }

        var testDescription: String { url }
    }

    static let site = Destination.Approval.siteHost("daily.example.com")
    static let shop = Destination.Approval.allowlist(DestinationFixtures.shopPattern)

    static let table: [Accepted] = [
        Accepted("https://daily.example.com/puzzle/2026-11-21?x=1#y", "https://daily.example.com/puzzle/2026-11-21?x=1#y", site),
        Accepted("HTTPS://Daily.Example.COM/puzzle/2026-11-21", "https://daily.example.com/puzzle/2026-11-21", site),
        Accepted("https://daily.example.com", "https://daily.example.com/", site),
        Accepted("https://daily.example.com?ref=share", "https://daily.example.com/?ref=share", site),
        Accepted("https://daily.example.com:443/puzzle/today", "https://daily.example.com/puzzle/today", site),
        Accepted("http://daily.example.com:80/puzzle/today", "http://daily.example.com/puzzle/today", site),
        Accepted("http://daily.example.com/puzzle/today", "http://daily.example.com/puzzle/today", site),
        Accepted("https://www.daily.example.com/puzzle/today", "https://www.daily.example.com/puzzle/today", .siteHost("www.daily.example.com")),
        Accepted("https://open.dailypuzzle.app/puzzle/2026-11-20", "https://open.dailypuzzle.app/puzzle/2026-11-20", .siteHost("open.dailypuzzle.app")),
        Accepted("https://daily.example.com/news/caf%c3%a9", "https://daily.example.com/news/caf%C3%A9", site),
        Accepted("https://daily.example.com/news/café", "https://daily.example.com/news/caf%C3%A9", site),
        Accepted("https://daily.example.com/%7Euser/%41", "https://daily.example.com/~user/A", site),
        Accepted("https://daily.example.com/search?q=a%20b&next=%2Fpuzzle", "https://daily.example.com/search?q=a%20b&next=%2Fpuzzle", site),
        Accepted("https://daily.example.com/search?q=\"x\"<y>", "https://daily.example.com/search?q=%22x%22%3Cy%3E", site),
        Accepted("https://daily.example.com/sale?off=50%25", "https://daily.example.com/sale?off=50%25", site),
        Accepted("https://daily.example.com/a#b#c", "https://daily.example.com/a#b%23c", site),
        Accepted("https://daily.example.com/a?b?c=d/e", "https://daily.example.com/a?b?c=d/e", site),
        Accepted("https://daily.example.com/invite/7KQ2-MX4P?utm_source=newsletter", "https://daily.example.com/invite/7KQ2-MX4P?utm_source=newsletter", site),
        Accepted("https://daily.example.com/puzzle/..more", "https://daily.example.com/puzzle/..more", site),
        Accepted("https://shop.example.org/winter-sale?utm_source=x", "https://shop.example.org/winter-sale?utm_source=x", shop),
        Accepted("https://SHOP.example.org/a", "https://shop.example.org/a", shop),
        Accepted("https://shop.example.org", "https://shop.example.org/", shop),
        Accepted("https://shop.example.org:443/", "https://shop.example.org/", shop),
    ]

    @Test(arguments: table)
    func theDestinationIsAcceptedInItsNormalizedForm(_ accepted: Accepted) throws {
        let result = DestinationFixtures.policy.check(accepted.url)
        let destination = try #require(result.accepted, "\(result.refusal?.message ?? "")")
        #expect(destination.text == accepted.normalized)
        #expect(destination.approval == accepted.approval)
        #expect(destination.isOnSiteHost == (destination.siteHost != nil))
    }

    @Test(arguments: table)
    func theNormalizedFormIsAcceptedAsItIs(_ accepted: Accepted) throws {
        let destination = try DestinationFixtures.policy.destination(accepted.url)
        #expect(try DestinationFixtures.policy.destination(destination.text) == destination)
        #expect(destination.text.unicodeScalars.allSatisfy { $0.isASCII && $0.value >= 0x21 && $0.value < 0x7F })
    }

    @Test func theDestinationsPartsAreNormalized() throws {
        let destination = try DestinationFixtures.policy.destination("HTTPS://Daily.Example.com:443/Puzzle/%7e?X=1#Top")
        #expect(destination.scheme == "https")
        #expect(destination.host == "daily.example.com")
        #expect(destination.port == nil)
        #expect(destination.path == "/Puzzle/~")
        #expect(destination.query == "X=1")
        #expect(destination.fragment == "Top")
        #expect(destination.siteHost == "daily.example.com")
        #expect(destination.description == "https://daily.example.com/Puzzle/~?X=1#Top")
    }

    @Test func anAllowlistedDestinationIsNotOnTheSitesHosts() throws {
        let destination = try DestinationFixtures.policy.destination("https://shop.example.org/winter")
        #expect(!destination.isOnSiteHost)
        #expect(destination.siteHost == nil)
    }

    @Test func theLongestAcceptedDestinationIsTheMaximumLength() throws {
        let prefix = "https://daily.example.com/"
        let longest = prefix + String(repeating: "a", count: DestinationPolicy.maximumLength - prefix.utf8.count)
        #expect(DestinationFixtures.policy.check(longest).accepted != nil)
        #expect(DestinationFixtures.policy.check(longest + "a").refusal?.code == .tooLong)
    }

    @Test func aPolicyWithoutALinkHostAcceptsNoLoopButStillTheSitesHosts() throws {
        let policy = DestinationPolicy(siteHosts: ["Daily.Example.com"], linkHosts: [])
        #expect(policy.siteHosts == ["daily.example.com"])
        #expect(policy.check("https://daily.example.com/").accepted != nil)
        #expect(policy.check("https://go.daily.example.com/abc").refusal?.code == .notAllowed)
    }
}
