import Foundation
import LandfallLinks
import Testing

/// Every destination in `Tests/Fixtures/hostile-destinations.json` is refused, for the reason
/// the table gives: the open-redirect protection of issue 5.
@Suite struct HostileDestinationTests {
    @Test(arguments: try HostileDestination.all())
    func theHostileDestinationIsRefusedForItsReason(_ hostile: HostileDestination) throws {
        let expected = try #require(DestinationRefusal.Code(rawValue: hostile.reason), "unknown reason '\(hostile.reason)'")
        switch DestinationFixtures.policy.check(hostile.url) {
        case .success(let destination):
            Issue.record("accepted as \(destination.text)")
        case .failure(let refusal):
            #expect(refusal.code == expected, "\(refusal.message)")
            #expect(refusal.destination == hostile.url)
            #expect(!refusal.message.isEmpty)
        }
    }

    @Test func theTableHasAtLeastSeventyEntriesWithoutRepeats() throws {
        let table = try HostileDestination.all()
        #expect(table.count >= 70)
        #expect(Set(table.map(\.url)).count == table.count)
    }

    @Test func theTableCoversEveryRefusalCode() throws {
        let reasons = Set(try HostileDestination.all().map(\.reason))
        for code in DestinationRefusal.Code.allCases {
            #expect(reasons.contains(code.rawValue), "no hostile destination is refused as \(code.rawValue)")
        }
    }

    @Test(arguments: [
        ("javascript:alert(1)", "'javascript'"),
        ("https://daily.example.com@evil.com", "'daily.example.com'"),
        ("https://evil.com/", "evil.com is not one of the site's hosts"),
        ("https://evil.com/", "links.allowlist"),
        ("https://go.daily.example.com/abc", "link host go.daily.example.com"),
        ("https://daily.example.com/\r\n", "U+000D (carriage return) at position 27"),
        ("https://d\u{430}ily.example.com/", "U+0430"),
        ("https://daily.example.com:8443/", "port 8443"),
        ("https://daily.example.com/%252f", "'%252f'"),
    ])
    func theMessageSaysWhatIsWrong(_ url: String, _ fragment: String) throws {
        let refusal = try #require(DestinationFixtures.policy.check(url).refusal)
        #expect(refusal.message.contains(fragment), "\(refusal.message)")
    }

    @Test func theRefusalOfAnUnknownHostSuggestsAPatternThatWouldAllowIt() throws {
        let refusal = try #require(DestinationFixtures.policy.check("https://partner.example.net/offer").refusal)
        #expect(refusal.message.hasSuffix(#"add a pattern under links.allowlist, such as ^https://partner\.example\.net/.*$"#))
        let suggested = try AllowlistPattern(#"^https://partner\.example\.net/.*$"#)
        #expect(suggested.matches("https://partner.example.net/offer"))
    }
}

extension Result {
    /// The failure, or `nil` on success.
    var refusal: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }

    /// The success, or `nil` on failure.
    var accepted: Success? {
        if case .success(let success) = self { return success }
        return nil
    }
}
