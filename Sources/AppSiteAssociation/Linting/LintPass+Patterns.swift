import LandfallJSON
/// Components, defaults and legacy paths: reading them leniently, and checking each pattern's
/// text (misplaced `#` and queries, `NOT` prefixes, percent-encoding, substitution variables).
extension LintPass {
    /// A component or `defaults` dictionary as read, with where its pattern values stood.
    struct RuleSource {
        var rule = ComponentRule()
        var place: RulePlace
        var path: JSONPath { place.path }
        var location: SourceLocation?
        /// True when some key had a value of the wrong type (that key is left out of `rule`).
        var damaged = false
        /// Where the values of `/`, `?` and `#` stood.
        var pathLocation: SourceLocation?
        var queryLocation: SourceLocation?
        var fragmentLocation: SourceLocation?
        /// The query dictionary's entries iOS reads (the last of repeated names).
        var queryItems: [JSONMember] = []
    }

    /// Where a pattern is used, which decides the checks that apply to it.
    enum PatternPart {
        case path, legacyPath, query, queryItem, fragment
    }

    // MARK: Reading rules

    /// Reads a component (or a `defaults` dictionary), reporting wrong types, unknown and
    /// repeated keys, query dictionaries iOS ignores and, in defaults, pattern keys.
    mutating func decodeRule(_ value: JSONValue, place: RulePlace, isDefaults: Bool) -> RuleSource? {
        guard let members = object(value, at: place.path, expected: "an object with pattern keys such as \"/\"") else { return nil }
        var source = RuleSource(place: place, location: value.location)
        for member in effectiveMembers(members, at: place.path, keys: .component) {
            var keyPath: JSONPath { place.path.appending(member.key) }
            var readable = true
            switch member.key {
            case "/":
                source.rule.path = string(member.value, at: keyPath)
                source.pathLocation = member.value.location
                readable = source.rule.path != nil
            case "?":
                do {
                    let query: QueryPattern
                    if let text = member.value.stringValue {
                        query = .string(text)
                    } else if let entries = member.value.objectMembers {
                        // As the decoder reads it (the last of repeated names), in linear time.
                        source.queryItems = effectiveMembers(entries, at: keyPath, keys: nil)
                        var items: [QueryItemPattern] = []
                        var ignored = false
                        for entry in source.queryItems {
                            guard let pattern = entry.value.stringValue else {
                                ignored = true
                                break
                            }
                            items.append(QueryItemPattern(name: entry.key, pattern: pattern))
                        }
                        query = ignored ? .ignoredDictionary(member.value) : .items(items)
                    } else {
                        query = try reader.queryPattern(member.value, at: keyPath)
                    }
                    source.rule.query = query
                    source.queryLocation = member.value.location
                    if case .ignoredDictionary = query {
                        for entry in source.queryItems where entry.value.stringValue == nil {
                            report(.ignoredQueryDictionary, keyPath.appending(entry.key), entry.value.location,
                                   "query item \(Self.quoted(entry.key)) has \(entry.value.kindDescription), not a string, so iOS ignores the whole \"?\" dictionary and does not check the query",
                                   fix: Self.queryValueFix(entry.value))
                        }
                    }
                } catch {
                    reportWrongType(error, value: member.value)
                    readable = false
                }
            case "#":
                source.rule.fragment = string(member.value, at: keyPath)
                source.fragmentLocation = member.value.location
                readable = source.rule.fragment != nil
            case "exclude":
                source.rule.exclude = bool(member.value, at: keyPath)
                readable = source.rule.exclude != nil
            case "caseSensitive":
                source.rule.caseSensitive = bool(member.value, at: keyPath)
                readable = source.rule.caseSensitive != nil
            case "percentEncoded":
                source.rule.percentEncoded = bool(member.value, at: keyPath)
                readable = source.rule.percentEncoded != nil
            case "comment":
                source.rule.comment = string(member.value, at: keyPath)
                readable = source.rule.comment != nil
            default:
                continue
            }
            if !readable { source.damaged = true }
            if isDefaults, ["/", "?", "#", "exclude"].contains(member.key) {
                let meaning = member.key == "exclude"
                    ? "makes every component without its own \"exclude\" \(member.value.boolValue == false ? "a normal rule" : "an exclusion")"
                    : "is used by every component without its own \(Self.quoted(member.key))"
                report(.patternInDefaults, keyPath, member.keyLocation ?? member.value.location,
                       "\(Self.quoted(member.key)) in defaults \(meaning); iOS does this (observed with swcutil) but Apple documents only caseSensitive and percentEncoded here",
                       fix: "write \(Self.quoted(member.key)) in each component that needs it")
            }
        }
        return source
    }

