import LandfallJSON
/// The walk over the JSON tree: types (with the decoder's own messages), unknown and repeated
/// keys, app IDs, details and legacy forms. It also reads the file leniently into
/// ``LintPass/details`` for the pattern and reachability checks.
extension LintPass {
    // MARK: Top level

    mutating func lintDocument(_ root: JSONValue) {
        guard let members = object(root, at: JSONPath(), expected: "an object with services such as \"applinks\"") else { return }
        var sawService = false
        for member in effectiveMembers(members, at: JSONPath(), keys: .services) {
            let path = JSONPath([.key(member.key)])
            switch member.key {
            case "applinks":
                sawService = true
                file.appLinks = lintAppLinks(member.value, at: path)
            case "webcredentials":
                sawService = true
                file.webCredentials = lintAppsService(member, at: path)
            case "appclips":
                sawService = true
                file.appClips = lintAppsService(member, at: path)
            case "activitycontinuation":
                sawService = true
                file.activityContinuation = lintAppsService(member, at: path)
            default:
                break
            }
        }
        if !sawService {
            report(.noServices, JSONPath(), root.location,
                   "the file has none of the services \"applinks\", \"webcredentials\", \"appclips\", \"activitycontinuation\"",
                   fix: "add \"applinks\": {\"details\": [{\"appIDs\": [\"<TeamID>.<bundle ID>\"], \"components\": [{\"/\": \"/*\"}]}]}")
        } else if !members.contains(where: { $0.key == "applinks" }) {
            report(.noAppLinks, JSONPath(), root.location,
                   "the file has no \"applinks\" service, so no URL on this domain opens an app",
                   fix: "add \"applinks\" if the domain should open the app (universal links)")
        }
        checkUnusedVariables()
        if file.appLinks != nil { lintReachability() }
    }

    // MARK: Objects and keys

    /// The object's members, or `nil` after reporting the wrong type.
    mutating func object(_ value: JSONValue, at path: @autoclosure () -> JSONPath, expected: String) -> [JSONMember]? {
        if let members = value.objectMembers { return members }
        do {
            return try reader.object(value, at: path(), expected: expected).members
        } catch {
            reportWrongType(error, value: value)
            return nil
        }
    }

    /// The members iOS reads, the last of each key, in document order. Reports earlier
    /// occurrences of a repeated key and, when `keys` is given, every unknown key.
    mutating func effectiveMembers(_ members: [JSONMember], at path: @autoclosure () -> JSONPath, keys: KeySuggestion?) -> [JSONMember] {
        // The common case, cheaply: a few members, all known, none repeated.
        if members.count <= 12, !members.indices.contains(where: { index in
            (keys.map { !$0.knownKeys.contains(members[index].key) } ?? false)
                || members[(index + 1)...].contains { $0.key == members[index].key }
        }) {
            return members
        }
        // For each member, where the next member with the same key is (nil for the last).
        var nextOccurrence = [Int?](repeating: nil, count: members.count)
        if members.count > 1 {
            var seen: [String: Int] = [:]
            seen.reserveCapacity(members.count)
            for index in members.indices.reversed() {
                nextOccurrence[index] = seen[members[index].key]
                seen[members[index].key] = index
            }
        }
        var result: [JSONMember] = []
        result.reserveCapacity(members.count)
        for (index, member) in members.enumerated() {
            let repeated = nextOccurrence[index] != nil
            let unknown = !repeated && keys.map { !$0.knownKeys.contains(member.key) } ?? false
            guard repeated || unknown else {
                result.append(member)
                continue
            }
            let memberPath = path().appending(member.key)
            if repeated {
                let later = nextOccurrence[index].map { members[$0] }
                let place = later?.keyLocation.map { " at \($0)" } ?? ""
                report(.duplicateKey, memberPath, member.keyLocation ?? member.value.location,
                       "the key \(Self.quoted(member.key)) appears again\(place); iOS uses the last one and ignores this one",
                       fix: "remove this one, or merge it into the last one")
                continue
            }
            if let keys {
                reportUnknownKey(member, at: memberPath, keys: keys)
            }
            result.append(member)
        }
        return result
    }

    mutating func reportUnknownKey(_ member: JSONMember, at path: JSONPath, keys: KeySuggestion) {
        let fix: String
        if let place = keys.misplaced[member.key] {
            fix = "\(Self.quoted(member.key)) belongs \(place)"
        } else if let suggestion = keys.suggestion(for: member.key) {
            fix = "did you mean \(Self.quoted(suggestion))?"
        } else {
            fix = "remove it; the keys read here are " + keys.knownKeys.map { Self.quoted($0) }.joined(separator: ", ")
        }
        report(.unknownKey, path, member.keyLocation ?? member.value.location,
               "unknown key \(Self.quoted(member.key)); iOS ignores it", fix: fix)
    }

