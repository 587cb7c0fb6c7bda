import DoctorStandIns
import LandfallCLI
import Testing

/// `landfall test --live`: `opens:` checked against the association files the hosts serve
/// now, fetched as Apple's CDN fetches them (stand-ins on loopback, aimed at with `--resolve`).
@Suite struct ContractLiveTests {
    /// A contract for `app` with the cases `(url, opens)`.
    static func contract(app: String = DoctorSamples.appID, _ cases: [(String, Bool)]) -> String {
        "app: \(app)\ncases:\n" + cases.map { "  - url: \($0.0)\n    opens: \($0.1)\n" }.joined()
    }

    /// `landfall test <contract> --live` with the stage's network options.
    static func live(_ contract: String, stage: DoctorStage, resolving hosts: [String],
                     timeout: String = DoctorStage.timeout) -> [String] {
        ["test", contract, "--live"] + stage.networkOptions(resolving: hosts, timeout: timeout)
    }

    @Test func casesPassAgainstTheFileTheHostServesNow() async throws {
        try await DoctorStage.run { stage in
            let server = try await stage.httpsServer(for: ["good.landfall.test"], reply: DoctorSamples.healthySite)
            let origin = "https://good.landfall.test:\(server.port)"
            let contract = try stage.file("contract.yml", Self.contract([
                ("\(origin)/puzzle/2026-11-20", true),
                ("\(origin)/archive/2019", false),
            ]))
            let output = await runLandfall(Self.live(contract, stage: stage, resolving: ["good.landfall.test"]))

            #expect(output.status.rawValue == 0, "\(output.standardOutput)\(output.standardError)")
            #expect(output.lines == [
                "live: \(origin)/.well-known/apple-app-site-association: lists \(DoctorSamples.appID)",
                "✓ \(origin)/puzzle/2026-11-20  opens \(DoctorSamples.appID)",
                "✓ \(origin)/archive/2019  does not open \(DoctorSamples.appID)",
                "2 cases: 2 passed, 0 failed",
            ])
            #expect(server.requests.filter { $0.path == DoctorSamples.associationPath }.count == 1)
        }
    }

    @Test func aHostWhoseFileRedirectsOpensNothing() async throws {
        try await DoctorStage.run { stage in
            let server = try await stage.httpsServer(for: ["good.landfall.test"], reply: DoctorSamples.site([
                DoctorSamples.associationPath: .redirect(to: "/apple-app-site-association.json"),
                "/apple-app-site-association.json": .json(DoctorSamples.association),
            ]))
            let origin = "https://good.landfall.test:\(server.port)"
            let contract = try stage.file("contract.yml", Self.contract([
                ("\(origin)/puzzle/2026-11-20", true),
                ("\(origin)/archive/2019", false),
            ]))
            let output = await runLandfall(Self.live(contract, stage: stage, resolving: ["good.landfall.test"]))
            let reason = "redirects to /apple-app-site-association.json"

            #expect(output.status.rawValue == 1, "\(output.standardOutput)\(output.standardError)")
            #expect(output.lines == [
                "live: \(origin)/.well-known/apple-app-site-association: unusable: \(reason)",
                "✗ \(origin)/puzzle/2026-11-20  expected it to open \(DoctorSamples.appID), but the host has no usable association file: \(reason)",
                "✓ \(origin)/archive/2019  does not open \(DoctorSamples.appID) (the host has no usable association file: \(reason))",
                "2 cases: 1 passed, 1 failed",
            ])
        }
    }

    @Test func aHostThatHangsCouldNotBeChecked() async throws {
        try await DoctorStage.run { stage in
            let server = try await stage.httpsServer(for: ["good.landfall.test"]) { _ in .neverAnswer }
            let origin = "https://good.landfall.test:\(server.port)"
            let contract = try stage.file("contract.yml", Self.contract([("\(origin)/puzzle/2026-11-20", true)]))
            let output = await runLandfall(Self.live(contract, stage: stage, resolving: ["good.landfall.test"],
                                                     timeout: DoctorStage.hangTimeout))
            let url = "\(origin)/.well-known/apple-app-site-association"

            #expect(output.status.rawValue == 2, "\(output.standardOutput)\(output.standardError)")
            #expect(output.lines.first == "live: \(url): could not check: \(url) did not answer within 1 s: "
                + "the server accepted the connection but hangs (raise --timeout to wait longer; Apple's CDN gives up too)")
        }
    }

    @Test func networkOptionsWithoutLiveAreAUsageError() async throws {
        let contract = try CLIFixtures.temporaryFile("contract.yml", """
            association: \(CLIFixtures.example("apple-app-site-association"))
            cases:
              - url: https://example.com/buy/1
                opens: ABCDE12345.com.example.app.beta
            """)
        let output = await runLandfall(["test", contract, "--timeout", "5"])

        #expect(output.status.rawValue == 2)
        #expect(output.standardError.contains("error: --timeout, --connect-timeout, --ca-file and --resolve apply to --live only"),
                "\(output.standardError)")
        #expect(output.standardOutput.isEmpty)
    }
}

