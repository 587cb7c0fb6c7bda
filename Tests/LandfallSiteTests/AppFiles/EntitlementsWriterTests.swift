import AppSiteAssociation
import Foundation
import LandfallSite
import LandfallXML
import Testing

@Suite struct EntitlementsWriterTests {
    /// The demo's array, as every test below expects it.
    static let demoEntries = [
        "applinks:daily.example.com", "applinks:www.daily.example.com",
        "applinks:go.daily.example.com", "applinks:open.dailypuzzle.app",
    ]

    @Test func theDocumentIsAPropertyListAsXcodeWritesIt() throws {
        let document = try EntitlementsWriter.document(for: try AppFileFixtures.demoPlan())
        #expect(document == """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>com.apple.developer.associated-domains</key>
            \t<array>
            \t\t<string>applinks:daily.example.com</string>
            \t\t<string>applinks:www.daily.example.com</string>
            \t\t<string>applinks:go.daily.example.com</string>
            \t\t<string>applinks:open.dailypuzzle.app</string>
            \t</array>
            </dict>
            </plist>

            """)
    }

    static let configurations: [(String, [DocumentEdit])] = [
        ("the demo", []),
        ("shared passwords", [DocumentEdit("scheme: dailypuzzle\n", "scheme: dailypuzzle\n      webCredentials: true\n")]),
        ("a development host", [DocumentEdit("  admin: admin.daily.example.com", "  admin: admin.daily.example.com\n  development: [open.dailypuzzle.app]")]),
        ("no link host", [DocumentEdit("  links: go.daily.example.com         # short links\n", ""),
                          DocumentEdit("    go.localhost: go.daily.example.com  # browsers and curl send *.localhost to this machine\n", "")]),
    ]

    @Test(arguments: configurations)
    func theDocumentReadsBackAsExactlyThePlansEntries(_ name: String, _ edits: [DocumentEdit]) throws {
        let yaml = edits.reduce(try SiteDocuments.demo) { $1.applied(to: $0) }
        let plan = try AppLinkPlan(for: "daily", in: try SiteConfigurationReader.site(yaml: yaml).configuration)
        let file = EntitlementsFile(data: Data(try EntitlementsWriter.document(for: plan).utf8))
        #expect(file.diagnostics.isEmpty, "\(file.diagnostics)")
        #expect(file.entries.map(\.text) == plan.associatedDomains.map(\.description))
        #expect(file.domains == plan.associatedDomains)
    }

    @Test func anAppWithoutIOSHasNoEntitlementsToWrite() throws {
        let site = try AppFileFixtures.demoSite(DocumentEdit("schemes: [dailypuzzle]", """
              - name: web
                android: {package: com.example.web, sha256: ["\(SiteDocuments.fingerprint)"]}

            schemes: [dailypuzzle]
            """))
        let plan = try AppLinkPlan(for: "web", in: site.configuration)
        let message = "the app 'web' has no ios entry in landfall.yml, so it claims no associated domains"
        #expect(throws: AppFileMergeError(message)) { try EntitlementsWriter.document(for: plan) }
        #expect(throws: AppFileMergeError(message)) {
            try EntitlementsWriter.merge(plan, into: try AppFileFixtures.file("DailyPuzzle-with-domains.entitlements"))
        }
    }

    @Test func mergingReplacesOnlyTheArrayAndKeepsOtherHostsEntries() throws {
        let original = try AppFileFixtures.file("DailyPuzzle-with-domains.entitlements")
        let merged = try EntitlementsWriter.merge(try AppFileFixtures.demoPlan(), into: original)
        let before = try XMLTree(text: original), after = try XMLTree(text: merged.text)
        let old = try Self.array(in: before).range, new = try Self.array(in: after).range
        #expect(before.text(0..<old.lowerBound) == after.text(0..<new.lowerBound))
        #expect(before.text(old.upperBound..<before.bytes.count) == after.text(new.upperBound..<after.bytes.count))
        let file = EntitlementsFile(data: Data(merged.text.utf8))
        #expect(file.entries.map(\.text) == Self.demoEntries + [
            "applinks:old.daily.example.com", "applinks:partner.example.org", "appclips:daily.example.com",
        ])
        #expect(merged.notes == [
            "kept applinks:old.daily.example.com: not a host of landfall.yml",
            "kept applinks:partner.example.org: not a host of landfall.yml",
            "kept appclips:daily.example.com: Landfall writes only applinks: and webcredentials: entries",
            "removed webcredentials:daily.example.com: landfall.yml does not claim it for the app 'daily'",
        ])
        let keys = try XMLTree(text: merged.text).root.elements[0].elements(named: "key").map(\.text)
        #expect(keys == [
            "aps-environment", "com.apple.developer.associated-domains", "com.apple.developer.icloud-container-identifiers",
            "com.apple.developer.icloud-services", "com.apple.security.application-groups", "keychain-access-groups",
        ])
    }

    @Test func anEntryForASiteHostTheAppNoLongerOpensIsRemovedNotKeptAsAnotherHost() throws {
        var configuration = try SiteConfigurationReader.site(yaml: try SiteDocuments.demo, source: "landfall.yml").configuration
        for index in configuration.routes.indices { configuration.routes[index].apps = ["nobody"] }
        let plan = try AppLinkPlan(for: nil, in: configuration)
        #expect(plan.associatedDomains.map(\.description) == ["applinks:go.daily.example.com"])
        let original = try EntitlementsWriter.document(for: try AppFileFixtures.demoPlan())
        let merged = try EntitlementsWriter.merge(plan, into: original)
        #expect(EntitlementsFile(data: Data(merged.text.utf8)).entries.map(\.text) == ["applinks:go.daily.example.com"])
        #expect(merged.notes.first == "removed applinks:daily.example.com: landfall.yml does not claim it for the app 'daily'")
    }

    @Test func mergingAddsTheKeyAtTheEndOfTheDictWhenTheFileHasNone() throws {
        let original = try AppFileFixtures.file("DailyPuzzle-without-domains.entitlements")
        let merged = try EntitlementsWriter.merge(try AppFileFixtures.demoPlan(), into: original)
        let change = AppFileFixtures.change(from: original, to: merged.text)
        #expect(change.old == "")
        #expect(change.new == """
            \t<key>com.apple.developer.associated-domains</key>
            \t<array>
            \t\t<string>applinks:daily.example.com</string>
            \t\t<string>applinks:www.daily.example.com</string>
            \t\t<string>applinks:go.daily.example.com</string>
            \t\t<string>applinks:open.dailypuzzle.app</string>
            \t</array>

            """)
        #expect(merged.text.hasSuffix("</array>\n\t<key>com.apple.developer.associated-domains</key>\n\t<array>\n\t\t<string>applinks:daily.example.com</string>\n\t\t<string>applinks:www.daily.example.com</string>\n\t\t<string>applinks:go.daily.example.com</string>\n\t\t<string>applinks:open.dailypuzzle.app</string>\n\t</array>\n</dict>\n</plist>\n"))
        #expect(merged.notes.isEmpty)
        #expect(EntitlementsFile(data: Data(merged.text.utf8)).entries.map(\.text) == Self.demoEntries)
    }

    static let fixtures = ["DailyPuzzle-with-domains.entitlements", "DailyPuzzle-without-domains.entitlements"]

    @Test(arguments: fixtures)
    func mergingTwiceIsMergingOnce(_ fixture: String) throws {
        let plan = try AppFileFixtures.demoPlan()
        let once = try EntitlementsWriter.merge(plan, into: try AppFileFixtures.file(fixture)).text
        let twice = try EntitlementsWriter.merge(plan, into: once)
        #expect(twice.text == once)
    }

    @Test func mergingIntoTheGeneratedDocumentChangesNothing() throws {
        let plan = try AppFileFixtures.demoPlan(DocumentEdit("scheme: dailypuzzle\n", "scheme: dailypuzzle\n      webCredentials: true\n"))
        let document = try EntitlementsWriter.document(for: plan)
        #expect(try EntitlementsWriter.merge(plan, into: document) == AppFileMerge(text: document))
    }

    static let layouts: [(String, String, String)] = [
        // (name, the file, the file after the merge)
        ("spaces and CRLF",
         "<plist version=\"1.0\">\r\n<dict>\r\n  <key>aps-environment</key>\r\n  <string>production</string>\r\n</dict>\r\n</plist>\r\n",
         "<plist version=\"1.0\">\r\n<dict>\r\n  <key>aps-environment</key>\r\n  <string>production</string>\r\n"
            + "  <key>com.apple.developer.associated-domains</key>\r\n  <array>\r\n    <string>applinks:daily.example.com</string>\r\n"
            + "    <string>applinks:www.daily.example.com</string>\r\n    <string>applinks:go.daily.example.com</string>\r\n"
            + "    <string>applinks:open.dailypuzzle.app</string>\r\n  </array>\r\n</dict>\r\n</plist>\r\n"),
        ("an empty dict written <dict/>",
         "<plist version=\"1.0\">\n<dict/>\n</plist>\n",
         "<plist version=\"1.0\">\n<dict>\n\t<key>com.apple.developer.associated-domains</key>\n\t<array>\n"
            + "\t\t<string>applinks:daily.example.com</string>\n\t\t<string>applinks:www.daily.example.com</string>\n"
            + "\t\t<string>applinks:go.daily.example.com</string>\n\t\t<string>applinks:open.dailypuzzle.app</string>\n"
            + "\t</array>\n</dict>\n</plist>\n"),
        ("an empty array written <array/>",
         "<plist version=\"1.0\"><dict><key>com.apple.developer.associated-domains</key><array/></dict></plist>",
         "<plist version=\"1.0\"><dict><key>com.apple.developer.associated-domains</key><array>\n"
            + "\t<string>applinks:daily.example.com</string>\n\t<string>applinks:www.daily.example.com</string>\n"
            + "\t<string>applinks:go.daily.example.com</string>\n\t<string>applinks:open.dailypuzzle.app</string>\n"
            + "</array></dict></plist>"),
    ]

    @Test(arguments: layouts)
    func theMergeIndentsAndEndsLinesAsTheFileDoes(_ name: String, _ original: String, _ expected: String) throws {
        let merged = try EntitlementsWriter.merge(try AppFileFixtures.demoPlan(), into: original)
        #expect(merged.text == expected)
        #expect(EntitlementsFile(data: Data(merged.text.utf8)).entries.map(\.text) == Self.demoEntries)
    }

    static let unusableFiles: [(String, String, AppFileMergeError)] = [
        ("not XML", "<plist version=\"1.0\">\n<dict>\n</plist>\n",
         AppFileMergeError("the file is not a property list: it is not well-formed XML (line 3, column 1: </plist> closes <dict>, which was opened at line 2; close it with </dict> first)", line: 3)),
        ("not a plist", "<?xml version=\"1.0\"?>\n<manifest/>\n",
         AppFileMergeError("the root element is <manifest>, not <plist>: is this an .entitlements file?", line: 2)),
        ("a root array", "<plist version=\"1.0\">\n<array/>\n</plist>\n",
         AppFileMergeError("the <plist> holds <array>, not the <dict> of entitlements", line: 2)),
        ("an empty plist", "<plist version=\"1.0\"/>",
         AppFileMergeError("the <plist> holds nothing, not the <dict> of entitlements", line: 1)),
        ("the key holding a string", "<plist version=\"1.0\">\n<dict>\n\t<key>com.apple.developer.associated-domains</key>\n\t<string>applinks:daily.example.com</string>\n</dict>\n</plist>\n",
         AppFileMergeError("the key com.apple.developer.associated-domains holds a <string>; it must be an <array> of <string> entries", line: 4)),
        ("the key without a value", "<plist version=\"1.0\">\n<dict>\n\t<key>com.apple.developer.associated-domains</key>\n</dict>\n</plist>\n",
         AppFileMergeError("the key com.apple.developer.associated-domains has no value; add an <array> after it", line: 3)),
        ("an entry that is not a string", "<plist version=\"1.0\">\n<dict>\n\t<key>com.apple.developer.associated-domains</key>\n\t<array>\n\t\t<integer>1</integer>\n\t</array>\n</dict>\n</plist>\n",
         AppFileMergeError("the com.apple.developer.associated-domains array holds a <integer>; every entry must be a <string>", line: 5)),
    ]

    @Test(arguments: unusableFiles)
    func aFileThatIsNotEntitlementsIsRefusedWithItsLine(_ name: String, _ text: String, _ error: AppFileMergeError) throws {
        #expect(throws: error) { try EntitlementsWriter.merge(try AppFileFixtures.demoPlan(), into: text) }
    }

    /// The associated-domains array of an entitlements file.
    static func array(in tree: XMLTree) throws -> XMLTreeElement {
        let elements = tree.root.elements[0].elements
        let key = try #require(elements.firstIndex { $0.localName == "key" && $0.text == EntitlementsWriter.key })
        return elements[key + 1]
    }
}
