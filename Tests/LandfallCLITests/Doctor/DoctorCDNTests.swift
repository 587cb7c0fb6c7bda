import DoctorStandIns
import LandfallCLI
import Testing

/// Apple's CDN copy (`--cdn-base-url` aims it at a stand-in): its failure headers quoted, and
/// a copy that differs from the origin named by the app IDs that differ.
@Suite struct DoctorCDNTests {
    /// Runs the doctor against a healthy host and a CDN stand-in answering `cdnReply` for it.
    func examine(cdnReply: StandInReply, _ body: (CommandOutput, DoctorTranscript, _ cdnPort: Int) throws -> Void) async throws {
        try await DoctorStage.run { stage in
            let origin = try await stage.httpsServer(for: ["good.landfall.test"], reply: DoctorSamples.healthySite)
            let cdn = try await stage.httpsServer(for: ["cdn.landfall.test"], reply: DoctorSamples.site(["/a/v1/good.landfall.test": cdnReply]))
            let output = await runLandfall(stage.doctor(
                ["good.landfall.test:\(origin.port)", "--cdn-base-url", "https://cdn.landfall.test:\(cdn.port)"],
                resolving: ["good.landfall.test", "cdn.landfall.test"]))
            try body(output, DoctorTranscript(output), cdn.port)
            #expect(cdn.requests.map(\.path) == ["/a/v1/good.landfall.test"])
        }
    }

    @Test func theCDNsFailureReasonAndDetailsAreQuoted() async throws {
        let reply = StandInReply.respond(status: 404, headers: [
            ("Apple-Failure-Reason", "Redirect"),
            ("Apple-Failure-Details", "301 to https://www.good.landfall.test/.well-known/apple-app-site-association"),
            ("Apple-Try-Direct", "false"),
        ])
        try await examine(cdnReply: reply) { output, transcript, cdnPort in
            let section = try #require(transcript.section("Apple's CDN ("))
            let failure = try #require(section.check("Apple's CDN reports no failure"))

            #expect(output.status.rawValue == 1, "\(output.standardOutput)")
            #expect(section.title == "Apple's CDN (https://cdn.landfall.test:\(cdnPort)/a/v1/good.landfall.test)")
            #expect(failure.symbol == "✗")
            #expect(failure.detail == #"Apple-Failure-Reason: "Redirect"; "#
                + #"Apple-Failure-Details: "301 to https://www.good.landfall.test/.well-known/apple-app-site-association""#)
            #expect(failure.notes == ["Apple-Try-Direct: false"])
            #expect(failure.fix == "serve the file at https://good.landfall.test/.well-known/apple-app-site-association itself with status 200: "
                + "Apple's CDN does not follow redirects; it retries within about a day")
            #expect(section.check("Apple's CDN has a copy")?.symbol == "✗")
            #expect(section.check("CDN copy matches the origin")?.symbol == "-")
        }
    }

    @Test func aCDNCopyListingAnotherAppIsAWarningNamingTheAppIDs() async throws {
        try await examine(cdnReply: .json(DoctorSamples.association(listing: DoctorSamples.olderAppID))) { output, transcript, _ in
            let comparison = try #require(transcript.check("CDN copy matches the origin", in: "Apple's CDN ("))

            #expect(output.status.rawValue == 0, "\(output.standardOutput)")
            #expect(comparison.symbol == "!")
            #expect(comparison.detail.hasPrefix("Apple's CDN still serves an older copy"))
            #expect(comparison.notes == [
                "app IDs only on the origin: \(DoctorSamples.appID)",
                "app IDs only on Apple's CDN: \(DoctorSamples.olderAppID)",
            ])
            #expect(transcript.check("Apple's CDN reports no failure", in: "Apple's CDN (")?.symbol == "✓")
        }
    }

    @Test func aCDNCopyEqualToTheOriginPasses() async throws {
        // The same JSON with members in another order and other white space is the same file.
        let reordered = """
            { "applinks" : { "details" : [ { "components" : [
                {"exclude": true, "/": "/archive/*", "comment": "the archive stays on the web"},
                {"comment": "puzzles open the app", "/": "/puzzle/*"}
            ], "appIDs" : ["\(DoctorSamples.appID)"] } ] } }
            """
        try await examine(cdnReply: .json(reordered)) { output, transcript, _ in
            let section = try #require(transcript.section("Apple's CDN ("))

            #expect(output.status.rawValue == 0, "\(output.standardOutput)")
            #expect(section.check("CDN copy matches the origin")?.symbol == "✓")
            #expect(section.check("CDN copy matches the origin")?.detail == "Apple's CDN serves the same JSON as good.landfall.test")
            #expect(section.check("Apple's CDN has a copy")?.symbol == "✓")
            // Only the port the stand-in listens on is off: phones use 443.
            #expect(section.check("Served on port 443")?.symbol == "!")
        }
    }
}
