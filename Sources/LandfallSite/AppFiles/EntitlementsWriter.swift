import AppSiteAssociation
import Foundation
import LandfallXML

/// The iOS app's `.entitlements` file as ``AppLinkPlan`` says it must be: the
/// `com.apple.developer.associated-domains` array, printed as a whole property list or merged
/// into the app's real file.
///
/// ```swift
/// let plan = try AppLinkPlan(for: "daily", in: site.configuration)
/// print(try EntitlementsWriter.document(for: plan))
/// // <?xml version="1.0" encoding="UTF-8"?>
/// // <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
/// // <plist version="1.0">
/// // <dict>
/// // 	<key>com.apple.developer.associated-domains</key>
/// // 	<array>
/// // 		<string>applinks:daily.example.com</string>
/// // ...
///
/// let merged = try EntitlementsWriter.merge(plan, into: existingText)
/// merged.text  // the file with only the associated-domains array replaced
/// merged.notes // ["kept applinks:other.example.com: not a host of landfall.yml"]
/// ```
public enum EntitlementsWriter {
    /// The entitlement key the writer owns.
    public static let key = EntitlementsFile.associatedDomainsKey

    /// A complete `.entitlements` property list, written as Xcode writes one (its XML
    /// declaration and DOCTYPE, tabs), with the plan's associated domains and nothing else.
    ///
    /// - Throws: ``AppFileMergeError`` when the plan's app has no iOS app (no `ios` entry in
    ///   `landfall.yml`), so there is nothing to claim.
    public static func document(for plan: AppLinkPlan) throws(AppFileMergeError) -> String {
        try requireIOS(plan)
        return document(entries: plan.associatedDomains.map(\.description))
    }

    /// The property list with `entries` as its associated domains, as written (an Expo config's
    /// `ios.associatedDomains` becomes this at prebuild).
    static func document(entries: [String]) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>\(key)</key>
        \t\(array(entries, indentation: "\t", unit: "\t", newline: "\n"))
        </dict>
        </plist>