    // MARK: Values

    mutating func reportWrongType(_ error: AssociationDecodingError, value: JSONValue) {
        report(.wrongType, error.path, error.location ?? value.location, error.message, fix: Self.typeFix(for: value, message: error.message))
    }

    /// A concrete fix for the commonest type slips: a string where a list belongs, a quoted Boolean.
    static func typeFix(for value: JSONValue, message: String) -> String? {
        switch value.kind {
        case .string(let text) where message.hasPrefix("expected an array of strings"):
            return "write a list: [\(quoted(text))]"
        case .string(let text) where message.hasPrefix("expected true or false") && (text == "true" || text == "false"):
            return "write \(text) without quotes"
        case .number(let literal) where message.hasPrefix("expected true or false") && (literal == "1" || literal == "0"):
            return "write \(literal == "1" ? "true" : "false")"
        case .array(let elements) where message.hasPrefix("expected a string") && elements.count == 1 && elements[0].stringValue != nil:
            return "write the string without the brackets"
        default:
            return nil
        }
    }

    mutating func string(_ value: JSONValue, at path: @autoclosure () -> JSONPath) -> String? {
        if let text = value.stringValue { return text }
        do {
            return try reader.string(value, at: path())
        } catch {
            reportWrongType(error, value: value)
            return nil
        }
    }

    mutating func bool(_ value: JSONValue, at path: @autoclosure () -> JSONPath) -> Bool? {
        if let flag = value.boolValue { return flag }
        do {
            return try reader.bool(value, at: path())
        } catch {
            reportWrongType(error, value: value)
            return nil
        }
    }

    /// The strings of an array of strings, with their values and indices; `damaged` when the
    /// array or some element had the wrong type.
    mutating func stringList(_ value: JSONValue, at path: JSONPath) -> (items: [(text: String, value: JSONValue, index: Int)], damaged: Bool) {
        guard let elements = value.arrayValue else {
            reportWrongType(reader.mismatch(value, at: path, expected: "an array of strings"), value: value)
            return ([], true)
        }
        var items: [(text: String, value: JSONValue, index: Int)] = []
        items.reserveCapacity(elements.count)
        var damaged = false
        for (index, element) in elements.enumerated() {
            if let text = string(element, at: path.appending(index)) {
                items.append((text, element, index))
            } else {
                damaged = true
            }
        }
        return (items, damaged)
    }

    // MARK: App IDs

    /// Checks a list of app IDs; returns the well-typed ones (malformed IDs are kept: iOS reads them).
    mutating func lintAppIDList(_ value: JSONValue, at path: JSONPath) -> (appIDs: [String], damaged: Bool) {
        let list = stringList(value, at: path)
        var seen: [String: Int] = [:]
        for item in list.items {
            lintAppID(item.text, at: path.appending(item.index), location: item.value.location)
            guard list.items.count > 1 else { continue }
            if let first = seen[item.text] {
                let itemPath = path.appending(item.index)
                report(.duplicateAppID, itemPath, item.value.location,
                       "\(Self.shortName(itemPath)) \(Self.quoted(item.text)) is already listed at [\(first)]",
                       fix: "remove the repeat")
            } else {
                seen[item.text] = item.index
            }
        }
        return (list.items.map(\.text), list.damaged)
    }

    mutating func lintAppID(_ appID: String, at path: @autoclosure () -> JSONPath, location: SourceLocation?, name: String? = nil) {
        guard let problem = AppIDFormat.problem(in: appID) else { return }
        let path = path()
        let fix = problem.suggestion.map { "write \(Self.quoted($0))" }
            ?? "an app ID is the Team ID (10 characters, from the Apple Developer account's Membership page), a dot, and the bundle ID: \"ABCDE12345.com.example.app\""
        report(.malformedAppID, path, location, "\(name ?? Self.shortName(path)) \(Self.quoted(appID)): \(problem.message)", fix: fix)
    }

    // MARK: Services

