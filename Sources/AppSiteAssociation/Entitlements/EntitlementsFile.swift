import Foundation
import LandfallJSON

/// An Xcode `.entitlements` file (an XML property list), read for its
/// `com.apple.developer.associated-domains` entries.
///
/// Reading never throws on bad content: a malformed file, a missing or mistyped key and every
/// malformed entry become ``diagnostics`` with a code from ``EntitlementsLintCode`` and a fix.
///
/// ```swift
/// let file = EntitlementsFile(data: try Data(contentsOf: url))
/// for entry in file.entries {
///     print(entry.index, entry.text ?? "(not a string)", entry.domain?.hostsToCheck ?? [])
/// }
/// file.passes(strict: false) // false when any entry is malformed
/// file.appLinksHosts         // ["example.com", "links.example.com"]
/// ```
public struct EntitlementsFile: Sendable, Hashable {
    /// The entitlement that lists an app's associated domains.
    public static let associatedDomainsKey = "com.apple.developer.associated-domains"

    /// One element of the associated-domains array.
    public struct Entry: Sendable, Hashable {
        /// Its 0-based place in the array.
        public var index: Int
        /// The text, when the element is a string.
        public var text: String?
        /// The entry, when it could be read.
        public var domain: AssociatedDomain?
        /// The problems with this element.
        public var diagnostics: [Diagnostic]

        /// Creates an entry.
        public init(index: Int, text: String?, domain: AssociatedDomain?, diagnostics: [Diagnostic]) {
            self.index = index
            self.text = text
            self.domain = domain
            self.diagnostics = diagnostics
        }
    }

    /// Every element of the associated-domains array, in order (empty when the key is missing
    /// or the file could not be read).
    public var entries: [Entry]
    /// Every problem, the file's own first and then each entry's, in order.
    public var diagnostics: [Diagnostic]

    /// Reads a property list's bytes.
    public init(data: Data) {
        var format = PropertyListSerialization.PropertyListFormat.xml
        let root: Any
        do {
            root = try PropertyListSerialization.propertyList(from: data, options: [], format: &format)
        } catch {
            self.init(entries: [], diagnostics: [Self.malformed(data: data, error: error)])
            return
        }
        guard format != .openStep else {
            // Foundation accepts a bare word as an old-style property list; Xcode writes XML.
            self.init(entries: [], diagnostics: [Diagnostic(EntitlementsLintCode.malformedPropertyList, path: nil, location: nil,
                message: "the file is not an XML property list",
                fix: "write the entitlements as Xcode does: <?xml ...?><plist version=\"1.0\"><dict>...</dict></plist>")])
            return
        }
        self.init(root: root)
    }

    /// Reads the property list at `url`.
    ///
    /// - Throws: The error reading the file (it is missing or unreadable); a file that can be read
    ///   but is not a property list is reported in ``diagnostics``, not thrown.
    public init(contentsOf url: URL) throws {
        self.init(data: try Data(contentsOf: url))
    }

    /// Creates a file from its parts.
    public init(entries: [Entry], diagnostics: [Diagnostic]) {
        self.entries = entries
        self.diagnostics = diagnostics
    }

    /// The entries that could be read, in order.
    public var domains: [AssociatedDomain] { entries.compactMap(\.domain) }

    /// The `applinks:` entries that could be read, in order.
    public var appLinks: [AssociatedDomain] { domains.filter { $0.service == .appLinks } }

    /// The hosts whose association file must be checked for universal links: each `applinks:`
    /// entry's ``AssociatedDomain/hostsToCheck``, each host once, in order.
    public var appLinksHosts: [String] {
        var seen = Set<String>()
        return appLinks.flatMap(\.hostsToCheck).filter { seen.insert($0).inserted }
    }

    /// Whether the file passes: no errors, and with `strict`, no warnings either.
    public func passes(strict: Bool) -> Bool {
        LintReport(diagnostics: diagnostics).passes(strict: strict)
    }

    /// The codes found, in order, with repeats (handy in tests).
    public var codes: [String] { diagnostics.map(\.code) }
}

