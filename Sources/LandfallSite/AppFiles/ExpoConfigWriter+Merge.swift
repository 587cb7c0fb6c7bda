import LandfallJSON

extension ExpoConfigWriter {
    /// Top-level keys that mark a bare Expo config (an `app.json` without the `expo` wrapper).
    static let bareConfigKeys: Set<String> = ["name", "slug", "ios", "android"]

    /// Merges the plan into an Expo `app.json`, changing only what Landfall writes.
    ///
    /// - The config is the `expo` object; a file without `expo` whose top level has `name`,
    ///   `slug`, `ios` or `android` is a bare config and is merged at the top level (with a
    ///   note); any other object gets an `expo` member with the whole fragment.
    /// - `ios.associatedDomains`: Landfall's entries, then the entries it does not write (other
    ///   hosts, other services), kept as they are spelled, each with a note.
    /// - `android.intentFilters`: Landfall's filters, then the filters that name none of the
    ///   site's hosts or custom schemes (a share-sheet filter, say), kept as they are spelled;
    ///   each filter that named one is replaced, with a note.
    /// - `scheme` is set only when absent; a different scheme is kept, with a note.
    ///
    /// Every other byte stays as it was; new text uses the file's indentation. Merging twice
    /// gives the same file as merging once.
    ///
    /// - Throws: ``AppFileMergeError`` when the file is not JSON (with its line and column), its
    ///   top level or `expo`, `ios` or `android` is not an object, or `ios.associatedDomains` or
    ///   `android.intentFilters` is not an array.
    public static func merge(_ plan: AppLinkPlan, configuration: SiteConfiguration, into original: String)
        throws(AppFileMergeError) -> AppFileMerge {
        var document = try JSONSourceDocument(original, fileName: "app.json")
        let root = document.root
        guard let rootMembers = root.objectMembers else {
            throw AppFileMergeError("the top level of app.json must be an object such as {\"expo\": {...}}, not \(root.kindDescription)",
                                    line: root.location?.line)
        }
        let generated = config(for: plan, configuration: configuration)
        var notes: [String] = []
        let target: JSONValue
        let prefix: String
        if let expo = root["expo"] {
            guard expo.objectMembers != nil else {
                throw AppFileMergeError("\"expo\" must be an object holding the app's config, not \(expo.kindDescription)",
                                        line: expo.location?.line)
            }
            target = expo
            prefix = "expo."
        } else if rootMembers.contains(where: { bareConfigKeys.contains($0.key) }) {
            target = root
            prefix = ""
            notes.append("app.json has no \"expo\" key, but its top level is an Expo config (it has "
                         + rootMembers.map(\.key).filter(bareConfigKeys.contains).joined(separator: ", ") + "): merged there")
        } else {
            document.append([("expo", generated)], to: root)
            return AppFileMerge(text: document.text, notes: notes)
        }

        var appended: [(String, JSONValue)] = []
        if let scheme = generated["scheme"]?.stringValue {
            if let existing = target["scheme"] {
                let schemes = existing.arrayValue?.compactMap(\.stringValue) ?? existing.stringValue.map { [$0] } ?? []
                if !schemes.contains(scheme) {
                    notes.append("kept \(prefix)scheme \(existing): landfall.yml's custom scheme is \(scheme), so \(scheme):// links "
                                 + "open the app only when the scheme is also registered (write \"scheme\": [\(existing.arrayValue == nil ? "\(existing), " : "")\"\(scheme)\"])")
                }
            } else {
                appended.append(("scheme", .string(scheme)))
            }
        }
        let siteHosts = Set(configuration.hosts.servedHosts + configuration.hosts.development + plan.androidFilters.flatMap(\.hosts))
        if let ios = generated["ios"], let domains = ios["associatedDomains"]?.arrayValue {
            if let existingIOS = try object("ios", in: target, prefix: prefix) {
                if let existing = try array("associatedDomains", in: existingIOS, prefix: prefix + "ios.") {
                    var elements = domains.map(JSONSourceDocument.Element.new)
                    for entry in existing.arrayValue ?? [] where !isLandfallDomain(entry, siteHosts: siteHosts) {
                        elements.append(.kept(entry))
                        let reason = entry.stringValue.map { keptDomainReason($0) } ?? "not a string"
                        notes.append("kept \(prefix)ios.associatedDomains entry \(document.source(of: entry)) (line \(entry.location?.line ?? 0)): \(reason)")
                    }
                    document.replace(existing, withElements: elements)
                } else {
                    document.append([("associatedDomains", .array(domains))], to: existingIOS)
                }
            } else {
                appended.append(("ios", ios))
            }
        }
        if let android = generated["android"], let filters = android["intentFilters"]?.arrayValue {
            if let existingAndroid = try object("android", in: target, prefix: prefix) {
                if let existing = try array("intentFilters", in: existingAndroid, prefix: prefix + "android.") {
                    var elements = filters.map(JSONSourceDocument.Element.new)
                    var kept: [JSONSourceDocument.Element] = []
                    for (index, filter) in (existing.arrayValue ?? []).enumerated() {
                        let claimed = claims(filter, hosts: siteHosts, schemes: Set(configuration.schemes))
                        if claimed.isEmpty {
                            kept.append(.kept(filter))
                        } else if !filters.contains(filter) {
                            notes.append("replaced \(prefix)android.intentFilters[\(index)] (line \(filter.location?.line ?? 0)): it claimed "
                                         + claimed.joined(separator: ", ") + ", which Landfall's filters now declare from the routes")
                        }
                    }
                    elements += kept
                    document.replace(existing, withElements: elements)
                } else {
                    document.append([("intentFilters", .array(filters))], to: existingAndroid)
                }
            } else {
                appended.append(("android", android))
            }
        }
        document.append(appended, to: target)
        return AppFileMerge(text: document.text, notes: notes)
    }

