/// One run of ``AssetLinksLinter`` over a parsed file: walks the JSON tree (not the decoded
/// model, so that it sees everything Android would skip) and collects diagnostics.
struct AssetLinksLintPass {
    private(set) var diagnostics: [Diagnostic] = []

    mutating func report(_ code: AssetLinksLintCode, at path: JSONPath?, _ location: SourceLocation?, _ message: String, fix: String? = nil) {
        diagnostics.append(Diagnostic(code, path: path, location: location, message: message, fix: fix))
    }

    /// The report, in document order (diagnostics about the whole file first).
    func finished() -> LintReport {
        let ordered = diagnostics.enumerated().sorted { lhs, rhs in
            let left = lhs.element.location?.offset ?? -1
            let right = rhs.element.location?.offset ?? -1
            return left != right ? left < right : lhs.offset < rhs.offset
        }
        return LintReport(diagnostics: ordered.map(\.element))
    }

    // MARK: Keys

    mutating func lintDuplicateKeys(_ value: JSONValue, path: inout [JSONPath.Component]) {
        switch value.kind {
        case .object(let members):
            var seen = Set<String>()
            for member in members {
                path.append(.key(member.key))
                if !seen.insert(member.key).inserted {
                    report(.duplicateKey, at: JSONPath(path), member.keyLocation,
                           "\"\(member.key)\" appears more than once in this object; Android keeps the last one, other readers may keep the first or refuse the file",
                           fix: "keep one \"\(member.key)\"")
                }
                lintDuplicateKeys(member.value, path: &path)
                path.removeLast()
            }
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                path.append(.index(index))
                lintDuplicateKeys(element, path: &path)
                path.removeLast()
            }
        default:
            break
        }
    }

    /// Reports every key of `members` not in `known`, with a did-you-mean.
    mutating func lintUnknownKeys(_ members: [JSONMember], known: [String], at path: JSONPath, aliases: [String: String] = [:],
                                  notes: [String: String] = [:]) {
        for member in members where !known.contains(member.key) {
            let fix: String?
            if let note = notes[member.key] {
                fix = note
            } else if let suggestion = AssetLinksSpelling.suggestion(for: member.key, among: known, aliases: aliases) {
                fix = "did you mean \"\(suggestion)\"?"
            } else {
                fix = nil
            }
            report(.unknownKey, at: path.appending(member.key), member.keyLocation,
                   "unknown key \"\(member.key)\"; Android ignores it", fix: fix)
        }
    }

    /// "rename "packageName" to "package_name"" when a near spelling of a missing key is there.
    func renameFix(for key: String, in members: [JSONMember]) -> String? {
        guard let near = members.first(where: { AssetLinksSpelling.suggestion(for: $0.key, among: [key]) == key }) else { return nil }
        return "rename \"\(near.key)\" to \"\(key)\""
    }

    static func last(_ key: String, in members: [JSONMember]) -> JSONMember? {
        members.last { $0.key == key }
    }

    /// Feeds a JSON value's contents (not its source location) to `hasher`, consistently with `==`.
    static func hash(_ value: JSONValue, into hasher: inout Hasher) {
        switch value.kind {
        case .null: hasher.combine(0)
        case .bool(let flag): hasher.combine(1); hasher.combine(flag)
        case .number(let text): hasher.combine(2); hasher.combine(text)
        case .string(let text): hasher.combine(3); hasher.combine(text)
        case .array(let elements):
            hasher.combine(4)
            hasher.combine(elements.count)
            for element in elements { hash(element, into: &hasher) }
        case .object(let members):
            hasher.combine(5)
            hasher.combine(members.count)
            for member in members {
                hasher.combine(member.key)
                hash(member.value, into: &hasher)
            }
        }
    }

    static func quoted(_ text: String) -> String {
        var output = ""
        JSONWriter.writeString(text.count > 200 ? String(text.prefix(200)) + "..." : text, into: &output)
        return output
    }

    // MARK: The document

    mutating func lintDocument(_ root: JSONValue) {
        guard let elements = root.arrayValue else {
            let looksLikeStatement = root["relation"] != nil || root["target"] != nil
            report(.topLevelNotArray, at: JSONPath(), root.location,
                   "the top level is \(root.kindDescription); Android expects an array of statements",
                   fix: looksLikeStatement ? "wrap the statement in [ and ]" : nil)
            return
        }
        guard !elements.isEmpty else {
            report(.noStatements, at: JSONPath(), root.location, "the file has no statements, so the site grants nothing",
                   fix: "add a statement granting \(AssetLinkStatement.handleAllURLs) to your app")
            return
        }
        var seen: [Int: [Int]] = [:]
        var grantsAppLinks = false
        var hasIncludes = false
        for (index, element) in elements.enumerated() {
            let path = JSONPath([.index(index)])
            guard let members = element.objectMembers else {
                report(.statementNotObject, at: path, element.location,
                       "statement \(index + 1) is \(element.kindDescription); each element must be an object with \"relation\" and \"target\"")
                continue
            }
            var hasher = Hasher()
            Self.hash(element, into: &hasher)
            let hash = hasher.finalize()
            if let earlier = seen[hash]?.first(where: { elements[$0] == element }) {
                report(.duplicateStatement, at: path, element.location,
                       "statement \(index + 1) is identical to statement \(earlier + 1)", fix: "remove one of them")
            } else {
                seen[hash, default: []].append(index)
            }
            if let include = Self.last("include", in: members) {
                hasIncludes = true
                lintInclude(include, members: members, at: path)
            } else if lintStatement(members, element, at: path) {
                grantsAppLinks = true
            }
        }
        if !grantsAppLinks, !hasIncludes {
            report(.noAppLinks, at: JSONPath(), root.location,
                   "no statement grants \(AssetLinkStatement.handleAllURLs) to an android_app target, so no link on this host opens an app")
        }
    }

    mutating func lintInclude(_ include: JSONMember, members: [JSONMember], at path: JSONPath) {
        for member in members where member.key != "include" {
            report(.unknownKey, at: path.appending(member.key), member.keyLocation,
                   "unknown key \"\(member.key)\"; an include entry has only \"include\", so Android ignores it")
        }
        let includePath = path.appending("include")
        guard let url = include.value.stringValue else {
            report(.wrongType, at: includePath, include.value.location,
                   "expected the https URL of another statement list, found \(include.value.kindDescription)")
            return
        }
        if !AssetLinksFormat.isHTTPSURL(url) {
            report(.invalidInclude, at: includePath, include.value.location,
                   "\(Self.quoted(url)) is not an https URL, so Android cannot fetch the statements it names",
                   fix: "write the full https URL, such as \"https://example.com/statements.json\"")
        }
    }

    // MARK: Statements

    /// Lints one statement; returns whether it grants App Links to an Android app.
    mutating func lintStatement(_ members: [JSONMember], _ value: JSONValue, at path: JSONPath) -> Bool {
        lintUnknownKeys(members, known: AssetLinkStatement.knownKeys, at: path,
                        aliases: ["relationship": "relation", "relationships": "relation", "extensions": "relation_extensions"])
        let relations = lintRelations(members, value, at: path)
        var isApp = false
        if let target = Self.last("target", in: members) {
            let targetPath = path.appending("target")
            if let targetMembers = target.value.objectMembers {
                isApp = lintTarget(targetMembers, target.value, at: targetPath) == AssetLinkTarget.androidAppNamespace
            } else {
                report(.wrongType, at: targetPath, target.value.location,
                       "expected a target object with \"namespace\", found \(target.value.kindDescription)")
            }
        } else {
            report(.missingTarget, at: path, value.location, "the statement has no \"target\", so Android ignores it",
                   fix: renameFix(for: "target", in: members)
                       ?? "add \"target\": {\"namespace\": \"android_app\", \"package_name\": ..., \"sha256_cert_fingerprints\": [...]}")
        }
        if let extensions = Self.last("relation_extensions", in: members) {
            lintRelationExtensions(extensions.value, relations: relations, at: path.appending("relation_extensions"))
        }
        return isApp && (relations?.contains(AssetLinkStatement.handleAllURLs) ?? false)
    }

    /// Lints `relation`; returns the relation strings, or `nil` when there is no usable list.
    mutating func lintRelations(_ members: [JSONMember], _ value: JSONValue, at path: JSONPath) -> [String]? {
        guard let relation = Self.last("relation", in: members) else {
            report(.missingRelation, at: path, value.location, "the statement has no \"relation\", so Android ignores it",
                   fix: renameFix(for: "relation", in: members) ?? "add \"relation\": [\"\(AssetLinkStatement.handleAllURLs)\"]")
            return nil
        }
        let relationPath = path.appending("relation")
        guard let elements = relation.value.arrayValue else {
            let text = relation.value.stringValue
            report(.wrongType, at: relationPath, relation.value.location,
                   "expected an array of relation strings, found \(relation.value.kindDescription)",
                   fix: text.map { "write [\(Self.quoted($0))]" })
            return nil
        }
        if elements.isEmpty {
            report(.emptyRelation, at: relationPath, relation.value.location, "the relation list is empty, so the statement grants nothing",
                   fix: "add \"\(AssetLinkStatement.handleAllURLs)\"")
        }
        var relations: [String] = []
        for (index, element) in elements.enumerated() {
            let elementPath = relationPath.appending(index)
            guard let text = element.stringValue else {
                report(.wrongType, at: elementPath, element.location, "expected a relation string, found \(element.kindDescription)")
                continue
            }
            relations.append(text)
            guard !AssetLinkStatement.knownRelations.contains(text) else { continue }
            if let meant = AssetLinksSpelling.suggestion(for: text, among: AssetLinkStatement.knownRelations) {
                report(.misspelledRelation, at: elementPath, element.location,
                       "\(Self.quoted(text)) is not a relation Android reads, so the statement does not grant \"\(meant)\"",
                       fix: "did you mean \"\(meant)\"?")
            } else {
                report(.unknownRelation, at: elementPath, element.location,
                       "\(Self.quoted(text)) is not a relation Android or Chrome reads; it grants nothing there")
            }
        }
        return relations
    }

    // MARK: Targets

    /// Lints a target; returns the namespace it was checked as (after a did-you-mean), if any.
    mutating func lintTarget(_ members: [JSONMember], _ value: JSONValue, at path: JSONPath) -> String? {
        let appKeys = ["namespace", "package_name", "sha256_cert_fingerprints"]
        let webKeys = ["namespace", "site"]
        var namespace: String?
        if let member = Self.last("namespace", in: members) {
            if let text = member.value.stringValue {
                if text == AssetLinkTarget.androidAppNamespace || text == AssetLinkTarget.webNamespace {
                    namespace = text
                } else {
                    let meant = AssetLinksSpelling.suggestion(
                        for: text, among: [AssetLinkTarget.androidAppNamespace, AssetLinkTarget.webNamespace],
                        aliases: ["android": "android_app", "app": "android_app", "android_application": "android_app",
                                  "website": "web", "site": "web", "http": "web", "https": "web"])
                    report(.unknownNamespace, at: path.appending("namespace"), member.value.location,
                           "the namespace \(Self.quoted(text)) is neither \"android_app\" nor \"web\", so Android ignores the statement",
                           fix: meant.map { "did you mean \"\($0)\"?" })
                    guard let meant else { return nil }
                    namespace = meant
                }
            } else {
                report(.wrongType, at: path.appending("namespace"), member.value.location,
                       "expected \"android_app\" or \"web\", found \(member.value.kindDescription)")
            }
        } else {
            let looksLikeApp = members.contains { appKeys.dropFirst().contains($0.key) || $0.key.lowercased().contains("package") }
            let looksLikeWeb = members.contains { $0.key == "site" }
            let fix = looksLikeApp ? "add \"namespace\": \"android_app\"" : looksLikeWeb ? "add \"namespace\": \"web\"" : nil
            report(.missingNamespace, at: path, value.location, "the target has no \"namespace\", so Android ignores the statement", fix: fix)
            if looksLikeApp { namespace = AssetLinkTarget.androidAppNamespace } else if looksLikeWeb { namespace = AssetLinkTarget.webNamespace }
        }
        switch namespace {
        case AssetLinkTarget.androidAppNamespace?:
            lintUnknownKeys(members, known: appKeys, at: path, aliases: ["fingerprints": "sha256_cert_fingerprints"],
                            notes: ["site": "\"site\" belongs to web targets"])
            lintAppTarget(members, value, at: path)
        case AssetLinkTarget.webNamespace?:
            lintUnknownKeys(members, known: webKeys, at: path, aliases: ["url": "site", "origin": "site"],
                            notes: ["package_name": "\"package_name\" belongs to android_app targets",
                                    "sha256_cert_fingerprints": "\"sha256_cert_fingerprints\" belongs to android_app targets"])
            lintWebTarget(members, value, at: path)
        default:
            lintUnknownKeys(members, known: appKeys + webKeys.dropFirst(), at: path)
        }
        return namespace
    }

    mutating func lintAppTarget(_ members: [JSONMember], _ value: JSONValue, at path: JSONPath) {
        if let package = Self.last("package_name", in: members) {
            if let name = package.value.stringValue {
                if let problem = AssetLinksFormat.packageNameProblem(name) {
                    report(.invalidPackageName, at: path.appending("package_name"), package.value.location,
                           "\(problem), so it names no app; write the applicationId from the app's build.gradle")
                }
            } else {
                report(.wrongType, at: path.appending("package_name"), package.value.location,
                       "expected the package name as a string, found \(package.value.kindDescription)")
            }
        } else {
            report(.missingPackageName, at: path, value.location, "the android_app target has no \"package_name\"",
                   fix: renameFix(for: "package_name", in: members) ?? "add \"package_name\": \"com.example.app\" (the app's applicationId)")
        }
        let fingerprintsKey = "sha256_cert_fingerprints"
        let howToFind = "add the SHA-256 fingerprint of the app signing key (Play Console, App integrity; or keytool -list -v)"
        guard let fingerprints = Self.last(fingerprintsKey, in: members) else {
            report(.missingFingerprints, at: path, value.location,
                   "the android_app target has no \"sha256_cert_fingerprints\", so no build of the app is verified",
                   fix: renameFix(for: fingerprintsKey, in: members) ?? howToFind)
            return
        }
        let listPath = path.appending(fingerprintsKey)
        guard let elements = fingerprints.value.arrayValue else {
            report(.wrongType, at: listPath, fingerprints.value.location,
                   "expected an array of fingerprint strings, found \(fingerprints.value.kindDescription)",
                   fix: fingerprints.value.stringValue.map { "write [\(Self.quoted($0))]" })
            return
        }
        if elements.isEmpty {
            report(.missingFingerprints, at: listPath, fingerprints.value.location,
                   "\"sha256_cert_fingerprints\" is empty, so no build of the app is verified", fix: howToFind)
        }
        var seen: [String: Int] = [:]
        for (index, element) in elements.enumerated() {
            let elementPath = listPath.appending(index)
            guard let text = element.stringValue else {
                report(.wrongType, at: elementPath, element.location, "expected a fingerprint string, found \(element.kindDescription)")
                continue
            }
            lintFingerprint(text, at: elementPath, element.location)
            let key = AssetLinksFormat.fingerprintKey(text)
            if let earlier = seen[key] {
                report(.duplicateFingerprint, at: elementPath, element.location,
                       "fingerprint \(index + 1) is the same as fingerprint \(earlier + 1)", fix: "remove one of them")
            } else {
                seen[key] = index
            }
        }
    }

    mutating func lintFingerprint(_ text: String, at path: JSONPath, _ location: SourceLocation?) {
        guard let problem = AssetLinksFormat.fingerprintProblem(text) else { return }
        switch problem {
        case .lowercase(let fixed):
            report(.fingerprintLowercase, at: path, location,
                   "the fingerprint is in lower-case hex; keytool and Play Console print it in upper case",
                   fix: "write \"\(fixed)\"")
        case .withoutColons(let fixed):
            report(.fingerprintWithoutColons, at: path, location,
                   "the fingerprint has no colons between its bytes", fix: "write \"\(fixed)\"")
        case .wrongLength(let bytes):
            let sha1 = bytes == 20 ? " (this looks like a SHA-1 fingerprint)" : ""
            report(.fingerprintWrongLength, at: path, location,
                   "the fingerprint has \(bytes) byte\(bytes == 1 ? "" : "s"); a SHA-256 fingerprint has 32\(sha1)",
                   fix: "use the SHA-256 fingerprint of the signing certificate (keytool -list -v prints it as \"SHA256:\")")
        case .malformed(let reason):
            report(.malformedFingerprint, at: path, location,
                   "\(reason); write 32 upper-case hex pairs separated by colons, such as \"14:6D:E9:...:E5\"")
        }
    }

    mutating func lintWebTarget(_ members: [JSONMember], _ value: JSONValue, at path: JSONPath) {
        guard let site = Self.last("site", in: members) else {
            report(.missingSite, at: path, value.location, "the web target has no \"site\"",
                   fix: renameFix(for: "site", in: members) ?? "add \"site\": \"https://example.com\"")
            return
        }
        guard let text = site.value.stringValue else {
            report(.wrongType, at: path.appending("site"), site.value.location, "expected the site's origin as a string, found \(site.value.kindDescription)")
            return
        }
        if let (problem, origin) = AssetLinksFormat.siteProblem(text) {
            report(.invalidSite, at: path.appending("site"), site.value.location,
                   "\(problem); a web target names an origin such as \"https://example.com\"",
                   fix: origin.map { "write \"\($0)\"" })
        }
    }

    // MARK: Relation extensions

    mutating func lintRelationExtensions(_ value: JSONValue, relations: [String]?, at path: JSONPath) {
        guard let members = value.objectMembers else {
            report(.wrongType, at: path, value.location, "expected an object keyed by relation, found \(value.kindDescription)")
            return
        }
        for member in members {
            let memberPath = path.appending(member.key)
            if let relations, !relations.contains(member.key) {
                let meant = AssetLinksSpelling.suggestion(for: member.key, among: relations.isEmpty ? AssetLinkStatement.knownRelations : relations)
                report(.extensionForUnlistedRelation, at: memberPath, member.keyLocation,
                       "the statement does not grant \(Self.quoted(member.key)), so Android ignores this extension",
                       fix: meant.map { "did you mean \"\($0)\"?" } ?? "add \(Self.quoted(member.key)) to \"relation\", or remove this entry")
            }
            if member.key == AssetLinkStatement.handleAllURLs {
                lintHandleAllURLsExtension(member.value, at: memberPath)
            }
        }
    }

    mutating func lintHandleAllURLsExtension(_ value: JSONValue, at path: JSONPath) {
        guard let members = value.objectMembers else {
            report(.wrongType, at: path, value.location,
                   "expected an object with \"dynamic_app_link_components\", found \(value.kindDescription)")
            return
        }
        lintUnknownKeys(members, known: ["dynamic_app_link_components"], at: path)
        guard let components = Self.last("dynamic_app_link_components", in: members) else { return }
        let listPath = path.appending("dynamic_app_link_components")
        guard let elements = components.value.arrayValue else {
            report(.wrongType, at: listPath, components.value.location, "expected an array of rule objects, found \(components.value.kindDescription)")
            return
        }
        if !elements.isEmpty {
            report(.componentsNeedAndroid15, at: listPath, components.value.location,
                   "Android 15 and later open only the URLs these rules allow; Android 14 and earlier ignore them and open every URL of the host")
        }
        var catchAll: Int?
        var signatures: [String: Int] = [:]
        for (index, element) in elements.enumerated() {
            let rulePath = listPath.appending(index)
            guard let ruleMembers = element.objectMembers else {
                report(.wrongType, at: rulePath, element.location, "expected a rule object with keys such as \"/\", found \(element.kindDescription)")
                continue
            }
            let shape = lintComponent(ruleMembers, element, at: rulePath)
            if let catchAll {
                report(.unreachableAfterCatchAll, at: rulePath, element.location,
                       "rule \(index + 1) is never reached: rule \(catchAll + 1) before it matches every URL",
                       fix: "move it before rule \(catchAll + 1), or remove it")
                continue
            }
            if let signature = shape.signature {
                if let earlier = signatures[signature] {
                    report(.duplicateRule, at: rulePath, element.location,
                           "rule \(index + 1) has the same patterns as rule \(earlier + 1), which decides first, so it is never reached",
                           fix: "remove it")
                } else {
                    signatures[signature] = index
                }
            }
            if shape.isCatchAll { catchAll = index }
        }
    }

    /// Lints one rule; returns whether it matches every URL and, when it is well-formed, a
    /// canonical form of its patterns for finding duplicates.
    mutating func lintComponent(_ members: [JSONMember], _ value: JSONValue, at path: JSONPath) -> (isCatchAll: Bool, signature: String?) {
        lintUnknownKeys(members, known: DynamicAppLinkComponent.knownKeys, at: path,
                        aliases: ["path": "/", "paths": "/", "query": "?", "fragment": "#", "hash": "#",
                                  "comment": "comments", "note": "comments", "excluded": "exclude", "not": "exclude"],
                        notes: ["caseSensitive": "Android does not read \"caseSensitive\": patterns always compare case-sensitively",
                                "percentEncoded": "Android does not read \"percentEncoded\": patterns compare with the URL as written"])
        var wellFormed = true
        var pathPattern: String?
        var fragment: String?
        var items: [(String, String)]?
        var hasPattern = false
        for member in members {
            let memberPath = path.appending(member.key)
            let location = member.value.location
            switch member.key {
            case "/":
                hasPattern = true
                guard let text = member.value.stringValue else {
                    wellFormed = false
                    report(.nonStringPattern, at: memberPath, location, "the path pattern is \(member.value.kindDescription); it must be a string")
                    continue
                }
                pathPattern = text
                lintPathPattern(text, at: memberPath, location)
            case "#":
                hasPattern = true
                guard let text = member.value.stringValue else {
                    wellFormed = false
                    report(.nonStringPattern, at: memberPath, location, "the fragment pattern is \(member.value.kindDescription); it must be a string")
                    continue
                }
                fragment = text
                if text.hasPrefix("#") {
                    report(.fragmentStartsWithHash, at: memberPath, location,
                           "the fragment pattern starts with #, but the fragment is compared without its #, so this needs a second #",
                           fix: "write \(Self.quoted(String(text.dropFirst())))")
                }
            case "?":
                hasPattern = true
                items = lintQuery(member.value, at: memberPath)
                if items == nil { wellFormed = false }
            case "exclude":
                if member.value.boolValue == nil {
                    wellFormed = false
                    let text = member.value.stringValue
                    report(.wrongType, at: memberPath, location, "expected true or false, found \(member.value.kindDescription)",
                           fix: text == "true" || text == "false" ? "write \(text ?? "") without quotes" : nil)
                }
            case "comments":
                if member.value.stringValue == nil {
                    report(.wrongType, at: memberPath, location, "expected a string, found \(member.value.kindDescription)")
                }
            default:
                break
            }
        }
        if !hasPattern {
            report(.componentWithoutPattern, at: path, value.location,
                   "the rule has no \"/\", \"?\" or \"#\", so it matches every URL",
                   fix: "write \"/\": \"*\" to say so, or add the pattern you meant")
        }
        func everything(_ pattern: String?) -> Bool {
            guard let pattern else { return true }
            return !pattern.isEmpty && pattern.allSatisfy { $0 == "*" }
        }
        // A query dictionary never makes a catch-all: Android may require its items to be present.
        let isCatchAll = wellFormed && everything(pathPattern) && everything(fragment) && (items?.isEmpty ?? true)
        guard wellFormed else { return (isCatchAll, nil) }
        var canonical: [(String, JSONValue)] = []
        if let pathPattern { canonical.append(("/", .string(pathPattern))) }
        if let items, !items.isEmpty {
            canonical.append(("?", .object(items.sorted { $0.0 < $1.0 }.map { ($0.0, .string($0.1)) })))
        }
        if let fragment { canonical.append(("#", .string(fragment))) }
        return (isCatchAll, JSONWriter.compact.string(for: .object(canonical)))
    }

    /// Lints a `?` value; returns its items (the last of duplicate names) when it is a dictionary of strings.
    mutating func lintQuery(_ value: JSONValue, at path: JSONPath) -> [(String, String)]? {
        switch value.kind {
        case .object(let members):
            var items: [(String, String)] = []
            var ok = true
            for member in members {
                guard let pattern = member.value.stringValue else {
                    ok = false
                    let literal = JSONWriter.compact.string(for: member.value)
                    let scalar: Bool
                    switch member.value.kind {
                    case .bool, .number, .null: scalar = true
                    default: scalar = false
                    }
                    report(.nonStringPattern, at: path.appending(member.key), member.value.location,
                           "the pattern for query item \(Self.quoted(member.key)) is \(member.value.kindDescription); it must be a string",
                           fix: scalar ? "write \(Self.quoted(literal))" : nil)
                    continue
                }
                items.removeAll { $0.0 == member.key }
                items.append((member.key, pattern))
            }
            return ok ? items : nil
        case .string(let text):
            report(.queryNotDictionary, at: path, value.location,
                   "\"?\" is the string \(Self.quoted(text)), but Android reads \"?\" only as a dictionary of query item name to pattern",
                   fix: Self.dictionaryFix(for: text))
            return nil
        default:
            report(.wrongType, at: path, value.location,
                   "expected a dictionary of query item name to pattern, found \(value.kindDescription)")
            return nil
        }
    }

    /// `write {"a":"1","b":"*"}` for a query string `a=1&b=*`.
    static func dictionaryFix(for query: String) -> String? {
        let trimmed = query.hasPrefix("?") ? String(query.dropFirst()) : query
        let items = trimmed.split(separator: "&").map { item -> (String, JSONValue) in
            guard let equals = item.firstIndex(of: "=") else { return (String(item), .string("*")) }
            return (String(item[..<equals]), .string(String(item[item.index(after: equals)...])))
        }
        guard !items.isEmpty, items.allSatisfy({ !$0.0.isEmpty && $0.0 != "*" }) else {
            return "name the query items: {\"name\": \"pattern\"}"
        }
        return "write " + JSONWriter.compact.string(for: .object(items))
    }

    mutating func lintPathPattern(_ pattern: String, at path: JSONPath, _ location: SourceLocation?) {
        if let hash = pattern.firstIndex(of: "#") {
            report(.fragmentInPath, at: path, location,
                   "the path pattern contains #, but a URL path never does, so the rule never matches",
                   fix: "move \(Self.quoted(String(pattern[pattern.index(after: hash)...]))) to the \"#\" key")
        } else if let mark = pattern.firstIndex(of: "?"), pattern[mark...].contains("=") {
            report(.queryInPath, at: path, location,
                   "the path pattern contains a query, but a URL path never does (here ? means any one character)",
                   fix: Self.dictionaryFix(for: String(pattern[pattern.index(after: mark)...])).map { "move it to \"?\": \($0.dropFirst("write ".count))" })
        }
        if !pattern.hasPrefix("/"), !pattern.hasPrefix("*"), !pattern.hasPrefix("?") {
            report(.pathWithoutLeadingSlash, at: path, location,
                   "the path pattern does not start with /, but every URL path does, so the rule never matches",
                   fix: "write \(Self.quoted("/" + pattern))")
        }
    }
}
