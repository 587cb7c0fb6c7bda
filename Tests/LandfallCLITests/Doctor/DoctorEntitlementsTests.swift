import DoctorStandIns
import LandfallCLI
import Testing

/// `--entitlements`: the app's associated domains are checked entry by entry, and every
/// `applinks:` host in turn. Hosts are checked on port 443 unless a target names the same
/// host with a port, so the stand-ins are passed as targets too (each host is examined once).
@Suite struct DoctorEntitlementsTests {
    @Test func everyApplinksHostIsCheckedOnceAndOneRedirectingHostFailsTheRun() async throws {
        try await DoctorStage.run { stage in
            let healthy = try await stage.httpsServer(for: ["a.landfall.test"], reply: DoctorSamples.healthySite)
            let redirecting = try await stage.httpsServer(for: ["b.landfall.test", "www.b.landfall.test"]) { request in
                guard request.path == DoctorSamples.associationPath else { return .respond(status: 404) }
                return request.host?.hasPrefix("www.") == true
                    ? .json(DoctorSamples.association)
                    : .redirect(to: "https://www.\(request.host ?? "")\(request.path)")
            }
            let entitlements = try stage.file("App.entitlements", DoctorSamples.entitlements(["applinks:a.landfall.test", "applinks:b.landfall.test"]))
            let output = await runLandfall(stage.doctor(
                ["a.landfall.test:\(healthy.port)", "b.landfall.test:\(redirecting.port)", "--entitlements", entitlements],
                resolving: ["a.landfall.test", "b.landfall.test", "www.b.landfall.test"]))
            let transcript = DoctorTranscript(output)
            let entries = try #require(transcript.check("Associated-domains entries well-formed", in: "entitlements ("))
            let appLinks = try #require(transcript.check("applinks entries", in: "entitlements ("))

            #expect(output.status.rawValue == 1, "\(output.standardOutput)")
            #expect(transcript.sections.first?.title.hasPrefix("entitlements (") == true)
            #expect(entries.symbol == "✓")
            #expect(entries.detail.hasPrefix("2 entries in "))
            #expect(appLinks.symbol == "✓")
            #expect(appLinks.detail == "checking a.landfall.test, b.landfall.test")
            #expect(transcript.section("entitlements (")?.check("The app claims a.landfall.test") == nil)
            // Each host once, on the port its target names.
            #expect(transcript.sections.map(\.title).filter { $0.hasPrefix("a.landfall.test") } == ["a.landfall.test:\(healthy.port)"])
            #expect(transcript.sections.map(\.title).filter { $0.hasPrefix("b.landfall.test") } == ["b.landfall.test:\(redirecting.port)"])
            let appleSections = transcript.sections.filter { $0.title.hasPrefix(DoctorTranscript.appleSection) }
            #expect(appleSections.count == 2)
            #expect(appleSections.first?.check("No redirects")?.symbol == "✓")
            #expect(appleSections.last?.check("No redirects")?.symbol == "✗")
            #expect(appleSections.last?.check("No redirects")?.notes.first?.hasSuffix("(adds www.)") == true)
            #expect(healthy.requests.contains { $0.path == DoctorSamples.associationPath })
            #expect(redirecting.requests.contains { $0.path == DoctorSamples.associationPath })
        }
    }

    @Test func aMalformedEntryIsReportedWithItsFix() async throws {
        try await DoctorStage.run { stage in
            let server = try await stage.httpsServer(for: ["a.landfall.test"], reply: DoctorSamples.healthySite)
            let entitlements = try stage.file("App.entitlements", DoctorSamples.entitlements(["applinks:a.landfall.test", "applinks:https://x"]))
            let output = await runLandfall(stage.doctor(["a.landfall.test:\(server.port)", "--entitlements", entitlements],
                                                        resolving: ["a.landfall.test"]))
            let entries = try #require(DoctorTranscript(output).check("Associated-domains entries well-formed", in: "entitlements ("))

            #expect(output.status.rawValue == 1, "\(output.standardOutput)")
            #expect(entries.symbol == "✗")
            #expect(entries.detail.hasSuffix(": 1 error"), "\(entries.detail)")
            #expect(entries.notes == [
                #"error[entitlements.scheme] ["com.apple.developer.associated-domains"][1]: "#
                    + #""applinks:https://x" has a URL scheme; the entitlement names a host only"#,
                "fix: write applinks:x",
            ])
            #expect(entries.fix == "apply each fix above in Xcode (Signing & Capabilities → Associated Domains)")
            // The well-formed host is still checked.
            #expect(DoctorTranscript(output).check("applinks entries", in: "entitlements (")?.detail == "checking a.landfall.test")
        }
    }

    @Test func aFileThatIsNotAPropertyListFailsTheEntitlementsCheck() async throws {
        try await DoctorStage.run { stage in
            let entitlements = try stage.file("App.entitlements", """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                <dict>
                    <key>com.apple.developer.associated-domains</key>
                    <array><string>applinks:a.landfall.test</string>
                </dict>
                </plist>
                """)
            let output = await runLandfall(stage.doctor(["--entitlements", entitlements], resolving: []))
            let transcript = DoctorTranscript(output)
            let entries = try #require(transcript.check("Associated-domains entries well-formed", in: "entitlements ("))

            #expect(output.status.rawValue == 1, "\(output.standardOutput)")
            #expect(entries.symbol == "✗")
            #expect(entries.notes.first == "error[entitlements.malformed-plist] (line 6, column 1): the file is not a valid XML property list: "
                + "Close tag on line 6 does not match open tag array", "\(entries.notes)")
            #expect(entries.notes.dropFirst().first == "fix: fix the XML at line 6, column 1; Xcode writes <plist version=\"1.0\"><dict>...</dict></plist>")
            let appLinks = try #require(transcript.check("applinks entries", in: "entitlements ("))
            #expect(appLinks.symbol == "✗")
            #expect(appLinks.detail.hasSuffix("has no readable applinks: entry, so no universal link opens the app"))
            #expect(appLinks.fix == "add applinks:<your host> under Associated Domains")
            #expect(transcript.sections.count == 1)
        }
    }

    @Test func aTargetTheEntitlementsDoNotClaimFails() async throws {
        try await DoctorStage.run { stage in
            let server = try await stage.httpsServer(for: ["a.landfall.test", "c.landfall.test"], reply: DoctorSamples.healthySite)
            let entitlements = try stage.file("App.entitlements", DoctorSamples.entitlements(["applinks:a.landfall.test"]))
            let output = await runLandfall(stage.doctor(
                ["a.landfall.test:\(server.port)", "c.landfall.test:\(server.port)", "--entitlements", entitlements],
                resolving: ["a.landfall.test", "c.landfall.test"]))
            let section = try #require(DoctorTranscript(output).section("entitlements ("))
            let claim = try #require(section.check("The app claims c.landfall.test"))

            #expect(output.status.rawValue == 1, "\(output.standardOutput)")
            #expect(claim.symbol == "✗")
            #expect(claim.detail.hasSuffix("has no applinks: entry covering c.landfall.test, so links on c.landfall.test never open the app"))
            #expect(claim.fix == "add applinks:c.landfall.test under Associated Domains")
            #expect(section.check("The app claims a.landfall.test") == nil)
        }
    }
}