    mutating func lintAppsService(_ member: JSONMember, at path: JSONPath) -> AppsService? {
        guard let members = object(member.value, at: path, expected: "an object with \"apps\"") else { return nil }
        var service = AppsService(apps: [])
        var apps: JSONMember?
        for entry in effectiveMembers(members, at: path, keys: .appsService) where entry.key == "apps" {
            apps = entry
            service.apps = lintAppIDList(entry.value, at: path.appending("apps")).appIDs
        }
        if apps == nil {
            report(.serviceWithoutApps, path, member.keyLocation ?? member.value.location,
                   "\(Self.quoted(member.key)) has no \"apps\", so it does nothing",
                   fix: "add \"apps\": [\"<TeamID>.<bundle ID>\"], or remove the service")
        } else if let apps, apps.value.arrayValue?.isEmpty == true {
            report(.serviceWithoutApps, path.appending("apps"), apps.value.location,
                   "\(member.key).apps is empty, so the service does nothing",
                   fix: "list the app IDs, or remove the service")
        }
        return service
    }

    // MARK: applinks

    mutating func lintAppLinks(_ value: JSONValue, at path: JSONPath) -> AppLinksService? {
        guard let members = object(value, at: path, expected: "an object with \"details\"") else { return nil }
        let effective = effectiveMembers(members, at: path, keys: .appLinks)
        var service = AppLinksService()
        // Variables and defaults first: the details' checks depend on them.
        if let variables = effective.first(where: { $0.key == "substitutionVariables" }) {
            service.substitutionVariables = lintVariableDefinitions(variables.value, at: path.appending("substitutionVariables"))
        }
        if let defaults = effective.first(where: { $0.key == "defaults" }) {
            let source = decodeRule(defaults.value, place: .other(path.appending("defaults")), isDefaults: true)
            service.defaults = source?.rule
            appLinksDefaults = source?.rule
            appLinksDefaultsDamaged = source?.damaged ?? true
            if let source {
                lintRulePatterns(source, effective: source.rule)
            }
        }
        if let apps = effective.first(where: { $0.key == "apps" }) {
            let appsPath = path.appending("apps")
            let list = stringList(apps.value, at: appsPath)
            service.apps = list.items.map(\.text)
            if list.items.isEmpty && !list.damaged {
                report(.legacyApps, appsPath, apps.keyLocation ?? apps.value.location,
                       "\"apps\": [] is a legacy key that only iOS 12 and earlier need",
                       fix: "remove it once the app requires iOS 13 or later")
            } else if !list.items.isEmpty {
                report(.legacyAppsNotEmpty, appsPath, apps.value.location,
                       "applinks.apps must be empty; apps listed here are not associated",
                       fix: "write \"apps\": [] and list the app IDs in details[].appIDs")
                for item in list.items {
                    lintAppID(item.text, at: appsPath.appending(item.index), location: item.value.location)
                }
            }
        }
        guard let detailsMember = effective.first(where: { $0.key == "details" }) else {
            report(.emptyDetails, path, value.location,
                   "applinks has no \"details\", so no URL opens an app",
                   fix: "add \"details\": [{\"appIDs\": [\"<TeamID>.<bundle ID>\"], \"components\": [{\"/\": \"/*\"}]}]")
            return service
        }
        let detailsPath = path.appending("details")
        let detailsValue = detailsMember.value
        switch detailsValue.kind {
        case .array(let elements):
            service.detailsForm = .list
            if elements.isEmpty {
                report(.emptyDetails, detailsPath, detailsValue.location,
                       "\"details\" is empty, so no URL opens an app",
                       fix: "add a detail: {\"appIDs\": [\"<TeamID>.<bundle ID>\"], \"components\": [{\"/\": \"/*\"}]}")
            }
            for (index, element) in elements.enumerated() {
                if let detail = lintDetail(element, at: detailsPath.appending(index), keyedBy: nil) {
                    service.details.append(detail)
                }
            }
        case .object(let entries):
            service.detailsForm = .keyedByAppID
            if entries.isEmpty {
                report(.emptyDetails, detailsPath, detailsValue.location,
                       "\"details\" is empty, so no URL opens an app",
                       fix: "add a detail: {\"appIDs\": [\"<TeamID>.<bundle ID>\"], \"components\": [{\"/\": \"/*\"}]}")
            } else {
                report(.legacyDetailsDictionary, detailsPath, detailsValue.location,
                       "\"details\" is keyed by app ID, the form from before iOS 9.3",
                       fix: "write \"details\": [{\"appIDs\": [\"<app ID>\"], \"components\": [...]}], one entry per app")
            }
            // The decoder (and so the matcher) reads every entry, repeated keys included; report repeats.
            _ = effectiveMembers(entries, at: detailsPath, keys: nil)
            for entry in entries {
                if let detail = lintDetail(entry.value, at: detailsPath.appending(entry.key), keyedBy: entry) {
                    service.details.append(detail)
                }
            }
        default:
            reportWrongType(
                reader.mismatch(detailsValue, at: detailsPath, expected: "an array of details (or, in the oldest form, an object keyed by app ID)"),
                value: detailsValue
            )
        }
        return service
    }

