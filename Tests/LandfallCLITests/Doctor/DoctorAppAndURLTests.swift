import DoctorStandIns
import LandfallCLI
import Testing

/// `--app-id` (the app must be listed) and `--url` (the URL must open it, with the rule that
/// decides), and a target given as a page URL, which is checked as a `--url` too.
@Suite struct DoctorAppAndURLTests {
    /// Runs the doctor with `arguments` against a healthy host; `arguments` gets the port.
    func examine(_ arguments: (Int) -> [String], _ body: (CommandOutput, DoctorTranscript, _ port: Int) throws -> Void) async throws {
        try await DoctorStage.run { stage in
            let server = try await stage.httpsServer(for: ["good.landfall.test"], reply: DoctorSamples.healthySite)
            let output = await runLandfall(stage.doctor(arguments(server.port), resolving: ["good.landfall.test"]))
            try body(output, DoctorTranscript(output), server.port)
        }
    }

    @Test func anAppIDTheFileDoesNotListFailsNamingTheAppsItLists() async throws {
        try await examine({ ["good.landfall.test:\($0)", "--app-id", DoctorSamples.unlistedAppID] }) { output, transcript, _ in
            let check = try #require(transcript.check("Lists \(DoctorSamples.unlistedAppID)", in: DoctorTranscript.appleSection))

            #expect(output.status.rawValue == 1, "\(output.standardOutput)")
            #expect(check.symbol == "✗")
            #expect(check.detail == "applinks does not list \(DoctorSamples.unlistedAppID); it lists \(DoctorSamples.appID)")
            #expect(check.notes == ["apps listed on good.landfall.test: \(DoctorSamples.appID)"])
            #expect(check.fix == "add \"\(DoctorSamples.unlistedAppID)\" to applinks.details[].appIDs")
        }
    }

    @Test func aURLThatOpensTheAppPassesNamingTheRule() async throws {
        try await examine({ ["good.landfall.test:\($0)", "--url", "https://good.landfall.test/puzzle/2026-11-20"] }) { output, transcript, _ in
            let urls = try #require(transcript.section("URLs"))
            let check = try #require(urls.checks.first)

            #expect(output.status.rawValue == 0, "\(output.standardOutput)")
            #expect(urls.checks.count == 1)
            #expect(check.symbol == "✓")
            #expect(check.title == "https://good.landfall.test/puzzle/2026-11-20 opens \(DoctorSamples.appID)")
            #expect(check.detail == "opens \(DoctorSamples.appID): rule applinks.details[0].components[1] (`/puzzle/*`) matches")
            #expect(!check.notes.isEmpty)
        }
    }

    @Test func anExcludedURLFailsNamingTheExclusion() async throws {
        try await examine({ ["good.landfall.test:\($0)", "--url", "https://good.landfall.test/archive/2019"] }) { output, transcript, _ in
            let check = try #require(transcript.section("URLs")?.checks.first)

            #expect(output.status.rawValue == 1, "\(output.standardOutput)")
            #expect(check.symbol == "✗")
            #expect(check.detail == "does not open \(DoctorSamples.appID): excluded by applinks.details[0].components[0] (`/archive/*`)")
            #expect(check.fix?.hasPrefix("if this URL should open \(DoctorSamples.appID), narrow or remove the exclusion at "
                + "applinks.details[0].components[0]") == true)
        }
    }

    @Test func aTargetGivenAsAPageURLIsCheckedAsAURLToo() async throws {
        try await examine({ ["https://good.landfall.test:\($0)/puzzle/2026-11-20"] }) { output, transcript, port in
            let check = try #require(transcript.section("URLs")?.checks.first)

            #expect(output.status.rawValue == 0, "\(output.standardOutput)")
            #expect(transcript.sections.first?.title == "good.landfall.test:\(port)")
            #expect(transcript.section(DoctorTranscript.appleSection) != nil)
            #expect(check.symbol == "✓")
            #expect(check.title == "https://good.landfall.test:\(port)/puzzle/2026-11-20 opens \(DoctorSamples.appID)")
            #expect(check.detail.contains("`/puzzle/*`"))
        }
    }
}
