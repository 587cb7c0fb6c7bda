import AppSiteAssociation
import Foundation
import LandfallSite
import Testing

/// An Expo app's `app.json` read as `expo prebuild` turns it into native files: what Landfall
/// writes into `app.json` becomes the same intent filters and entitlement as the native
/// commands write.
@Suite struct ExpoNativeFilesTests {
    func demo() throws -> SiteConfiguration {
        try SiteConfigurationReader.site(yaml: try SiteDocuments.demo, source: "landfall.yml").configuration
    }

    /// A filter as comparable text: verification, actions, categories, schemes, hosts and paths, sorted.
    static func summary(_ filter: AndroidIntentFilter) -> String {
        [String(filter.autoVerify), filter.actions.sorted().joined(separator: ","), filter.categories.sorted().joined(separator: ","),
         filter.schemes.sorted().joined(separator: ","), filter.authorities.map(\.description).sorted().joined(separator: ","),
         filter.paths.map { "\($0.pattern.kind.pathAttribute)=\($0.pattern.text)" }.sorted().joined(separator: ",")]
            .joined(separator: " | ")
    }

    @Test(arguments: [21, 26])
    func theExpoFragmentBecomesTheSameFiltersAndEntitlementAsTheNativeCommandsWrite(minSDK: Int) throws {
        var configuration = try demo()
        configuration.apps[0].android?.minSDK = minSDK
        let plan = try AppLinkPlan(for: nil, in: configuration)
        let expo = try ExpoNativeFiles(appJSON: ExpoConfigWriter.text(for: plan, configuration: configuration))

        let fromExpo = try AndroidManifest(text: try #require(expo.manifest))
        let native = try AndroidManifest(text: try AndroidManifestWriter.document(for: plan))
        #expect(fromExpo.activities.map(\.name) == native.activities.map(\.name))
        #expect(Set(fromExpo.activities.flatMap(\.intentFilters).map(Self.summary))
                == Set(native.activities.flatMap(\.intentFilters).map(Self.summary)))

        let entitlements = EntitlementsFile(data: Data(try #require(expo.entitlements).utf8))
        #expect(entitlements.domains == plan.associatedDomains)
    }

    @Test func aBareConfigAndItsPackageAreRead() throws {
        let files = try ExpoNativeFiles(appJSON: #"{"name": "x", "android": {"package": "com.example.x", "intentFilters": []}}"#)
        #expect(files.package == "com.example.x")
        #expect(files.entitlements == nil)
        #expect(try AndroidManifest(text: try #require(files.manifest)).package == "com.example.x")
    }

    @Test(arguments: [
        (#"[1]"#, "app.json is an array, not an object"),
        (#"{"expo": {"android": {"intentFilters": {}}}}"#, "line 1: `android.intentFilters` is an object, not an array"),
        (#"{"expo": {"ios": {"associatedDomains": [1]}}}"#, "line 1: `ios.associatedDomains` holds a number; Expo expects strings"),
        (#"{"expo": {"android": {"intentFilters": [{"data": [{"host": {}}]}]}}}"#,
         "line 1: `android.intentFilters[0].data.host` is an object; Expo writes it as an attribute, so it must be a string"),
    ])
    func aConfigExpoCannotUseSaysWhere(text: String, message: String) {
        #expect(throws: AppFileMergeError.self) { try ExpoNativeFiles(appJSON: text) }
        do { _ = try ExpoNativeFiles(appJSON: text) } catch { #expect(error.description == message) }
    }
}