extension EntitlementsFile {
    /// Reads the decoded property list.
    private init(root: Any) {
        let key = Self.associatedDomainsKey
        guard let dictionary = root as? [String: Any] else {
            self.init(entries: [], diagnostics: [Diagnostic(EntitlementsLintCode.notADictionary, path: nil, location: nil,
                message: "the property list's top level is \(Self.kind(of: root)), not a dictionary of entitlements",
                fix: "put the entitlements in a <dict> with the key \(key)")])
            return
        }
        guard let value = dictionary[key] else {
            self.init(entries: [], diagnostics: [Diagnostic(EntitlementsLintCode.noAssociatedDomains, path: nil, location: nil,
                message: "the file has no \(key) key, so the app claims no domain",
                fix: "add <key>\(key)</key> with an <array> of <string>applinks:example.com</string>, or enable Associated Domains under Signing & Capabilities")])
            return
        }
        let path: JSONPath = [.key(key)]
        guard let array = value as? [Any] else {
            self.init(entries: [], diagnostics: [Diagnostic(EntitlementsLintCode.associatedDomainsNotArray, path: path, location: nil,
                message: "\(key) is \(Self.kind(of: value)), not an array of strings",
                fix: "write <array><string>applinks:example.com</string></array>")])
            return
        }
        var diagnostics: [Diagnostic] = []
        if array.isEmpty {
            diagnostics.append(Diagnostic(EntitlementsLintCode.emptyAssociatedDomains, path: path, location: nil,
                message: "\(key) is empty, so the app claims no domain",
                fix: "add <string>applinks:example.com</string> with the host that serves the association file"))
        }
        var entries: [Entry] = []
        var firstIndex: [String: Int] = [:]
        for (index, element) in array.enumerated() {
            let place = path.appending(index)
            guard let text = element as? String else {
                let problem = Diagnostic(EntitlementsLintCode.nonStringEntry, path: place, location: nil,
                    message: "entry \(index) is \(Self.kind(of: element)), not a string, so iOS ignores it",
                    fix: "write it as <string>applinks:example.com</string>")
                entries.append(Entry(index: index, text: nil, domain: nil, diagnostics: [problem]))
                continue
            }
            let reading = AssociatedDomain.read(text, path: place)
            var problems = reading.diagnostics
            if let domain = reading.domain {
                let canonical = domain.description
                if let earlier = firstIndex[canonical] {
                    problems.append(Diagnostic(EntitlementsLintCode.duplicateEntry, path: place, location: nil,
                        message: "\"\(text)\" repeats entry \(earlier)",
                        fix: "remove entry \(index)"))
                } else {
                    firstIndex[canonical] = index
                }
            }
            entries.append(Entry(index: index, text: text, domain: reading.domain, diagnostics: problems))
        }
        diagnostics += entries.flatMap(\.diagnostics)
        let hasAppLinks = entries.contains { $0.domain?.service == .appLinks }
        let mentionsAppLinks = entries.contains { $0.text?.hasPrefix("applinks:") == true }
        if !array.isEmpty, !hasAppLinks, !mentionsAppLinks {
            diagnostics.append(Diagnostic(EntitlementsLintCode.noAppLinks, path: path, location: nil,
                message: "\(key) has no applinks: entry, so no universal link opens the app",
                fix: "add <string>applinks:example.com</string> for each host whose links should open the app"))
        }
        self.init(entries: entries, diagnostics: diagnostics)
    }

    /// The diagnostic for bytes Foundation could not read, with the line when its message has one.
    private static func malformed(data: Data, error: any Error) -> Diagnostic {
        let details = ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String) ?? error.localizedDescription
        var location: SourceLocation?
        if let line = lineNumber(in: details) {
            location = SourceLocation(offset: offset(ofLine: line, in: data), line: line, column: 1)
        }
        let message = data.isEmpty ? "the file is empty, not an XML property list" : "the file is not a valid XML property list: \(details)"
        return Diagnostic(EntitlementsLintCode.malformedPropertyList, path: nil, location: location, message: message,
            fix: location.map { "fix the XML at \($0); Xcode writes <plist version=\"1.0\"><dict>...</dict></plist>" }
                ?? "fix the XML; Xcode writes <plist version=\"1.0\"><dict>...</dict></plist>")
    }

    /// The number after "line " in Foundation's message (`Close tag on line 8 does not match ...`).
    private static func lineNumber(in message: String) -> Int? {
        guard let range = message.range(of: "line ") else { return nil }
        let digits = message[range.upperBound...].prefix { ("0"..."9").contains($0) }
        return Int(digits)
    }

    /// The byte offset where a 1-based line starts (the end, past the last line).
    private static func offset(ofLine line: Int, in data: Data) -> Int {
        var current = 1
        for (offset, byte) in data.enumerated() where current < line && byte == UInt8(ascii: "\n") {
            current += 1
            if current == line { return offset + 1 }
        }
        return current == line ? 0 : data.count
    }

    /// "a number", "a dictionary" ... for messages.
    private static func kind(of value: Any) -> String {
        switch value {
        case is String: "a string"
        case is Bool: "a boolean"
        case is NSNumber, is Int, is Double: "a number"
        case is [Any]: "an array"
        case is [String: Any]: "a dictionary"
        case is Data: "data"
        case is Date: "a date"
        default: "\(type(of: value))"
        }
    }
}