    static func queryValueFix(_ value: JSONValue) -> String {
        switch value.kind {
        case .bool(let flag): "write the pattern as a string, such as \"\(flag)\", or \"*\" for any value"
        case .number(let literal): "write the pattern as a string: \"\(literal)\""
        default: "write the pattern as a string, such as \"*\" for any value"
        }
    }

    /// Checks the patterns of a component or defaults; `effective` is it with the defaults filled in.
    mutating func lintRulePatterns(_ source: RuleSource, effective: ComponentRule) {
        let place = source.place
        var path: JSONPath { place.path }
        let caseSensitive = effective.caseSensitive ?? true
        let percentEncoded = effective.percentEncoded ?? true
        if let text = source.rule.path {
            lintPattern(text, part: .path, at: path.appending("/"), location: source.pathLocation,
                        caseSensitive: caseSensitive, percentEncoded: percentEncoded)
        }
        if case .string(let text)? = source.rule.query {
            lintPattern(text, part: .query, at: path.appending("?"), location: source.queryLocation,
                        caseSensitive: caseSensitive, percentEncoded: percentEncoded)
        }
        if case .items? = source.rule.query {
            for item in source.queryItems {
                guard let text = item.value.stringValue else { continue }
                var itemPath: JSONPath { path.appending("?").appending(item.key) }
                if item.key.hasPrefix("?") {
                    report(.queryStartsWithQuestionMark, itemPath, item.keyLocation ?? item.value.location,
                           "query item name \(Self.quoted(item.key)) starts with \"?\", but item names are compared without it, so it never matches",
                           fix: "write \(Self.quoted(String(item.key.dropFirst())))")
                }
                lintPattern(text, part: .queryItem, at: itemPath, location: item.value.location,
                            caseSensitive: caseSensitive, percentEncoded: percentEncoded)
            }
        }
        if let text = source.rule.fragment {
            lintPattern(text, part: .fragment, at: path.appending("#"), location: source.fragmentLocation,
                        caseSensitive: caseSensitive, percentEncoded: percentEncoded)
        }
    }

    /// Checks one legacy `paths` entry.
    mutating func lintLegacyPath(_ text: String, at path: @autoclosure () -> JSONPath, location: SourceLocation?, detailDefaults: ComponentRule?) {
        var written = text
        if let corrected = Self.correctedNotPrefix(text) {
            let path = path()
            report(.malformedNotPrefix, path, location,
                   "\(Self.shortName(path)) \(Self.quoted(text)) is not an exclusion: only \"NOT \" (upper case, then one space) excludes, so iOS reads it as a path pattern",
                   fix: "write \(Self.quoted(corrected))")
            written = corrected
        }
        let rule = ComponentRule(legacyPath: written)
        let effective = rule.overlaying(detailDefaults).overlaying(appLinksDefaults)
        lintPattern(rule.path ?? written, part: .legacyPath, at: path(), location: location,
                    caseSensitive: effective.caseSensitive ?? true, percentEncoded: effective.percentEncoded ?? true)
    }

    /// The path as it was probably meant, when it starts with a `NOT` that iOS does not read as one.
    static func correctedNotPrefix(_ text: String) -> String? {
        guard let first = text.utf8.first, first == UInt8(ascii: "N") || first == UInt8(ascii: "n") else { return nil }
        let prefix = ComponentRule.legacyExclusionPrefix
        if text.hasPrefix(prefix) {
            let rest = text.dropFirst(prefix.count)
            guard let first = rest.first, first == " " || first == "\t" else { return nil }
            return prefix + rest.drop { $0 == " " || $0 == "\t" }
        }
        let head = String(text.prefix(3))
        guard head.uppercased() == "NOT" else { return nil }
        let rest = text.dropFirst(3)
        if let first = rest.first, first == " " || first == "\t" {
            return prefix + rest.drop { $0 == " " || $0 == "\t" }
        }
        if head == "NOT", rest.isEmpty || rest.first == "/" || rest.first == "*" {
            return prefix + rest
        }
        return nil
    }

    // MARK: Pattern text

