import Foundation
import LandfallJSON
import LandfallSite
import LandfallXML
import Testing

/// The sites, files and comparisons the Expo and React Navigation tests share.
enum ExpoFixtures {
    /// The demo site (`examples/demo/landfall.yml`) after `edits`.
    static func demoSite(_ edits: [DocumentEdit] = []) throws -> Site {
        try SiteConfigurationReader.site(yaml: edits.reduce(try SiteDocuments.demo) { $1.applied(to: $0) })
    }

    /// The demo site and the plan for its app `daily`.
    static func demo() throws -> (site: Site, plan: AppLinkPlan) {
        let site = try demoSite()
        return (site, try AppLinkPlan(for: "daily", in: site.configuration))
    }

    /// A file of `Tests/LandfallSiteTests/Fixtures/app-files/`, as text.
    static func file(_ name: String) throws -> String {
        try String(contentsOf: SiteDocuments.repositoryRoot.appendingPathComponent("Tests/LandfallSiteTests/Fixtures/app-files/\(name)"),
                   encoding: .utf8)
    }

    /// The keys an Expo merge writes.
    static let mergedPaths: [[String]] = [["expo", "scheme"], ["expo", "ios", "associatedDomains"], ["expo", "android", "intentFilters"]]

    /// `value` without the members at `paths` (each a list of keys from the top).
    static func removing(_ paths: [[String]], from value: JSONValue) -> JSONValue {
        paths.reduce(value) { removing($1[...], from: $0) }
    }

    private static func removing(_ path: ArraySlice<String>, from value: JSONValue) -> JSONValue {
        guard let key = path.first, var members = value.objectMembers else { return value }
        if path.count == 1 {
            members.removeAll { $0.key == key }
        } else {
            members = members.map { member in
                member.key == key ? JSONMember(key: key, value: removing(path.dropFirst(), from: member.value)) : member
            }
        }
        return JSONValue(.object(members))
    }

    /// The text's lines without the arrays of the members named `keys` (from the line with
    /// `"KEY": [` to the `]` indented like it).
    static func linesOutside(_ keys: [String], in text: String) -> [String] {
        var lines: [String] = []
        var closing: String?
        for line in text.components(separatedBy: "\n") {
            if let end = closing {
                if line.hasPrefix(end) { closing = nil }
                continue
            }
            if let key = keys.first(where: { line.contains("\"\($0)\": [") }), !line.hasSuffix("]") && !line.hasSuffix("],") {
                closing = String(line.prefix { $0 == " " || $0 == "\t" }) + "]"
                _ = key
                continue
            }
            lines.append(line)
        }
        return lines
    }

    /// An intent filter as Android reads it: what `<intent-filter>` holds, in comparable form.
    struct Filter: Equatable, CustomStringConvertible {
        var autoVerify: Bool
        var actions: [String]
        var categories: Set<String>
        /// Each `<data>` element's `android:` attributes, as the manifest spells their values.
        var data: [[String: String]]

        static let android = "http://schemas.android.com/apk/res/android"

        /// The filter a manifest declares.
        init(element: XMLTreeElement) {
            autoVerify = element.attribute("autoVerify", namespace: Self.android)?.value == "true"
            actions = element.elements(named: "action").compactMap { $0.attribute("name", namespace: Self.android)?.value }
            categories = Set(element.elements(named: "category").compactMap { $0.attribute("name", namespace: Self.android)?.value })
            data = element.elements(named: "data").map { datum in
                Dictionary(uniqueKeysWithValues: datum.attributes.filter { $0.namespaceURI == Self.android }.map { ($0.localName, $0.value) })
            }
        }

        /// The filter Expo's config plugin writes for an `intentFilters` entry at prebuild.
        init(expo filter: JSONValue) {
            autoVerify = filter["autoVerify"]?.boolValue == true
            actions = [filter["action"]?.stringValue].compactMap { $0 }.map { "android.intent.action." + $0 }
            categories = Set((filter["category"]?.arrayValue ?? []).compactMap(\.stringValue).map { "android.intent.category." + $0 })
            data = (filter["data"]?.arrayValue ?? []).map { datum in
                Dictionary(uniqueKeysWithValues: (datum.objectMembers ?? []).map { ($0.key, $0.value.stringValue ?? "\($0.value)") })
            }
        }

        var description: String { "autoVerify=\(autoVerify) \(actions) \(categories.sorted()) \(data)" }
    }
}
