import LandfallKit
import Testing

@Suite struct ClaimURLTests {
    static let hosts = ["go.daily.example.com", "Daily.Example.com"]
    static let token = Fixtures.token

    @Test(arguments: [
        ("https://go.daily.example.com/v1/claims/\(token)", token),
        ("  https://go.daily.example.com/v1/claims/\(token)\n", token),
        ("HTTPS://GO.DAILY.EXAMPLE.COM/v1/claims/\(token)", token),
        ("https://daily.example.com./v1/claims/\(token)", token),
        ("Open https://daily.example.com/v1/claims/\(token). Thanks!", token),
        ("<https://daily.example.com/v1/claims/\(token)>", token),
        ("(see https://go.daily.example.com/v1/claims/\(token))", token),
        ("https://evil.example/v1/claims/\(token) https://go.daily.example.com/v1/claims/\(token)", token),
        ("http://go.daily.example.com/v1/claims/\(token)", nil),
        ("https://evil.example/v1/claims/\(token)", nil),
        ("https://go.daily.example.com.evil.example/v1/claims/\(token)", nil),
        ("https://evil@go.daily.example.com/v1/claims/\(token)", nil),
        ("https://go.daily.example.com:8443/v1/claims/\(token)", nil),
        ("https://go.daily.example.com/v1/claim/\(token)", nil),
        ("https://go.daily.example.com/x/v1/claims/\(token)", nil),
        ("https://go.daily.example.com/v1/claims/\(token)?x=1", nil),
        ("https://go.daily.example.com/v1/claims/lfc_short", nil),
        ("https://go.daily.example.com/v1/claims/lfc_3q2-7wEjRZ6Qb_pJkLm0xB", nil),
        ("https://go.daily.example.com/v1/claims/lfc_3q2-7wEjRZ6Qb_pJkLm0x=", nil),
        ("https://go.daily.example.com/v1/claims/abc_3q2-7wEjRZ6Qb_pJkLm0xA", nil),
        ("just some text", nil),
        ("", nil),
    ] as [(String, String?)])
    func theTokenIsReadFromAClaimURLOnAnAcceptedHostOnly(text: String, token: String?) {
        #expect(ClaimURL.first(in: text, hosts: Self.hosts)?.token == token)
    }

    @Test func aWholeTextClaimURLKeepsItsHostInLowerCase() throws {
        let url = try #require(ClaimURL("https://Daily.Example.com/v1/claims/\(Self.token)", hosts: Self.hosts))
        #expect(url.host == "daily.example.com")
        #expect(url.description == "https://daily.example.com/v1/claims/\(Self.token)")
        #expect(ClaimURL("see https://daily.example.com/v1/claims/\(Self.token)", hosts: Self.hosts) == nil,
                "the initializer takes a URL, not a message")
    }

    @Test func anAcceptedHostMayNameAPort() {
        #expect(ClaimURL("https://127.0.0.1:8443/v1/claims/\(Self.token)", hosts: ["127.0.0.1:8443"])?.token == Self.token)
    }

    @Test(arguments: [
        (Fixtures.token, true), ("lfc_AAAAAAAAAAAAAAAAAAAAAA", true), ("lfc_AAAAAAAAAAAAAAAAAAAAAB", false),
        ("lfc_AAAAAAAAAAAAAAAAAAAAA", false), ("lfc_AAAAAAAAAAAAAAAAAAAAAAA", false), ("LFC_AAAAAAAAAAAAAAAAAAAAAA", false),
        ("lfc_AAAAAAAAAAAAAAAAAAAA+A", false),
    ])
    func tokensAreCheckedLikeTheServerDoes(text: String, valid: Bool) {
        #expect(ClaimURL.isToken(text) == valid)
    }

    @Test(arguments: [
        ("landfall_claim=\(token)", token),
        ("landfall_claim%3D\(token)", token),
        ("utm_source=google-play&landfall_claim=\(token)&utm_medium=organic", token),
        ("utm_source=google-play&utm_medium=organic", nil),
        ("landfall_claim=lfc_forged", nil),
        ("", nil),
    ] as [(String, String?)])
    func thePlayInstallReferrerCarriesTheToken(referrer: String, token: String?) {
        #expect(ClaimURL.token(inInstallReferrer: referrer) == token)
    }
}
