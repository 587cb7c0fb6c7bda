import Testing
import LandfallDoctor

/// `dns`: what DNS (or `--resolve`) gave for a host.
@Suite struct HostChecksTests {
    @Test func addressesPassAndAreListedInTheResolversOrder() {
        let check = HostChecks.check(for: .addresses(["192.0.2.7", "2001:db8::7"]), host: "example.com")
        #expect(check.id == "dns")
        #expect(check.status == .pass)
        #expect(check.title == "DNS resolves example.com")
        #expect(check.detail == "example.com resolves to 192.0.2.7, 2001:db8::7")
        #expect(check.fix == nil)
    }

    @Test func anOverriddenAddressPassesAndSaysDNSWasNotAsked() {
        let check = HostChecks.check(for: .overridden("203.0.113.7"), host: "links.example.com")
        #expect(check.id == "dns")
        #expect(check.status == .pass)
        #expect(check.detail == "--resolve gives 203.0.113.7 for links.example.com; DNS was not asked")
        #expect(check.fix == nil)
    }

    @Test func aNameThatDoesNotResolveFailsWithTheResolversReasonAndAFix() {
        let check = HostChecks.check(for: .failed(reason: "Name or service not known"), host: "links.example.com")
        #expect(check.id == "dns")
        #expect(check.status == .fail)
        #expect(check.title == "DNS resolves links.example.com")
        #expect(check.detail == "links.example.com does not resolve: Name or service not known")
        #expect(check.fix?.contains("A (or AAAA) record for links.example.com") == true)
    }
}
