import Foundation
import Testing
import AppSiteAssociation

@Suite struct EntitlementsFileTests {
    static func fixture(_ name: String) -> URL {
        TestResources.repositoryRoot.appendingPathComponent("Tests/AppSiteAssociationTests/Fixtures/entitlements/\(name)")
    }

    static func plist(_ body: String) -> Data {
        Data("""
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        \(body)
        </plist>
        """.utf8)
    }

    @Test func aValidFileListsEveryEntryWithItsIndex() throws {
        let file = try EntitlementsFile(contentsOf: Self.fixture("valid.entitlements"))
        #expect(file.diagnostics.isEmpty)
        #expect(file.passes(strict: true))
        #expect(file.entries.map(\.index) == [0, 1, 2, 3, 4])
        #expect(file.entries.map(\.text) == [
            "applinks:example.com", "applinks:*.example.com", "applinks:links.example.org?mode=developer",
            "webcredentials:example.com", "appclips:clip.example.com",
        ])
        #expect(file.appLinks.map(\.description) == ["applinks:example.com", "applinks:*.example.com", "applinks:links.example.org?mode=developer"])
        #expect(file.appLinksHosts == ["example.com", "links.example.org"])
        #expect(file.domains.map(\.service) == [.appLinks, .appLinks, .appLinks, .webCredentials, .appClips])
    }

    @Test func malformedXMLIsRefusedWithTheLine() throws {
        let file = try EntitlementsFile(contentsOf: Self.fixture("malformed.entitlements"))
        #expect(file.codes == ["entitlements.malformed-plist"])
        #expect(file.entries.isEmpty)
        #expect(!file.passes(strict: false))
        let diagnostic = try #require(file.diagnostics.first)
        #expect(diagnostic.message.hasPrefix("the file is not a valid XML property list"))
        #expect(diagnostic.fix?.contains("<plist version=\"1.0\">") == true)
        // Foundation names the line of the mismatched close tag in its message.
        let location = try #require(diagnostic.location)
        #expect(location.line == 8)
        #expect(location.column == 1)
        #expect(location.offset == 271)
        #expect(diagnostic.description.contains("(line 8, column 1)"))
    }

    @Test(arguments: ["", "hello", "{ a = b; }", "<plist><dict><key>x</key></plist>", "<?xml version=\"1.0\"?><plist><dict>"])
    func bytesThatAreNotAnXMLPropertyListAreRefused(_ text: String) {
        let file = EntitlementsFile(data: Data(text.utf8))
        #expect(file.codes == ["entitlements.malformed-plist"])
        #expect(file.diagnostics.first?.fix?.contains("plist") == true)
    }

    @Test func aFileWithoutTheKeyIsANoteNotAFailure() throws {
        let file = try EntitlementsFile(contentsOf: Self.fixture("without-associated-domains.entitlements"))
        #expect(file.codes == ["entitlements.no-associated-domains"])
        #expect(file.diagnostics.first?.severity == .info)
        #expect(file.diagnostics.first?.fix?.contains("<key>com.apple.developer.associated-domains</key>") == true)
        #expect(file.passes(strict: true))
        #expect(file.entries.isEmpty)
    }

    @Test func aMissingFileThrows() {
        #expect(throws: (any Error).self) { try EntitlementsFile(contentsOf: Self.fixture("no-such.entitlements")) }
    }

    @Test(arguments: [
        ("<array><string>applinks:example.com</string></array>", ["entitlements.not-a-dictionary"]),
        ("<dict><key>com.apple.developer.associated-domains</key><string>applinks:example.com</string></dict>", ["entitlements.associated-domains-not-array"]),
        ("<dict><key>com.apple.developer.associated-domains</key><dict/></dict>", ["entitlements.associated-domains-not-array"]),
        ("<dict><key>com.apple.developer.associated-domains</key><array/></dict>", ["entitlements.empty-associated-domains"]),
        ("<dict><key>com.apple.developer.associated-domains</key><array><string>webcredentials:example.com</string></array></dict>", ["entitlements.no-applinks"]),
        ("<dict><key>com.apple.developer.associated-domains</key><array><true/><string>applinks:example.com</string></array></dict>", ["entitlements.non-string-entry"]),
    ])
    func theKeyMustBeAnArrayOfStrings(_ body: String, _ codes: [String]) {
        let file = EntitlementsFile(data: Self.plist(body))
        #expect(file.codes == codes)
        #expect(file.diagnostics.allSatisfy { $0.fix != nil })
    }

    @Test func eachEntryKeepsItsIndexAndItsOwnProblems() throws {
        let file = try EntitlementsFile(contentsOf: Self.fixture("mistakes.entitlements"))
        #expect(file.codes == ["entitlements.scheme", "entitlements.non-string-entry", "entitlements.uppercase-host", "entitlements.duplicate-entry"])
        #expect(file.entries.map(\.index) == [0, 1, 2, 3, 4])
        #expect(file.entries.map { $0.diagnostics.map(\.code) } == [
            [], ["entitlements.scheme"], ["entitlements.non-string-entry"], ["entitlements.uppercase-host"], ["entitlements.duplicate-entry"],
        ])
        #expect(file.entries[1].diagnostics.first?.fix == "write applinks:example.com")
        #expect(file.entries[1].diagnostics.first?.path == ["com.apple.developer.associated-domains", 1])
        #expect(file.entries[2].text == nil)
        #expect(file.entries[2].diagnostics.first?.message.contains("a number") == true)
        #expect(file.entries[4].diagnostics.first?.message == "\"applinks:example.com\" repeats entry 0")
        #expect(file.appLinksHosts == ["example.com", "links.example.com"])
        #expect(!file.passes(strict: false))
    }

    @Test func aBinaryPropertyListIsReadToo() throws {
        let dictionary: [String: Any] = [EntitlementsFile.associatedDomainsKey: ["applinks:example.com"]]
        let data = try PropertyListSerialization.data(fromPropertyList: dictionary, format: .binary, options: 0)
        let file = EntitlementsFile(data: data)
        #expect(file.diagnostics.isEmpty)
        #expect(file.appLinksHosts == ["example.com"])
    }
}
