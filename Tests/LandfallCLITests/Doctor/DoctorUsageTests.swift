import LandfallCLI
import Testing

/// Arguments the doctor cannot work with are usage errors (exit 2) that say what to type instead.
@Suite struct DoctorUsageTests {
    @Test(arguments: [
        (["doctor"], "give a host to check (landfall doctor example.com), or --local, --entitlements, --manifest, --url or --sitemap"),
        (["doctor", "http://good.landfall.test"], "http://good.landfall.test: iOS and Android fetch association files over HTTPS only; "
            + "give https://good.landfall.test or just the host (or --local http://good.landfall.test for a development server)"),
        (["doctor", "good.landfall.test", "--resolve", "good.landfall.test"],
            "--resolve good.landfall.test: write host:address, such as example.com:203.0.113.7"),
        (["doctor", "good.landfall.test", "--resolve", "good.landfall.test:443:127.0.0.1"],
            "--resolve good.landfall.test:443:127.0.0.1: '443:127.0.0.1' is not an IPv4 or IPv6 address "
            + "(write host:address; curl's host:port:address form is not accepted)"),
        (["doctor", "good.landfall.test", "--android-package", "com.example.app", "--sha256", "14:6D:E9"],
            #"--sha256 14:6D:E9: "14:6D:E9" is 3 bytes; a SHA-256 fingerprint is 32 (64 hex digits)"#),
        (["doctor", "good.landfall.test", "--sha256", DoctorSamples.fingerprint],
            "--sha256 needs --android-package: fingerprints are checked for one package"),
        (["doctor", "good.landfall.test", "--timeout", "0"], "--timeout must be more than 0 and at most 600 seconds, not 0"),
    ])
    func aBadArgumentIsAUsageErrorSayingWhatToDo(arguments: [String], message: String) async {
        let output = await runLandfall(arguments)

        #expect(output.status.rawValue == 2)
        #expect(output.standardError.contains("error: " + message), "\(output.standardError)")
        #expect(output.standardOutput.isEmpty)
    }

    @Test func aCAFileThatIsNotPEMIsAUsageError() async throws {
        try await DoctorStage.run { stage in
            let notPEM = try stage.file("ca.pem", "this is not a certificate\n")
            let output = await runLandfall(["doctor", "good.landfall.test", "--ca-file", notPEM, "--timeout", "1"])

            #expect(output.status.rawValue == 2)
            #expect(output.standardError.hasPrefix("error: --ca-file \(notPEM): no certificate found: the file must hold the authority's "
                + "certificate in PEM"), "\(output.standardError)")
            #expect(output.standardOutput.isEmpty)
        }
    }
}
