import DoctorStandIns
import LandfallCLI
import Testing

/// How the file is served and what it holds: content type, an HTML page where JSON belongs,
/// the size limit, JSON that does not parse, a byte-order mark.
@Suite struct DoctorServedFileTests {
    /// Runs the doctor against a host serving `reply` at Apple's file's path (and 404 elsewhere).
    func examine(serving reply: StandInReply, _ body: (CommandOutput, DoctorTranscript, Int) throws -> Void) async throws {
        try await DoctorStage.run { stage in
            let server = try await stage.httpsServer(for: ["good.landfall.test"], reply: DoctorSamples.site([DoctorSamples.associationPath: reply]))
            let output = await runLandfall(stage.doctor(["good.landfall.test:\(server.port)"], resolving: ["good.landfall.test"]))
            try body(output, DoctorTranscript(output), server.port)
        }
    }

    @Test(arguments: ["text/plain", "application/octet-stream"])
    func anotherContentTypeIsAWarningAndStillHealthy(contentType: String) async throws {
        try await examine(serving: .json(DoctorSamples.association, contentType: contentType)) { output, transcript, _ in
            let check = try #require(transcript.check("Content type application/json", in: DoctorTranscript.appleSection))

            #expect(output.status.rawValue == 0, "\(output.standardOutput)")
            #expect(transcript.verdict.hasPrefix("healthy: "))
            #expect(transcript.verdict.contains("1 warning"))
            #expect(check.symbol == "!")
            #expect(check.detail == "the file is served as \(contentType); Apple's CDN accepts it today but asks for application/json")
            #expect(check.fix == "serve /.well-known/apple-app-site-association with Content-Type: application/json")
            #expect(transcript.check("Valid JSON", in: DoctorTranscript.appleSection)?.symbol == "✓")
        }
    }

    @Test func anHTMLNotFoundPageWithStatus200FailsQuotingItsTitle() async throws {
        let page = StandInReply.respond(status: 200, headers: [("Content-Type", "text/html; charset=utf-8")],
                                        body: Array(DoctorSamples.notFoundPage.utf8))
        try await examine(serving: page) { output, transcript, _ in
            let apple = try #require(transcript.section(DoctorTranscript.appleSection))
            let html = try #require(apple.check("JSON, not an HTML page"))

            #expect(output.status.rawValue == 1, "\(output.standardOutput)")
            #expect(html.symbol == "✗")
            #expect(html.detail == "the server answers 200 with an HTML page (a \"not found\" page served with status 200?); "
                + "its title is \"\(DoctorSamples.notFoundTitle)\"")
            #expect(html.fix == "serve the JSON file at /.well-known/apple-app-site-association; "
                + "make the server answer 404 for missing files, not an HTML page with 200")
            #expect(apple.check("Content type application/json")?.detail
                == "served as text/html, and the body is an HTML page (see \"JSON, not an HTML page\")")
            // The page is reported as a page, not a second time as JSON that does not parse.
            #expect(!apple.checks.contains { $0.title == "Valid JSON" || $0.title == "landfall aasa validate passes" })
            #expect(!output.standardOutput.contains("invalid JSON"))
        }
    }

    @Test func aFileOverTheLimitFailsWithItsExactSize() async throws {
        let limit = 131_072
        let json = DoctorSamples.association
        let padded = String(json.dropLast()) + String(repeating: " ", count: limit + 1 - json.utf8.count) + "}"
        try #require(padded.utf8.count == limit + 1)
        try await examine(serving: .json(padded)) { output, transcript, _ in
            let size = try #require(transcript.check("At most 128 KB", in: DoctorTranscript.appleSection))

            #expect(output.status.rawValue == 1, "\(output.standardOutput)")
            #expect(size.symbol == "✗")
            #expect(size.detail == "the file is 131,073 bytes, over the 128 KB (131,072 bytes) Apple's CDN reads")
            #expect(size.fix?.hasPrefix("make the file smaller: serve the compact form (no indentation)") == true)
            #expect(transcript.check("Valid JSON", in: DoctorTranscript.appleSection)?.symbol == "✓")
        }
    }

    @Test func aFileOfExactlyTheLimitPasses() async throws {
        let json = DoctorSamples.association
        let padded = String(json.dropLast()) + String(repeating: " ", count: 131_072 - json.utf8.count) + "}"
        try await examine(serving: .json(padded)) { output, transcript, _ in
            #expect(output.status.rawValue == 0, "\(output.standardOutput)")
            #expect(transcript.check("At most 128 KB", in: DoctorTranscript.appleSection)?.detail
                == "131,072 bytes, within the 128 KB Apple's CDN reads")
        }
    }

    @Test func invalidJSONFailsWithTheLineAndColumn() async throws {
        let broken = """
            {"applinks": {"details": [
              {"appIDs": ["\(DoctorSamples.appID)"], "components": [{"/": "/puzzle/*"},]}
            ]}}
            """
        try await examine(serving: .json(broken)) { output, transcript, _ in
            let json = try #require(transcript.check("Valid JSON", in: DoctorTranscript.appleSection))

            #expect(output.status.rawValue == 1, "\(output.standardOutput)")
            #expect(json.symbol == "✗")
            #expect(json.detail == "invalid JSON at line 2, column 80: trailing comma before ']' is not allowed in JSON")
            #expect(json.fix == "remove the comma after the last element")
            #expect(transcript.check("landfall aasa validate passes", in: DoctorTranscript.appleSection)?.symbol == "-")
            #expect(transcript.check("Apps listed", in: DoctorTranscript.appleSection)?.detail == "the file is not valid JSON")
        }
    }

    @Test func aByteOrderMarkFails() async throws {
        let body = [0xEF, 0xBB, 0xBF] + Array(DoctorSamples.association.utf8)
        try await examine(serving: .respond(status: 200, headers: [("Content-Type", "application/json")], body: body)) { output, transcript, _ in
            let bom = try #require(transcript.check("No byte-order mark", in: DoctorTranscript.appleSection))

            #expect(output.status.rawValue == 1, "\(output.standardOutput)")
            #expect(bom.symbol == "✗")
            #expect(bom.detail == "the file starts with a UTF-8 byte-order mark (EF BB BF), which JSON does not allow "
                + "and Apple's reader may refuse")
            #expect(bom.fix == "save the file as UTF-8 without a byte-order mark")
        }
    }
}