    // MARK: Details

    /// Lints one detail; `keyedBy` is the member when `details` is keyed by app ID.
    mutating func lintDetail(_ value: JSONValue, at path: JSONPath, keyedBy key: JSONMember?) -> AppLinkDetail? {
        var site = DetailSite(path: path, location: value.location, appIDs: [], rules: [], damaged: false)
        defer { details.append(site) }
        if let key {
            lintAppID(key.key, at: path, location: key.keyLocation, name: "the key")
        }
        guard let members = object(value, at: path, expected: "an object with \"appIDs\" and \"components\"") else {
            site.damaged = true
            return nil
        }
        let effective = effectiveMembers(members, at: path, keys: key == nil ? .detail : .keyedDetail)
        func member(_ name: String) -> JSONMember? { effective.first { $0.key == name } }
        var detail = AppLinkDetail()

        var defaultsSource: RuleSource?
        if let defaults = member("defaults") {
            defaultsSource = decodeRule(defaults.value, place: .other(path.appending("defaults")), isDefaults: true)
            detail.defaults = defaultsSource?.rule
            if defaultsSource?.damaged ?? true { site.damaged = true }
            if let defaultsSource {
                lintRulePatterns(defaultsSource, effective: defaultsSource.rule.overlaying(appLinksDefaults))
            }
        }

        if let key {
            detail.appID = key.key
            // Ignored in this form (the key is the app ID), but the decoder still reads their types.
            if let appIDs = member("appIDs"), stringList(appIDs.value, at: path.appending("appIDs")).damaged { site.damaged = true }
            if let appID = member("appID"), string(appID.value, at: path.appending("appID")) == nil { site.damaged = true }
        } else {
            if let appIDs = member("appIDs") {
                let list = lintAppIDList(appIDs.value, at: path.appending("appIDs"))
                if !list.damaged || appIDs.value.arrayValue != nil { detail.appIDs = list.appIDs }
                if list.damaged { site.damaged = true }
            }
            if let appID = member("appID") {
                let appIDPath = path.appending("appID")
                if let text = string(appID.value, at: appIDPath) {
                    detail.appID = text
                    lintAppID(text, at: appIDPath, location: appID.value.location, name: "appID")
                } else {
                    site.damaged = true
                }
            }
            lintAppIDForms(detail, members: member("appIDs"), member("appID"), at: path, location: value.location)
        }

        var componentSites: [RuleSite]?
        if let componentsMember = member("components") {
            if let elements = componentsMember.value.arrayValue {
                var rules: [ComponentRule] = []
                var sites: [RuleSite] = []
                rules.reserveCapacity(elements.count)
                sites.reserveCapacity(elements.count)
                for (index, element) in elements.enumerated() {
                    let place = RulePlace.component(detail: path, index: index)
                    guard let source = decodeRule(element, place: place, isDefaults: false) else {
                        site.damaged = true
                        continue
                    }
                    let effective = source.rule.overlaying(detail.defaults).overlaying(appLinksDefaults)
                    lintRulePatterns(source, effective: effective)
                    if source.damaged {
                        site.damaged = true
                    } else if effective.path == nil && effective.query == nil && effective.fragment == nil {
                        reportComponentWithoutPattern(at: place.path, location: element.location, excludes: effective.exclude ?? false)
                    }
                    rules.append(source.rule)
                    sites.append(RuleSite(effective: effective, place: place, location: element.location, legacyText: nil, written: source.rule))
                }
                componentSites = sites
                detail.components = rules
            } else {
                reportWrongType(reader.mismatch(componentsMember.value, at: path.appending("components"), expected: "an array of component objects"),
                                value: componentsMember.value)
                site.damaged = true
            }
        }

        var legacyPaths: [(text: String, value: JSONValue, index: Int)]?
        if let pathsMember = member("paths") {
            let pathsPath = path.appending("paths")
            let list = stringList(pathsMember.value, at: pathsPath)
            if list.damaged { site.damaged = true }
            legacyPaths = list.items
            if pathsMember.value.arrayValue != nil { detail.paths = list.items.map(\.text) }
            for item in list.items {
                lintLegacyPath(item.text, at: pathsPath.appending(item.index), location: item.value.location, detailDefaults: detail.defaults)
            }
            if let componentsMember = member("components") {
                let empty = componentsMember.value.arrayValue?.isEmpty == true
                report(.pathsAndComponents, pathsPath, pathsMember.keyLocation ?? pathsMember.value.location,
                       "the detail has both \"components\" and \"paths\"; iOS 13 and later use only \"components\""
                           + (empty ? ", which is empty, so they open nothing from this detail" : " and ignore \"paths\""),
                       fix: "move each path into \"components\" as {\"/\": \"...\"} (a \"NOT \" path becomes \"exclude\": true) and remove \"paths\"")
            } else if !list.items.isEmpty {
                report(.legacyPaths, pathsPath, pathsMember.keyLocation ?? pathsMember.value.location,
                       "the detail uses the legacy \"paths\" (before iOS 13)",
                       fix: "write \"components\": " + Self.modernComponents(for: list.items.map(\.text)))
            }
        }

        // The apps and rules iOS reads.
        site.appIDs = detail.effectiveAppIDs
        if let componentSites {
            site.rules = componentSites
        } else if let legacyPaths, detail.components == nil {
            site.rules = legacyPaths.map { item in
                let rule = ComponentRule(legacyPath: item.text)
                return RuleSite(effective: rule.overlaying(detail.defaults).overlaying(appLinksDefaults),
                                place: .legacyPath(detail: path, index: item.index), location: item.value.location,
                                legacyText: item.text, written: rule)
            }
        }
        if (detail.components?.isEmpty ?? true) && (detail.paths ?? []).isEmpty && !site.damaged {
            report(.detailWithoutRules, path, value.location,
                   "\(Self.shortName(path)) has no rules (\"components\" is \(detail.components == nil ? "missing" : "empty")), so it opens its apps for no URL",
                   fix: "add \"components\": [{\"/\": \"/*\"}] or the paths the app handles, or remove the detail")
        }
        return detail
    }