        """
    }

    /// `original` (an existing `.entitlements` file) with its associated-domains array replaced
    /// by the plan's entries; every other key, comment and byte stays as it was.
    ///
    /// When the file has no associated-domains key, the key and its array are added at the end
    /// of the root `<dict>`, indented as the file indents. Entries the file lists for hosts the
    /// plan does not claim (`applinks:other.example.com`), and entries of services Landfall does
    /// not write (`appclips:`), are kept after the generated ones, each with a note; entries for
    /// the plan's hosts that the plan no longer lists are dropped, each with a note.
    ///
    /// - Throws: ``AppFileMergeError`` with the line when the file is not a property list whose
    ///   root is a `<dict>`, when the key holds something other than an `<array>` of
    ///   `<string>`s, or when the app has no iOS app.
    public static func merge(_ plan: AppLinkPlan, into original: String) throws(AppFileMergeError) -> AppFileMerge {
        try requireIOS(plan)
        let tree: XMLTree
        do {
            tree = try XMLTree(text: original)
        } catch {
            throw AppFileMergeError("the file is not a property list: it is not well-formed XML (\(error))", line: error.line)
        }
        guard tree.root.localName == "plist" else {
            throw AppFileMergeError("the root element is <\(tree.root.name)>, not <plist>: is this an .entitlements file?", line: tree.root.line)
        }
        guard let dict = tree.root.elements.first, dict.localName == "dict" else {
            let found = tree.root.elements.first.map { "<\($0.name)>" } ?? "nothing"
            throw AppFileMergeError("the <plist> holds \(found), not the <dict> of entitlements",
                                    line: tree.root.elements.first?.line ?? tree.root.line)
        }
        let newline = original.contains("\r\n") ? "\r\n" : "\n"
        let unit = tree.indentationUnit == "    " && !original.contains("    <") ? "\t" : tree.indentationUnit
        let generated = plan.associatedDomains.map(\.description)

        guard let value = try associatedDomainsValue(in: dict) else {
            let indentation = tree.indentation(ofLineAt: dict.startTag.lowerBound) + unit
            let block = indentation + "<key>\(key)</key>" + newline
                + indentation + array(generated, indentation: indentation, unit: unit, newline: newline) + newline
            return AppFileMerge(text: tree.applying([insertion(of: block, closing: dict, in: tree, newline: newline)]))
        }
        let (kept, notes) = try keptEntries(of: value, in: tree, plan: plan)
        let indentation = tree.indentation(ofLineAt: value.startTag.lowerBound)
        let text = array(generated + kept, indentation: indentation, unit: unit, newline: newline)
        return AppFileMerge(text: tree.applying([XMLEdit(replacing: value.range, with: text)]), notes: notes)
    }

    // MARK: parts

    /// Refuses a plan for an app without iOS.
    static func requireIOS(_ plan: AppLinkPlan) throws(AppFileMergeError) {
        guard plan.app.ios != nil else {
            throw AppFileMergeError("the app '\(plan.app.name)' has no ios entry in landfall.yml, so it claims no associated domains")
        }
    }

    /// `<array>` with one `<string>` per entry, its first line not indented (it goes where the
    /// old array started), its items one `unit` deeper than `indentation`, no newline at the end.
    static func array(_ entries: [String], indentation: String, unit: String, newline: String) -> String {
        guard !entries.isEmpty else { return "<array/>" }
        var text = "<array>" + newline
        for entry in entries { text += indentation + unit + "<string>" + XMLEscaping.text(entry) + "</string>" + newline }
        return text + indentation + "</array>"
    }

    /// The element that follows `<key>com.apple.developer.associated-domains</key>` in the
    /// root dict, or `nil` when the key is absent.
    static func associatedDomainsValue(in dict: XMLTreeElement) throws(AppFileMergeError) -> XMLTreeElement? {
        let elements = dict.elements
        guard let index = elements.firstIndex(where: { $0.localName == "key" && $0.text == key }) else { return nil }
        guard index + 1 < elements.count else {
            throw AppFileMergeError("the key \(key) has no value; add an <array> after it", line: elements[index].line)
        }
        let value = elements[index + 1]
        guard value.localName == "array" else {
            throw AppFileMergeError("the key \(key) holds a <\(value.name)>; it must be an <array> of <string> entries", line: value.line)
        }
        return value
    }

    /// The file's entries the plan does not write but that must stay, and the notes about
    /// every entry kept or dropped.
    static func keptEntries(of array: XMLTreeElement, in tree: XMLTree, plan: AppLinkPlan)
        throws(AppFileMergeError) -> (kept: [String], notes: [String]) {
        let generated = Set(plan.associatedDomains.map(\.description))
        let hosts = Set(plan.siteHosts + plan.associatedDomains.map(\.host))
        var kept: [String] = []
        var notes: [String] = []
        for child in array.children {
            switch child {
            case .element(let element):
                guard element.localName == "string" else {
                    throw AppFileMergeError("the \(key) array holds a <\(element.name)>; every entry must be a <string>", line: element.line)
                }
                let entry = element.text.trimmingCharacters(in: .whitespacesAndNewlines)
                guard !generated.contains(entry), !kept.contains(entry) else { continue }
                switch try? AssociatedDomain(parsing: entry) {
                case .some(let domain) where ![.appLinks, .webCredentials].contains(domain.service):
                    kept.append(entry)
                    notes.append("kept \(entry): Landfall writes only applinks: and webcredentials: entries")
                case .some(let domain) where hosts.contains(domain.host):
                    notes.append("removed \(entry): landfall.yml does not claim it for the app '\(plan.app.name)'")
                case .some:
                    kept.append(entry)
                    notes.append("kept \(entry): not a host of landfall.yml")
                case .none:
                    kept.append(entry)
                    notes.append("kept \(entry) (line \(element.line)): not an associated-domains entry Landfall can read")
                }
            case .comment(_, let range):
                notes.append("line \(tree.line(of: range.lowerBound)): a comment inside the \(key) array was replaced with the array")
            case .text, .other:
                continue
            }
        }
        return (kept, notes)
    }

    /// Inserts `block` (whole lines) just before the end of `element`: at the start of the
    /// line of its end tag when that line holds only indentation, or rewrites `<x/>` as
    /// `<x>` + block + `</x>`.
    static func insertion(of block: String, closing element: XMLTreeElement, in tree: XMLTree, newline: String) -> XMLEdit {
        guard let endTag = element.endTag else {
            let start = element.startTag
            var end = start.upperBound - 2
            while end > start.lowerBound, tree.bytes[end - 1] == UInt8(ascii: " ") { end -= 1 }
            let indentation = tree.indentation(ofLineAt: start.lowerBound)
            return XMLEdit(replacing: end..<start.upperBound,
                           with: ">" + newline + block + indentation + "</\(element.name)>")
        }
        var lineStart = endTag.lowerBound
        while lineStart > 0, tree.bytes[lineStart - 1] == UInt8(ascii: " ") || tree.bytes[lineStart - 1] == UInt8(ascii: "\t") {
            lineStart -= 1
        }
        if lineStart == 0 || tree.bytes[lineStart - 1] == UInt8(ascii: "\n") {
            return XMLEdit(inserting: block, at: lineStart)
        }
        return XMLEdit(inserting: newline + block + tree.indentation(ofLineAt: element.startTag.lowerBound), at: endTag.lowerBound)
    }
}

