@testable import LandfallSite
import Testing

/// Which host names a configuration may list, and what the message says to write instead.
@Suite struct HostNameTests {
    @Test(arguments: ["example.com", "daily.example.com", "EXAMPLE.com", "a-b.example.com", "localhost", "127.0.0.1",
                      "xn--caf-dma.example", "a.b.c.d.example.co.uk", String(repeating: "a", count: 63) + ".com"])
    func aHostNameIsAccepted(_ host: String) {
        #expect(HostName.problem(in: host) == nil)
    }

    static let problems: [(host: String, message: String)] = [
        ("", "a host name must not be empty"),
        ("https://example.com", "'https://example.com' has a scheme; write the host name only: example.com"),
        ("https://example.com/app", "has a scheme; write the host name only: example.com"),
        ("*.example.com", "'*.example.com' has a wildcard; list each host the site answers on"),
        ("example.com:8443", "'example.com:8443' has a port; write the host name only: example.com"),
        ("example.com/app", "'example.com/app' has a path; write the host name only: example.com"),
        ("example.com.", "'example.com.' ends with '.'; write example.com"),
        ("example..com", "'example..com' has an empty label (two dots in a row, or a leading dot)"),
        (".example.com", "has an empty label"),
        (String(repeating: "a", count: 64) + ".com", "is longer than 63 characters"),
        ("-daily.example.com", "the label '-daily' starts or ends with '-'"),
        ("daily-.example.com", "the label 'daily-' starts or ends with '-'"),
        ("café.example", "contains 'é'; a host name has letters, digits, '-' and '.' only (write internationalized names in their xn-- form)"),
        ("daily_puzzle.example", "contains '_'"),
        ("daily puzzle.example", "contains ' '"),
    ]

    @Test(arguments: problems)
    func aHostNameProblemSaysWhatToWrite(host: String, message: String) {
        let problem = HostName.problem(in: host)
        #expect(problem?.contains(message) == true, "\(problem ?? "no problem")")
    }

    @Test(arguments: [
        ("www.example.com", "example.com"), ("example.com", "example.com"), ("a.b.example.com", "example.com"),
        ("localhost", "localhost"), ("127.0.0.1", "127.0.0.1"), ("open.example.net", "example.net"),
    ])
    func theRegistrableDomainIsTheLastTwoLabels(host: String, domain: String) {
        #expect(HostName.registrableDomain(of: host) == domain)
    }

    @Test func twoSitesUnderOnePublicSuffixLookAlike() {
        // Without a public suffix list, co.uk is taken for a domain: a known approximation.
        #expect(HostName.registrableDomain(of: "daily.example.co.uk") == "co.uk")
    }
}
