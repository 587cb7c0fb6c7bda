import DoctorStandIns
import LandfallCLI
import Testing

/// Android's `assetlinks.json`: the package and its signing-certificate fingerprint, and the
/// file required when Android is asked about.
@Suite struct DoctorAndroidTests {
    /// Runs the doctor with `arguments` against a host serving both files.
    func examine(_ arguments: [String], files: [String: StandInReply] = [
        DoctorSamples.associationPath: .json(DoctorSamples.association),
        DoctorSamples.assetLinksPath: .json(DoctorSamples.assetLinks),
    ], _ body: (CommandOutput, DoctorTranscript) throws -> Void) async throws {
        try await DoctorStage.run { stage in
            let server = try await stage.httpsServer(for: ["good.landfall.test"], reply: DoctorSamples.site(files))
            let output = await runLandfall(stage.doctor(["good.landfall.test:\(server.port)"] + arguments, resolving: ["good.landfall.test"]))
            try body(output, DoctorTranscript(output))
        }
    }

    @Test func theRightPackageAndFingerprintPass() async throws {
        let fingerprint = DoctorSamples.fingerprint.replacingOccurrences(of: ":", with: "").lowercased()
        try await examine(["--android-package", DoctorSamples.androidPackage, "--sha256", fingerprint]) { output, transcript in
            let android = try #require(transcript.section(DoctorTranscript.androidSection))

            #expect(output.status.rawValue == 0, "\(output.standardOutput)")
            #expect(android.checks.allSatisfy { $0.symbol == "✓" }, "\(android.lines)")
            #expect(android.check("Grants App Links to \(DoctorSamples.androidPackage)")?.detail
                == "[0] grants delegate_permission/common.handle_all_urls to android_app \(DoctorSamples.androidPackage)")
            #expect(android.check("Lists fingerprint 14:6D:E9…44:E5")?.detail
                == "\(DoctorSamples.fingerprint) is listed for \(DoctorSamples.androidPackage) at [0].target.sha256_cert_fingerprints[0]")
        }
    }

    @Test func aFingerprintTheFileDoesNotListFailsWithThePlayAppSigningHint() async throws {
        try await examine(["--android-package", DoctorSamples.androidPackage, "--sha256", DoctorSamples.otherFingerprint]) { output, transcript in
            let check = try #require(transcript.check("Lists fingerprint AA:BB:CC…88:99", in: DoctorTranscript.androidSection))

            #expect(output.status.rawValue == 1, "\(output.standardOutput)")
            #expect(check.symbol == "✗")
            #expect(check.detail == "\(DoctorSamples.otherFingerprint) is not listed for \(DoctorSamples.androidPackage)")
            #expect(check.notes == ["\(DoctorSamples.androidPackage): \(DoctorSamples.fingerprint) ([0].target.sha256_cert_fingerprints[0])"])
            #expect(check.fix?.contains("with Play App Signing, use the app signing key's SHA-256 from Play Console") == true)
        }
    }

    @Test func androidAskedForWithNoFileFails() async throws {
        try await examine(["--platform", "android"], files: [DoctorSamples.associationPath: .json(DoctorSamples.association)]) { output, transcript in
            let android = try #require(transcript.section(DoctorTranscript.androidSection))
            let status = try #require(android.check("Status 200"))

            #expect(output.status.rawValue == 1, "\(output.standardOutput)")
            #expect(status.symbol == "✗")
            #expect(status.detail.hasSuffix("/.well-known/assetlinks.json answers 404: not found"))
            #expect(status.fix?.hasPrefix("put the file at /.well-known/assetlinks.json on good.landfall.test") == true)
            // --platform android leaves Apple's file out.
            #expect(transcript.section(DoctorTranscript.appleSection) == nil)
        }
    }
}
