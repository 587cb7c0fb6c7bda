import DoctorStandIns
import LandfallCLI
import Testing

/// `--manifest`: the app's link filters are checked, and every autoVerify host in turn with
/// the manifest's package as the one assetlinks.json must grant.
@Suite struct DoctorManifestTests {
    static func manifest(hosts: [String], package: String = DoctorSamples.androidPackage) -> String {
        let data = hosts.map { #"<data android:host="\#($0)" />"# }.joined()
        return """
            <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="\(package)"><application>
            <activity android:name=".MainActivity" android:exported="true">
              <intent-filter android:autoVerify="true">
                <action android:name="android.intent.action.VIEW" />
                <category android:name="android.intent.category.DEFAULT" />
                <category android:name="android.intent.category.BROWSABLE" />
                <data android:scheme="https" />\(data)
              </intent-filter>
            </activity></application></manifest>
            """
    }

    @Test(arguments: [(DoctorSamples.androidPackage, Int32(0)), ("com.example.other", Int32(1))])
    func theManifestsHostsAreCheckedForItsPackage(_ package: String, _ status: Int32) async throws {
        try await DoctorStage.run { stage in
            let server = try await stage.httpsServer(for: ["a.landfall.test"], reply: DoctorSamples.site([
                DoctorSamples.associationPath: .json(DoctorSamples.association),
                DoctorSamples.assetLinksPath: .json(DoctorSamples.assetLinks),
            ]))
            let manifest = try stage.file("AndroidManifest.xml", Self.manifest(hosts: ["a.landfall.test"], package: package))
            let output = await runLandfall(stage.doctor(["a.landfall.test:\(server.port)", "--manifest", manifest],
                                                        resolving: ["a.landfall.test"]))
            let transcript = DoctorTranscript(output)
            #expect(output.status.rawValue == status, "\(output.standardOutput)")
            #expect(transcript.sections.first?.title.hasPrefix("Android manifest (") == true)
            #expect(transcript.check("Link intent filters well-formed", in: "Android manifest (")?.symbol == "✓")
            #expect(transcript.check("autoVerify hosts", in: "Android manifest (")?.detail == "checking a.landfall.test")
            #expect(server.requests.contains { $0.path == DoctorSamples.assetLinksPath })
            #expect(output.standardOutput.contains(package), "\(output.standardOutput)")
        }
    }

    @Test func aManifestThatIsNotXMLIsStatusTwoNamingTheFileAndLine() async throws {
        try await DoctorStage.run { stage in
            let manifest = try stage.file("AndroidManifest.xml", "<manifest>\n<application>\n</manifest>")
            let output = await runLandfall(["doctor", "--manifest", manifest])
            #expect(output.status == .usageOrInputError)
            #expect(output.standardError.contains("it is not a readable AndroidManifest.xml: line 3"), "\(output.standardError)")
        }
    }
}
