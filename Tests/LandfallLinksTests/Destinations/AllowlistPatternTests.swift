import LandfallLinks
import Testing

/// Allowlist patterns match the whole normalized destination, and patterns that are not
/// regular expressions, or that would allow any host, are refused when the policy is built.
@Suite struct AllowlistPatternTests {
    @Test(arguments: [
        // (pattern, url, matches)
        (#"https://example\.org/.*"#, "https://example.org/a", true),
        (#"https://example\.org/.*"#, "https://example.org.evil.com/", false),
        (#"https://example\.org/.*"#, "https://evil.com/?https://example.org/x", false),
        (#"https://example\.org/.*"#, "https://evil.com/https://example.org/x", false),
        (#"example\.org"#, "https://example.org/", false),
        (#"^https://example\.org/.*$"#, "https://example.org/a", true),
        (#"^https://example\.org/sale/.*$"#, "https://example.org/other", false),
        (#"https://a\.org/.*|https://b\.org/.*"#, "https://b.org/x", true),
        (#"https://a\.org/.*|https://b\.org/.*"#, "https://evil.com/https://b.org/x", false),
        (#"https://a\.org/.*|https://b\.org/.*"#, "https://a.org/x.evil.com", true),
        (#"https://a\.org/x|b"#, "https://a.org/xb", false),
        (#"https://[a-z]+\.example\.org/.*"#, "https://shop.example.org/", true),
        (#"https://[a-z]+\.example\.org/.*"#, "https://shop.example.org.evil.com/", false),
    ])
    func aPatternMatchesTheWholeURLOnly(_ source: String, _ url: String, _ matches: Bool) throws {
        #expect(try AllowlistPattern(source).matches(url) == matches)
    }

    @Test func anUnanchoredPatternStillCannotBeEscapedThroughThePolicy() throws {
        let policy = try DestinationPolicy(siteHosts: ["daily.example.com"], linkHosts: [],
                                           allowlistPatterns: [#"https://example\.org/.*"#])
        #expect(policy.check("https://example.org/a").accepted?.approval == .allowlist(#"https://example\.org/.*"#))
        #expect(policy.check("https://example.org.evil.com/").refusal?.code == .notAllowed)
        #expect(policy.check("https://EXAMPLE.org/a").accepted != nil)
        #expect(policy.check("https://example.org:8443/a").refusal?.code == .notAllowed)
    }

    @Test func theFirstMatchingPatternIsNamedAsTheApproval() throws {
        let policy = try DestinationPolicy(siteHosts: [], linkHosts: [],
                                           allowlistPatterns: [#"^https://a\.org/x$"#, #"^https://a\.org/.*$"#])
        #expect(policy.check("https://a.org/x").accepted?.approval == .allowlist(#"^https://a\.org/x$"#))
        #expect(policy.check("https://a.org/y").accepted?.approval == .allowlist(#"^https://a\.org/.*$"#))
    }

    @Test func aPatternCanAllowAnIPAddressOrAPunycodeHost() throws {
        let policy = try DestinationPolicy(siteHosts: [], linkHosts: [], allowlistPatterns: [
            #"^http://127\.0\.0\.1:8080/.*$"#, #"^https://xn--bcher-kva\.example/.*$"#, #"^http://\[::1\]/.*$"#,
        ])
        #expect(policy.check("http://127.0.0.1:8080/callback").accepted != nil)
        #expect(policy.check("http://127.0.0.1/callback").refusal?.code == .ipAddress)
        #expect(policy.check("https://xn--bcher-kva.example/").accepted != nil)
        #expect(policy.check("http://[::1]/x").accepted != nil)
    }

    @Test func aPatternCannotAllowWhatIsRefusedBeforeIt() throws {
        let policy = try DestinationPolicy(siteHosts: [], linkHosts: ["go.example.com"], allowlistPatterns: [
            #"^https://go\.example\.com/.*$"#, #"^https://evil\.com/.*$"#,
        ])
        #expect(policy.check("https://go.example.com/abc").refusal?.code == .linkHostLoop)
        #expect(policy.check("https://user@evil.com/").refusal?.code == .userInfo)
        #expect(policy.check("https://evil.com/%0d%0a").refusal?.code == .encodedControlCharacters)
        #expect(policy.check("https://evil.com/ok").accepted != nil)
    }

    @Test(arguments: [
        (#"^https://shop\.example\.org/(.*$"#, "is not a regular expression: the '(' at position 29 is never closed with ')'"),
        (#"^https://shop\.example\.org/.*)$"#, "is not a regular expression: the ')' at position 31 closes no '('"),
        (#"^https://[a-z+\.example\.org/.*$"#, "is not a regular expression: the '[' at position 10 is never closed with ']'"),
        ("*abc", "is not a regular expression: the '*' at position 1 has nothing before it to repeat"),
        ("https://a|+b", "the '+' at position 11 has nothing before it to repeat"),
        ("https://a\\", "it ends with a lone '\\'"),
        ("https://a.org/(?<x", "is not a regular expression: "),
        ("", "empty"),
        (".*", "allow any host"),
        ("^https?://.*$", "allow any host"),
        (#"https://[^/]+/.*"#, "allow any host"),
        ("(?i)HTTPS://.*", "allow any host"),
    ])
    func anInvalidPatternIsRefusedWithItsReason(_ source: String, _ reason: String) throws {
        let error = try #require(throws: AllowlistPatternError.self) { try AllowlistPattern(source) }
        #expect(error.pattern == source)
        #expect(error.message.contains(reason), "\(error.message)")
        #expect(source.isEmpty || error.description.contains("'\(source)'"))
    }

    @Test(arguments: [#"^https://a\.org/(?:x|y)*$"#, #"^https://a\.org/\(\*\)$"#, #"^https://a\.org/[]x]$"#, #"^https://a\.org/[^]x]+$"#,
                      #"^https://a\.org/[(]$"#, #"(?i)^https://a\.org/.*$"#])
    func aValidPatternHasNoSyntaxProblem(_ source: String) throws {
        _ = try AllowlistPattern(source)
    }

    @Test func thePolicyNamesTheFirstInvalidPattern() throws {
        let error = try #require(throws: AllowlistPatternError.self) {
            try DestinationPolicy(siteHosts: [], linkHosts: [], allowlistPatterns: [#"^https://a\.org/.*$"#, "(", ".*"])
        }
        #expect(error.pattern == "(")
    }

    @Test func patternsCompareByTheirSource() throws {
        #expect(try AllowlistPattern("https://a\\.org/") == AllowlistPattern("https://a\\.org/"))
        #expect(try AllowlistPattern("https://a\\.org/") != AllowlistPattern("https://b\\.org/"))
        #expect(try AllowlistPattern("https://a\\.org/").description == "https://a\\.org/")
    }
}
