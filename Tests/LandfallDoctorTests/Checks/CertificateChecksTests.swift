import Testing
import Foundation
import X509
import DoctorStandIns
@testable import LandfallDoctor

/// Judging presented chains made at run time by a test certificate authority: names, dates and
/// trust, each problem in its own check.
@Suite struct CertificateChecksTests {
    static let ids = ["tls.host", "tls.validity", "tls.expiry", "tls.trusted"]
    static let day: TimeInterval = 86400

    /// Whole seconds, as certificates store their dates, so that day counts come out exact.
    let now = Date(timeIntervalSince1970: Date.now.timeIntervalSince1970.rounded(.down))
    let authority: TestCertificateAuthority
    let roots: CertificateStore

    init() throws {
        authority = try TestCertificateAuthority()
        roots = CertificateStore([authority.certificate])
    }

    func judge(_ chain: [Certificate], host: String = "example.com", at time: Date? = nil) async -> [DoctorCheck] {
        let observation = TLSObservation(host: host, port: 443, address: "192.0.2.1", presentedChain: chain)
        return await CertificateChecks.checks(for: observation, trustRoots: roots, now: time ?? now)
    }

    func check(_ id: String, in checks: [DoctorCheck]) throws -> DoctorCheck {
        try #require(checks.first { $0.id == id })
    }

    /// `yyyy-MM-dd` in UTC, written out here rather than with the code under test.
    static func utcDay(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .gmt
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    // MARK: - A good certificate

    @Test func aCertificateForTheHostFromATrustedAuthorityPassesEveryCheck() async throws {
        let identity = try authority.issue(for: ["example.com", "www.example.com"], notValidBefore: now - Self.day,
                                           notValidAfter: now + 90 * Self.day)
        let checks = await judge(identity.chain)
        #expect(checks.map(\.id) == Self.ids)
        #expect(checks.map(\.status) == [.pass, .pass, .pass, .pass])
        #expect(try check("tls.host", in: checks).detail == "the certificate names example.com")
        #expect(try check("tls.validity", in: checks).detail
            == "valid from \(Self.utcDay(now - Self.day)) to \(Self.utcDay(now + 90 * Self.day))")
        #expect(try check("tls.expiry", in: checks).detail == "expires on \(Self.utcDay(now + 90 * Self.day)), in 90 days")
        #expect(try check("tls.trusted", in: checks).detail == "issued by CN=Landfall Test CA, a trusted authority")
    }

    // MARK: - Names

    struct NameCase: Sendable, CustomTestStringConvertible {
        var names: [String]
        var host: String
        var covered: Bool
        var words: [String] = []
        var testDescription: String { "\(names) for \(host)" }
    }

    static let nameCases: [NameCase] = [
        NameCase(names: ["www.example.com"], host: "example.com", covered: false,
                 words: ["does not cover example.com", "it names www.example.com",
                         "issue a certificate that names example.com (a certificate for www.example.com does not cover example.com)"]),
        NameCase(names: ["example.com"], host: "www.example.com", covered: false,
                 words: ["a certificate for example.com does not cover www.example.com"]),
        NameCase(names: ["*.example.com"], host: "a.example.com", covered: true, words: ["covers a.example.com with *.example.com"]),
        NameCase(names: ["*.example.com"], host: "a.b.example.com", covered: false, words: ["one label only", "not a.b.example.com"]),
        NameCase(names: ["*.example.com"], host: "example.com", covered: false, words: ["not example.com itself"]),
        NameCase(names: ["other.test", "*.other.test"], host: "example.com", covered: false, words: ["it names other.test, *.other.test"]),
        NameCase(names: ["EXAMPLE.com."], host: "example.COM", covered: true),
        NameCase(names: ["*.com"], host: "example.com", covered: false),
        NameCase(names: ["a*.example.com"], host: "ab.example.com", covered: false),
        NameCase(names: (1...12).map { "site\($0).example.net" }, host: "example.com", covered: false, words: ["and 4 more", "site12.example.net"]),
    ]

