import LandfallJSON
extension AssetLinksLintPass {
    // Relation extensions: Android 15 `dynamic_app_link_components`.

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
