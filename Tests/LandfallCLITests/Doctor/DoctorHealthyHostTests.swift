import DoctorStandIns
import LandfallCLI
import Testing

/// A host that serves its association file the way Apple's CDN wants it: every check passes.
@Suite struct DoctorHealthyHostTests {
    @Test func aHealthyHostPassesEveryCheckAndExitsZero() async throws {
        try await DoctorStage.run { stage in
            let server = try await stage.httpsServer(for: ["good.landfall.test"], reply: DoctorSamples.healthySite)
            let output = await runLandfall(stage.doctor(["good.landfall.test:\(server.port)"], resolving: ["good.landfall.test"]))
            let transcript = DoctorTranscript(output)

            #expect(output.status.rawValue == 0)
            #expect(transcript.verdict.hasPrefix("healthy: "))
            #expect(transcript.sections.first?.title == "good.landfall.test:\(server.port)")
            let apple = try #require(transcript.section(DoctorTranscript.appleSection))
            #expect(apple.title == "apple-app-site-association (https://good.landfall.test:\(server.port)/.well-known/apple-app-site-association)")
            let hostAndApple = transcript.sections.prefix(2).flatMap(\.checks)
            #expect(hostAndApple.map(\.title) == [
                "DNS resolves good.landfall.test", "Certificate names the host", "Certificate in date",
                "Certificate not about to expire", "Chain trusted",
                "No redirects", "Status 200", "Content type application/json", "At most 128 KB", "JSON, not an HTML page",
                "No byte-order mark", "Valid JSON", "landfall aasa validate passes", "Apps listed",
            ])
            #expect(hostAndApple.allSatisfy { $0.symbol == "✓" }, "\(output.standardOutput)")
            #expect(apple.check("Apps listed")?.detail == "applinks lists 1 app that can open links on good.landfall.test")
            #expect(output.standardError.isEmpty)
        }
    }

    @Test func anAppIDTheFileListsIsATickNamingWhereItIsListed() async throws {
        try await DoctorStage.run { stage in
            let server = try await stage.httpsServer(for: ["good.landfall.test"], reply: DoctorSamples.healthySite)
            let output = await runLandfall(stage.doctor(
                ["good.landfall.test:\(server.port)", "--app-id", DoctorSamples.appID], resolving: ["good.landfall.test"]))
            let check = try #require(DoctorTranscript(output).check("Lists \(DoctorSamples.appID)", in: DoctorTranscript.appleSection))

            #expect(output.status.rawValue == 0)
            #expect(check.symbol == "✓")
            #expect(check.detail == "listed in applinks.details[0]")
        }
    }

    @Test func aHostWithoutAndroidsFileIsASkipAndStillHealthy() async throws {
        try await DoctorStage.run { stage in
            let server = try await stage.httpsServer(for: ["good.landfall.test"], reply: DoctorSamples.healthySite)
            let output = await runLandfall(stage.doctor(["good.landfall.test:\(server.port)"], resolving: ["good.landfall.test"]))
            let android = try #require(DoctorTranscript(output).section(DoctorTranscript.androidSection))

            #expect(output.status.rawValue == 0)
            #expect(android.checks.count == 1)
            #expect(android.checks.first?.symbol == "-")
            #expect(android.checks.first?.title == "Android App Links")
            #expect(android.checks.first?.detail.hasPrefix("good.landfall.test serves no assetlinks.json (404), so Android App Links are not set up") == true)
            #expect(android.checks.first?.detail.contains("pass --android-package (or --platform android) to require them") == true)
        }
    }
}