    @Test(arguments: nameCases)
    func theCertificateMustNameTheHost(_ example: NameCase) async throws {
        let identity = try authority.issue(for: example.names)
        let checks = await judge(identity.chain, host: example.host)
        let host = try check("tls.host", in: checks)
        #expect(host.status == (example.covered ? .pass : .fail))
        #expect((host.fix != nil) == !example.covered)
        let text = ([host.detail] + host.notes + [host.fix ?? ""]).joined(separator: "\n")
        for word in example.words {
            #expect(text.contains(word), "\(text)")
        }
        #expect(try check("tls.trusted", in: checks).status == .pass, "a name mismatch is not a trust problem")
    }

    @Test(arguments: [
        ("192.0.2.1", "192.0.2.1", true), ("192.0.2.1", "192.0.2.2", false),
        ("2001:db8::1", "[2001:DB8:0:0:0:0:0:1]", true), ("2001:db8::1", "2001:db8::2", false),
        ("192.0.2.1", "example.com", false), ("*.example.com", "192.0.2.1", false),
    ])
    func anAddressIsCoveredOnlyByTheSameAddress(name: String, host: String, covered: Bool) {
        #expect(CertificateChecks.covers(name, host: host) == covered)
    }

    // MARK: - Dates

    @Test func anExpiredCertificateOnATrustedChainIsTrustedButExpired() async throws {
        let identity = try authority.issue(for: ["example.com"], notValidBefore: now - 30 * Self.day, notValidAfter: now + 60 * Self.day)
        let checks = await judge(identity.chain, at: now + 111 * Self.day)
        #expect(checks.map(\.status) == [.pass, .fail, .skip, .pass])
        let validity = try check("tls.validity", in: checks)
        #expect(validity.detail == "the certificate expired on \(Self.utcDay(now + 60 * Self.day)) (51 days ago)")
        #expect(validity.fix?.contains("renew") == true)
        #expect(try check("tls.expiry", in: checks).detail.contains("expired already"))
        #expect(try check("tls.trusted", in: checks).detail.contains("trusted, but the certificate expired"))
    }

