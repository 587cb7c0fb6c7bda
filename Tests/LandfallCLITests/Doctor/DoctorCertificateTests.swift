import DoctorStandIns
import Foundation
import LandfallCLI
import Testing

/// The certificate a host presents, judged as iOS and Android judge it: names, dates, trust.
@Suite struct DoctorCertificateTests {
    let day: TimeInterval = 86400

    /// Runs the doctor against a host presenting `identity` and serving a healthy file.
    func examine(presenting identity: (DoctorStage) throws -> ServerIdentity, trusting: Bool = true,
                 _ body: (CommandOutput, DoctorTranscript) throws -> Void) async throws {
        try await DoctorStage.run { stage in
            let server = try await stage.httpsServer(identity: identity(stage), reply: DoctorSamples.healthySite)
            let output = await runLandfall(stage.doctor(["good.landfall.test:\(server.port)"], resolving: ["good.landfall.test"],
                                                        trusting: trusting))
            try body(output, DoctorTranscript(output))
        }
    }

    @Test func anExpiredCertificateFailsSayingWhenItExpired() async throws {
        // Expired within its authority's validity (the test authority is a day old), so only
        // the dates are wrong, not the chain.
        let end = Date.now - 2 * 3600
        try await examine(presenting: { try $0.authority.issue(for: ["good.landfall.test"], notValidBefore: end - 18 * 3600, notValidAfter: end) }) {
            output, transcript in
            let validity = try #require(transcript.check("Certificate in date", in: "good.landfall.test:"))

            #expect(output.status.rawValue == 1, "\(output.standardOutput)")
            #expect(validity.symbol == "✗")
            #expect(validity.detail == "the certificate expired on \(Self.isoDay(end)) (less than a day ago)")
            #expect(validity.fix?.hasPrefix("renew the certificate and install the new one on the server") == true)
            #expect(transcript.check("Chain trusted", in: "good.landfall.test:")?.detail
                == "issued by CN=Landfall Test CA, a trusted authority; trusted, but the certificate expired (see \"Certificate in date\")")
            #expect(transcript.check("Certificate not about to expire", in: "good.landfall.test:")?.symbol == "-")
        }
    }

    @Test func aCertificateForAnotherHostFailsNamingWhatItCovers() async throws {
        try await examine(presenting: { try $0.authority.issue(for: ["other.landfall.test", "www.other.landfall.test"]) }) { output, transcript in
            let names = try #require(transcript.check("Certificate names the host", in: "good.landfall.test:"))

            #expect(output.status.rawValue == 1, "\(output.standardOutput)")
            #expect(names.symbol == "✗")
            #expect(names.detail == "the certificate does not cover good.landfall.test; it names other.landfall.test, www.other.landfall.test")
            #expect(names.fix == "issue a certificate that names good.landfall.test")
        }
    }

    @Test func aCertificateFromAnUnknownAuthorityIsNotTrusted() async throws {
        try await examine(presenting: { try $0.authority.issue(for: ["good.landfall.test"]) }, trusting: false) { output, transcript in
            let trust = try #require(transcript.check("Chain trusted", in: "good.landfall.test:"))

            #expect(output.status.rawValue == 1, "\(output.standardOutput)")
            #expect(trust.symbol == "✗")
            #expect(trust.detail == "issued by CN=Landfall Test CA, which is not a trusted authority")
            #expect(trust.fix?.hasPrefix("install a certificate from a public certificate authority") == true)
            // Everything else about the host is fine.
            #expect(transcript.check("Certificate names the host", in: "good.landfall.test:")?.symbol == "✓")
        }
    }

    @Test func aCertificateExpiringWithin30DaysIsAWarningAndStillHealthy() async throws {
        let end = Date.now + 10 * day
        try await examine(presenting: { try $0.authority.issue(for: ["good.landfall.test"], notValidAfter: end) }) { output, transcript in
            let expiry = try #require(transcript.check("Certificate not about to expire", in: "good.landfall.test:"))

            #expect(output.status.rawValue == 0, "\(output.standardOutput)")
            #expect(expiry.symbol == "!")
            #expect(expiry.detail.hasPrefix("expires on \(Self.isoDay(end)), in "), "\(expiry.detail)")
            #expect(expiry.fix?.hasPrefix("renew the certificate before \(Self.isoDay(end))") == true)
            #expect(transcript.check("Certificate in date", in: "good.landfall.test:")?.symbol == "✓")
        }
    }

    /// A day as the checks print it: `yyyy-MM-dd` in UTC.
    static func isoDay(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZone: .gmt).year().month().day())
    }
}