    /// Checks one pattern's text for the mistakes that make it match something else than meant.
    mutating func lintPattern(_ text: String, part: PatternPart, at path: @autoclosure () -> JSONPath, location: SourceLocation?,
                              caseSensitive: Bool, percentEncoded: Bool, checkingNotPrefix: Bool = true) {
        var shown: String { Self.quoted(text) }
        // Most patterns are plain printable ASCII without any character these checks look for.
        let plain = text.utf8.allSatisfy { byte in
            byte > 0x20 && byte < 0x7F && byte != UInt8(ascii: "#") && byte != UInt8(ascii: "%") && byte != UInt8(ascii: "$")
                && (byte != UInt8(ascii: "=") || part != .path && part != .legacyPath)
        }
        let first = text.utf8.first
        let startsPlainly = switch part {
        case .path, .legacyPath: first == UInt8(ascii: "/") || first == UInt8(ascii: "*")
        case .query: first != UInt8(ascii: "?")
        case .queryItem, .fragment: true
        }
        if plain && startsPlainly { return }
        if part == .path, checkingNotPrefix, let corrected = Self.correctedNotPrefix(text) ?? (text.hasPrefix("NOT ") ? text : nil) {
            let pattern = ComponentRule(legacyPath: corrected).path ?? text
            report(.notPrefixInComponent, path(), location,
                   "path pattern \(shown) starts with \"NOT\", which only legacy \"paths\" understand; here it is literal text, so the rule matches almost nothing",
                   fix: "write \"/\": \(Self.quoted(pattern)), \"exclude\": true")
            // Check the rest as the pattern it was meant to be.
            lintPattern(pattern, part: .path, at: path(), location: location, caseSensitive: caseSensitive,
                        percentEncoded: percentEncoded, checkingNotPrefix: false)
            return
        }
        if text.utf8.contains(UInt8(ascii: "$")) {
            lintVariableReferences(text, at: path(), location: location)
        }
        switch part {
        case .path, .legacyPath:
            if text.utf8.contains(UInt8(ascii: "#")), let hash = text.firstIndex(of: "#") {
                let before = String(text[..<hash])
                let after = String(text[text.index(after: hash)...])
                report(.fragmentInPath, path(), location,
                       "path pattern \(shown) contains \"#\", but a URL's path never does (the fragment comes after it), so the pattern never matches",
                       fix: part == .path
                           ? "write \"/\": \(Self.quoted(before)), \"#\": \(Self.quoted(after))"
                           : "use a component: {\"/\": \(Self.quoted(before)), \"#\": \(Self.quoted(after))}")
            }
            if let question = Self.queryStart(in: text) {
                let before = String(text[..<question])
                let query = String(text[text.index(after: question)...])
                report(.queryInPath, path(), location,
                       "path pattern \(shown) contains a query (\(Self.quoted("?" + query))), but a URL's path never does, so the pattern never matches",
                       fix: (part == .path ? "write " : "use a component: {") + "\"/\": \(Self.quoted(before)), \"?\": \(Self.queryFix(query))" + (part == .path ? "" : "}"))
            }
            if !text.hasPrefix("/") && !text.hasPrefix("*") {
                report(.pathWithoutLeadingSlash, path(), location,
                       "path pattern \(shown) has no leading \"/\"; iOS matches it as \(Self.quoted("/" + text)) (observed with swcutil)",
                       fix: "write \(Self.quoted("/" + text))")
            }
        case .query:
            // `?name...` is a query written with its `?`; `?*` and `??` are wildcards.
            if text.hasPrefix("?"), let second = text.dropFirst().first, Self.isQueryNameCharacter(second), second != "%" {
                report(.queryStartsWithQuestionMark, path(), location,
                       "query pattern \(shown) starts with \"?\", but the query is compared without it (here \"?\" is a one-character wildcard)",
                       fix: "write \(Self.quoted(String(text.dropFirst())))")
            }
        case .fragment:
            if text.hasPrefix("#") {
                report(.fragmentStartsWithHash, path(), location,
                       "fragment pattern \(shown) starts with \"#\", but the fragment is compared without it",
                       fix: "write \(Self.quoted(String(text.dropFirst())))")
            }
        case .queryItem:
            break
        }
        lintPercentEncoding(text, at: path(), location: location, caseSensitive: caseSensitive, percentEncoded: percentEncoded)
    }

    /// Where a query written into a path starts: a `?` followed by an item name and `=`.
    /// `?` alone is a one-character wildcard, so `/id/???` is not a query.
    static func queryStart(in text: String) -> String.Index? {
        let bytes = text.utf8
        guard bytes.contains(UInt8(ascii: "=")) else { return nil }
        var index = bytes.startIndex
        while let question = bytes[index...].firstIndex(of: UInt8(ascii: "?")) {
            var cursor = bytes.index(after: question)
            var nameLength = 0
            while cursor < bytes.endIndex, isQueryNameByte(bytes[cursor]) {
                nameLength += 1
                cursor = bytes.index(after: cursor)
            }
            if nameLength > 0, cursor < bytes.endIndex, bytes[cursor] == UInt8(ascii: "=") { return question }
            index = bytes.index(after: question)
        }
        return nil
    }