    /// The member `key` of `parent` when it is an object; `nil` when absent.
    private static func object(_ key: String, in parent: JSONValue, prefix: String) throws(AppFileMergeError) -> JSONValue? {
        guard let value = parent[key] else { return nil }
        guard value.objectMembers != nil else {
            throw AppFileMergeError("\(prefix)\(key) must be an object, not \(value.kindDescription)", line: value.location?.line)
        }
        return value
    }

    /// The elements of member `key` of `parent` when it is an array; `nil` when absent.
    private static func array(_ key: String, in parent: JSONValue, prefix: String) throws(AppFileMergeError) -> JSONValue? {
        guard let value = parent[key] else { return nil }
        guard value.arrayValue != nil else {
            let expected = key == "associatedDomains" ? "an array of strings such as \"applinks:example.com\"" : "an array of intent filters"
            throw AppFileMergeError("\(prefix)\(key) must be \(expected), not \(value.kindDescription)", line: value.location?.line)
        }
        return value
    }

    /// Whether an `associatedDomains` entry is one Landfall writes: `applinks:` or
    /// `webcredentials:` for one of the site's hosts.
    static func isLandfallDomain(_ entry: JSONValue, siteHosts: Set<String>) -> Bool {
        guard let text = entry.stringValue, let colon = text.firstIndex(of: ":") else { return false }
        let service = text[..<colon]
        guard service == "applinks" || service == "webcredentials" else { return false }
        var host = text[text.index(after: colon)...]
        if let query = host.firstIndex(of: "?") { host = host[..<query] }
        return siteHosts.contains(host.lowercased())
    }

    private static func keptDomainReason(_ entry: String) -> String {
        let service = entry.split(separator: ":", maxSplits: 1).first.map(String.init) ?? entry
        return service == "applinks" || service == "webcredentials"
            ? "not a host of landfall.yml"
            : "Landfall writes only applinks: and webcredentials: entries"
    }

    /// The site hosts and custom schemes an intent filter's `data` names (empty for a filter
    /// Landfall leaves alone, such as a share-sheet filter).
    static func claims(_ filter: JSONValue, hosts: Set<String>, schemes: Set<String>) -> [String] {
        guard let data = filter["data"] else { return [] }
        let objects = data.arrayValue ?? [data]
        var claimed: [String] = []
        for datum in objects {
            if let host = datum["host"]?.stringValue?.lowercased(), hosts.contains(host), !claimed.contains(host) {
                claimed.append(host)
            }
            if let scheme = datum["scheme"]?.stringValue, schemes.contains(scheme), !claimed.contains(scheme + "://") {
                claimed.append(scheme + "://")
            }
        }
        return claimed
    }
}