    @Test func aCertificateNotValidYetFailsTheDates() async throws {
        let identity = try authority.issue(for: ["example.com"], notValidBefore: now + 3 * Self.day, notValidAfter: now + 93 * Self.day)
        let checks = await judge(identity.chain)
        #expect(checks.map(\.status) == [.pass, .fail, .pass, .pass])
        #expect(try check("tls.validity", in: checks).detail
            .hasPrefix("the certificate is not valid until \(Self.utcDay(now + 3 * Self.day)) (in 3 days)"))
        #expect(try check("tls.trusted", in: checks).detail.contains("not valid yet"))
    }

    @Test(arguments: [(10, CheckStatus.warn), (30, .warn), (31, .pass), (40, .pass)])
    func aCertificateThatExpiresWithin30DaysWarns(days: Int, status: CheckStatus) async throws {
        let end = now + Double(days) * Self.day
        let identity = try authority.issue(for: ["example.com"], notValidBefore: now - Self.day, notValidAfter: end)
        let expiry = try check("tls.expiry", in: await judge(identity.chain))
        #expect(expiry.status == status)
        #expect(expiry.detail == "expires on \(Self.utcDay(end)), in \(days) days")
        #expect((expiry.fix != nil) == (status == .warn))
    }

    // MARK: - Trust

    @Test func aSelfSignedCertificateIsNotTrusted() async throws {
        let identity = try TestCertificateAuthority.selfSigned(for: ["example.com"])
        let checks = await judge(identity.chain)
        #expect(checks.map(\.status) == [.pass, .pass, .pass, .fail])
        let trusted = try check("tls.trusted", in: checks)
        #expect(trusted.detail.contains("self-signed"))
        #expect(trusted.fix?.contains("public certificate authority") == true)
        #expect(trusted.notes.contains { $0.contains("CN=example.com, issued by CN=example.com") })
    }

    @Test func aCertificateFromAnUnknownAuthorityIsNotTrusted() async throws {
        let unknown = try TestCertificateAuthority(name: "Unknown CA")
        let identity = try unknown.issue(for: ["example.com"])
        let trusted = try check("tls.trusted", in: await judge(identity.chain))
        #expect(trusted.status == .fail)
        #expect(trusted.detail == "issued by CN=Unknown CA, which is not a trusted authority")
        #expect(trusted.fix?.contains("public certificate authority") == true)
    }

    @Test func anAuthorityWithTheNameOfATrustedOneButAnotherKeyIsNotTrusted() async throws {
        let impostor = try TestCertificateAuthority()
        let identity = try impostor.issue(for: ["example.com"])
        let trusted = try check("tls.trusted", in: await judge(identity.chain))
        #expect(trusted.status == .fail)
        #expect(trusted.detail.contains("CN=Landfall Test CA"))
    }

    @Test func aChainToARootTheServerSentButNobodyTrustsIsNotTrusted() async throws {
        let unknown = try TestCertificateAuthority(name: "Private Root")
        let identity = try unknown.issueIntermediate(name: "Private Intermediate").issue(for: ["example.com"])
        let trusted = try check("tls.trusted", in: await judge(identity.chain + [unknown.certificate]))
        #expect(trusted.status == .fail)
        #expect(trusted.detail == "issued by CN=Private Intermediate, which leads to CN=Private Root, which is not a trusted authority")
    }

    @Test func aMissingIntermediateIsNamedWithWhereToFindIt() async throws {
        let intermediate = try authority.issueIntermediate()
        let identity = try intermediate.issue(for: ["example.com"])
        let trusted = try check("tls.trusted", in: await judge([identity.leaf]))
        #expect(trusted.status == .fail)
        #expect(trusted.detail == "the server did not send the intermediate certificate CN=Landfall Test Intermediate CA; "
            + "devices do not fetch missing intermediates")
        #expect(trusted.fix?.contains("full chain") == true)
        #expect(trusted.fix?.contains("http://ca.invalid/") == true)
        #expect(trusted.notes == ["the server sent:", "1. CN=example.com, issued by CN=Landfall Test Intermediate CA "
            + "(valid \(Self.utcDay(identity.leaf.notValidBefore)) to \(Self.utcDay(identity.leaf.notValidAfter)))"])
    }

    @Test func aFullChainThroughAnIntermediateIsTrusted() async throws {
        let intermediate = try authority.issueIntermediate()
        let identity = try intermediate.issue(for: ["example.com"])
        #expect(identity.chain.count == 2)
        let checks = await judge(identity.chain)
        #expect(checks.map(\.status) == [.pass, .pass, .pass, .pass])
        let trusted = try check("tls.trusted", in: checks)
        #expect(trusted.detail == "issued by CN=Landfall Test Intermediate CA, which leads to CN=Landfall Test CA, a trusted authority")
        #expect(trusted.notes.count == 3)
        #expect(trusted.notes.last?.contains("not sent: from the trust store") == true)
    }

    @Test func anIntermediateThatExpiredBreaksATrustedChain() async throws {
        // The intermediate is valid for five years; judge at six, with a leaf valid then.
        let later = now + 6 * 365 * Self.day
        let intermediate = try authority.issueIntermediate()
        let identity = try intermediate.issue(for: ["example.com"], notValidBefore: later - Self.day, notValidAfter: later + 60 * Self.day)
        let checks = await judge(identity.chain, at: later)
        #expect(checks.map(\.status) == [.pass, .pass, .pass, .fail])
        let trusted = try check("tls.trusted", in: checks)
        #expect(trusted.detail.hasPrefix("the chain leads to CN=Landfall Test CA, but the intermediate certificate "
            + "CN=Landfall Test Intermediate CA expired on"))
    }

    @Test func aServerThatPresentsNoCertificateFailsTrust() async throws {
        let checks = await judge([])
        #expect(checks.map(\.id) == Self.ids)
        #expect(checks.map(\.status) == [.skip, .skip, .skip, .fail])
        #expect(try check("tls.trusted", in: checks).detail == "the server presented no certificate")
    }

    @Test(arguments: [(-51.5, "51 days ago"), (-1, "1 day ago"), (-0.5, "less than a day ago"), (0.5, "in less than a day"),
                      (12, "in 12 days")])
    func distancesAreWholeDays(days: Double, words: String) {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(CertificateChecks.distance(from: now, to: now + days * Self.day) == words)
    }
}