    static func isQueryNameCharacter(_ character: Character) -> Bool {
        character.asciiValue.map(isQueryNameByte) ?? false
    }

    static func isQueryNameByte(_ ascii: UInt8) -> Bool {
        switch ascii {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "_-.~%[]".utf8.contains(ascii)
        }
    }

    /// `name=value&...` as a query dictionary when it is one, else as a string pattern.
    static func queryFix(_ query: String) -> String {
        let items = query.split(separator: "&", omittingEmptySubsequences: false)
        var pairs: [String] = []
        for item in items {
            guard let equals = item.firstIndex(of: "="), item.startIndex < equals,
                  !item[..<equals].contains(where: { $0 == "*" || $0 == "?" || $0 == "$" }) else {
                return quoted(query)
            }
            pairs.append("\(quoted(String(item[..<equals]))): \(quoted(String(item[item.index(after: equals)...])))")
        }
        return "{" + pairs.joined(separator: ", ") + "}"
    }

    /// Percent-escapes and raw characters versus the `percentEncoded` setting.
    mutating func lintPercentEncoding(_ text: String, at path: @autoclosure () -> JSONPath, location: SourceLocation?, caseSensitive: Bool, percentEncoded: Bool) {
        let utf8 = text.utf8
        guard !utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "%") }) else { return }
        let bytes = Array(utf8)
        var hasEscape = false
        var hasLowercaseHex = false
        var hasRawCharacter = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count,
               TextTransforms.hexValue(bytes[index + 1]) != nil, TextTransforms.hexValue(bytes[index + 2]) != nil {
                hasEscape = true
                if Self.isLowercaseHexLetter(bytes[index + 1]) || Self.isLowercaseHexLetter(bytes[index + 2]) { hasLowercaseHex = true }
                index += 3
                continue
            }
            if byte >= 0x7F || byte <= UInt8(ascii: " ") { hasRawCharacter = true }
            index += 1
        }
        let shown = Self.quoted(text)
        if percentEncoded {
            if hasLowercaseHex && caseSensitive {
                report(.lowercasePercentHex, path(), location,
                       "pattern \(shown) has a percent-escape with lower-case hex; URLs are compared as written, where escapes are normally upper-case (%2F, not %2f)",
                       fix: "write \(Self.quoted(Self.uppercasingEscapes(bytes)))")
            }
            if hasRawCharacter {
                report(.unencodedCharacter, path(), location,
                       "pattern \(shown) has a space, control or non-ASCII character, but URLs are compared percent-encoded as written, so it never matches there",
                       fix: "write \(Self.quoted(Self.percentEncodingRawCharacters(bytes))), or set \"percentEncoded\": false")
            }
        } else if hasEscape {
            let decoded = String(decoding: TextTransforms.percentDecode(bytes), as: UTF8.self)
            report(.percentEscapeWithDecoding, path(), location,
                   "pattern \(shown) has a percent-escape, but \"percentEncoded\" is false, so the URL is decoded before comparing and the escape never matches",
                   fix: "write \(Self.quoted(decoded)), or remove \"percentEncoded\": false")
        }
    }

    static func isLowercaseHexLetter(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f")
    }

    static func uppercasingEscapes(_ bytes: [UInt8]) -> String {
        var result = bytes
        var index = 0
        while index < result.count {
            if result[index] == UInt8(ascii: "%"), index + 2 < result.count,
               TextTransforms.hexValue(result[index + 1]) != nil, TextTransforms.hexValue(result[index + 2]) != nil {
                for offset in 1...2 where isLowercaseHexLetter(result[index + offset]) { result[index + offset] -= 32 }
                index += 3
            } else {
                index += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    static func percentEncodingRawCharacters(_ bytes: [UInt8]) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var result: [UInt8] = []
        for byte in bytes {
            if byte >= 0x80 || byte <= 0x20 || byte == 0x7F {
                result += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            } else {
                result.append(byte)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    // MARK: Substitution variables

    /// Checks the `$(name)` references in a pattern.
    mutating func lintVariableReferences(_ text: String, at path: @autoclosure () -> JSONPath, location: SourceLocation?) {
        let references = VariableReferences(in: text)
        for name in references.names {
            usedVariables.insert(name)
            if declaredVariables.contains(name) || BuiltinVariable(rawValue: name) != nil { continue }
            // Suggest a near name, when there are not so many that comparing them all would be slow.
            let candidates = variableSites.count <= 200 ? variableSites.map(\.name) : []
            let known = KeySuggestion(knownKeys: candidates + BuiltinVariable.allCases.map(\.rawValue), aliases: [:])
            let fix = known.suggestion(for: name).map { "did you mean $(\($0))?" }
                ?? "define it under applinks.substitutionVariables: \(Self.quoted(name)): [\"...\"]"
            report(.undefinedVariable, path(), location,
                   "$(\(Self.quoted(name, limit: 40).dropFirst().dropLast())) in \(Self.quoted(text)) is not a substitution variable of the file nor a built-in, so the pattern matches nothing",
                   fix: fix)
        }
        for (number, reference) in references.malformed.enumerated() {
            let isLast = number == references.malformed.count - 1
            let more = isLast && references.malformedCount > references.malformed.count
                ? " (and \(references.malformedCount - references.malformed.count) more like it)" : ""
            report(.malformedVariableReference, path(), location,
                   "\(Self.quoted(reference.text, limit: 40)) in \(Self.quoted(text)) \(reference.problem.description), so it is not a variable and is matched as literal text\(more)",
                   fix: "write $(name) with a defined name, such as $(lang)")
        }
    }

    /// Checks `applinks.substitutionVariables` and returns the readable variables.
    mutating func lintVariableDefinitions(_ value: JSONValue, at path: JSONPath) -> [SubstitutionVariable]? {
        guard let members = object(value, at: path, expected: "an object whose values are arrays of strings") else { return nil }
        var result: [SubstitutionVariable] = []
        // The decoder reads every occurrence of a repeated name (the last one wins), so the types
        // of the earlier ones count too.
        let effective = effectiveMembers(members, at: path, keys: nil)
        if effective.count < members.count {
            var isEffective = Set<Int>()
            for member in effective { if let offset = member.keyLocation?.offset { isEffective.insert(offset) } }
            for member in members where !isEffective.contains(member.keyLocation?.offset ?? -1) {
                _ = stringList(member.value, at: path.appending(member.key))
            }
        }
        for member in effective {
            let name = member.key
            let namePath = path.appending(name)
            let keyLocation = member.keyLocation ?? member.value.location
            declaredVariables.insert(name)
            let isValidName = !name.isEmpty && !name.contains { $0 == "$" || $0 == "(" || $0 == ")" }
            if !isValidName {
                let cleaned = name.filter { $0 != "$" && $0 != "(" && $0 != ")" }
                report(.invalidVariableName, namePath, keyLocation,
                       name.isEmpty ? "a substitution variable has an empty name, so no $(...) can refer to it"
                           : "substitution variable name \(Self.quoted(name)) contains \"$\", \"(\" or \")\", so no $(...) can refer to it",
                       fix: cleaned.isEmpty ? "give it a name of letters and digits" : "name it \(Self.quoted(cleaned))")
            } else if BuiltinVariable(rawValue: name) != nil {
                report(.variableShadowsBuiltin, namePath, keyLocation,
                       "substitution variable \(Self.quoted(name)) replaces the built-in $(\(name)) everywhere in the file",
                       fix: "give it another name, such as \(Self.quoted(name + "s")), unless replacing the built-in is intended")
            }
            let list = stringList(member.value, at: namePath)
            if member.value.arrayValue?.isEmpty == true {
                report(.emptyVariable, namePath, member.value.location,
                       "substitution variable \(Self.quoted(name)) has no values, so a pattern using $(\(name)) matches nothing",
                       fix: "list its values, or remove it")
            }
            for item in list.items where item.text.containsVariableOpening {
                report(.variableInVariableValue, namePath.appending(item.index), item.value.location,
                       "value \(Self.quoted(item.text)) of \(Self.quoted(name)) contains \"$(\", but a value cannot refer to a variable; it is matched as literal text",
                       fix: "list the values of the other variable here instead")
            }
            variableSites.append(VariableSite(name: name, path: namePath, keyLocation: keyLocation, isValidName: isValidName))
            if member.value.arrayValue != nil {
                result.append(SubstitutionVariable(name: name, values: list.items.map(\.text)))
            }
        }
        return result
    }

    /// Reports variables that no pattern uses (after the whole file has been walked).
    mutating func checkUnusedVariables() {
        for site in variableSites where site.isValidName && !usedVariables.contains(site.name) {
            report(.unusedVariable, site.path, site.keyLocation,
                   "substitution variable \(Self.quoted(site.name)) is not used by any pattern",
                   fix: "use it as $(\(site.name)) in a pattern, or remove it")
        }
    }
}