/// `landfall test --live` for Android cases: the assetlinks.json each host serves now decides
/// whether the manifest's verified filters open the app.
@Suite struct ContractLiveAndroidTests {
    static let manifest = """
        <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="\(DoctorSamples.androidPackage)">
          <application>
            <activity android:name=".MainActivity" android:exported="true">
              <intent-filter android:autoVerify="true">
                <action android:name="android.intent.action.VIEW"/>
                <category android:name="android.intent.category.DEFAULT"/>
                <category android:name="android.intent.category.BROWSABLE"/>
                <data android:scheme="https" android:host="good.landfall.test" android:pathPrefix="/puzzle/"/>
              </intent-filter>
            </activity>
          </application>
        </manifest>
        """

    @Test func anAndroidCaseOpensOnlyWhenTheHostServesAFileGrantingThePackage() async throws {
        try await DoctorStage.run { stage in
            let server = try await stage.httpsServer(for: ["good.landfall.test"], reply: DoctorSamples.site([
                DoctorSamples.assetLinksPath: .json(DoctorSamples.assetLinks),
            ]))
            let origin = "https://good.landfall.test:\(server.port)"
            _ = try stage.file("AndroidManifest.xml", Self.manifest)
            let contract = try stage.file("contract.yml", """
                manifest: AndroidManifest.xml
                platforms: android
                cases:
                  - url: \(origin)/puzzle/2026-11-20
                    opens: true
                  - url: \(origin)/about
                    opens: false
                """)
            let output = await runLandfall(ContractLiveTests.live(contract, stage: stage, resolving: ["good.landfall.test"]))
            #expect(output.status.rawValue == 0, "\(output.standardOutput)\(output.standardError)")
            #expect(output.lines == [
                "live: \(origin)/.well-known/assetlinks.json: 1 statement",
                "✓ \(origin)/puzzle/2026-11-20  opens \(DoctorSamples.androidPackage) (.MainActivity, filter at line 4)",
                "✓ \(origin)/about  does not open \(DoctorSamples.androidPackage) (no_filter_matches)",
                "2 cases: 2 passed, 0 failed",
            ])
        }
    }

    @Test func aHostWithoutAFileVerifiesNothing() async throws {
        try await DoctorStage.run { stage in
            let server = try await stage.httpsServer(for: ["good.landfall.test"], reply: DoctorSamples.site([:]))
            let origin = "https://good.landfall.test:\(server.port)"
            _ = try stage.file("AndroidManifest.xml", Self.manifest)
            let contract = try stage.file("contract.yml", """
                manifest: AndroidManifest.xml
                platforms: android
                cases:
                  - url: \(origin)/puzzle/2026-11-20
                    opens: true
                """)
            let output = await runLandfall(ContractLiveTests.live(contract, stage: stage, resolving: ["good.landfall.test"]))
            #expect(output.status.rawValue == 1, "\(output.standardOutput)\(output.standardError)")
            #expect(output.lines.first?.hasPrefix("live: \(origin)/.well-known/assetlinks.json: unusable: ") == true)
            #expect(output.lines.dropFirst().first?.hasPrefix("✗ \(origin)/puzzle/2026-11-20  expected it to open \(DoctorSamples.androidPackage), but ") == true)
        }
    }
}
