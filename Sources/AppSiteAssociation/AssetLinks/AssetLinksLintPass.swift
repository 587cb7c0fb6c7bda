import LandfallJSON
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
}