    mutating func reportComponentWithoutPattern(at path: JSONPath, location: SourceLocation?, excludes: Bool) {
        report(.componentWithoutPattern, path, location,
               "\(Self.shortName(path)) has no \"/\", \"?\" or \"#\" key, so it " + (excludes ? "excludes every URL" : "matches every URL"),
               fix: "add the pattern it is meant for, such as \"/\": \"/buy/*\" (write \"/\": \"*\" if every URL is meant)")
    }

    /// `appIDs` versus `appID`: legacy form, ignored `appID`, no app at all.
    mutating func lintAppIDForms(_ detail: AppLinkDetail, members appIDsMember: JSONMember?, _ appIDMember: JSONMember?, at path: JSONPath, location: SourceLocation?) {
        switch (detail.appIDs, detail.appID) {
        case (let appIDs?, let appID?):
            let place = appIDMember?.keyLocation ?? appIDMember?.value.location
            if appIDs.contains(appID) {
                report(.legacyAppID, path.appending("appID"), place,
                       "\"appID\" repeats an entry of \"appIDs\"; iOS reads only \"appIDs\"", fix: "remove \"appID\"")
            } else {
                report(.appIDIgnored, path.appending("appID"), place,
                       "appID \(Self.quoted(appID)) is ignored because \"appIDs\" is present"
                           + (appIDs.isEmpty ? " (even though it is empty), so this detail applies to no app" : " and does not list it"),
                       fix: "add \(Self.quoted(appID)) to \"appIDs\" and remove \"appID\"")
            }
        case (nil, let appID?):
            report(.legacyAppID, path.appending("appID"), appIDMember?.keyLocation ?? appIDMember?.value.location,
                   "the detail uses the legacy \"appID\" (before iOS 13)",
                   fix: "write \"appIDs\": [\(Self.quoted(appID))]")
        case (let appIDs?, nil) where appIDs.isEmpty:
            report(.detailWithoutApps, path.appending("appIDs"), appIDsMember?.value.location,
                   "\"appIDs\" is empty, so the detail's rules apply to no app",
                   fix: "list the app IDs: \"appIDs\": [\"<TeamID>.<bundle ID>\"]")
        case (nil, nil):
            if appIDsMember == nil && appIDMember == nil {
                report(.detailWithoutApps, path, location,
                       "\(Self.shortName(path)) has no \"appIDs\", so its rules apply to no app",
                       fix: "add \"appIDs\": [\"<TeamID>.<bundle ID>\"]")
            }
        default:
            break
        }
    }

    /// Legacy `paths` rewritten as `components`, for a fix (the first few only).
    static func modernComponents(for paths: [String]) -> String {
        let shown = paths.prefix(3).map { path -> String in
            let rule = ComponentRule(legacyPath: path)
            var text = "{\"/\": \(quoted(rule.path ?? path))"
            if rule.exclude == true { text += ", \"exclude\": true" }
            return text + "}"
        }
        return "[" + shown.joined(separator: ", ") + (paths.count > 3 ? ", ..." : "") + "]"
    }
}
