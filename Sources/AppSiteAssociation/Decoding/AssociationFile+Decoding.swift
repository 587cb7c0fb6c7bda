import LandfallJSON
extension AssociationFile {
    /// Decodes a file from its bytes, accepting every form iOS has accepted: modern (`appIDs` and
    /// `components`), legacy (`appID` and `paths`), details keyed by app ID, `defaults` at both
    /// levels, `substitutionVariables`, and the other services.
    ///
    /// Like iOS, it ignores keys it does not know (``AssociationLinter`` reports them) and skips
    /// a byte-order mark. A value of the wrong type is an error naming its place.
    ///
    /// - Throws: ``AssociationDecodingError``.
    public init(json bytes: some Collection<UInt8>) throws(AssociationDecodingError) {
        try self.init(jsonValue: try JSONParser().decodableValue(bytes))
    }

    /// Decodes a file from JSON text. See ``init(json:)-(Collection<UInt8>)``.
    public init(json text: String) throws(AssociationDecodingError) {
        try self.init(json: Array(text.utf8))
    }

    /// Decodes a file from a parsed JSON tree. See ``init(json:)-(Collection<UInt8>)``.
    public init(jsonValue root: JSONValue) throws(AssociationDecodingError) {
        let reader = ModelReader()
        let top = try reader.object(root, at: JSONPath(), expected: "an object with services such as \"applinks\"")
        self.init()
        if let value = top.last("applinks") {
            appLinks = try reader.appLinks(value, at: [.key("applinks")])
        }
        if let value = top.last("webcredentials") {
            webCredentials = try reader.appsService(value, at: [.key("webcredentials")])
        }
        if let value = top.last("appclips") {
            appClips = try reader.appsService(value, at: [.key("appclips")])
        }
        if let value = top.last("activitycontinuation") {
            activityContinuation = try reader.appsService(value, at: [.key("activitycontinuation")])
        }
    }
}

extension JSONParser {
    /// Parses a document for a decoder: a syntax error becomes an ``AssociationDecodingError``
    /// and a byte-order mark is skipped.
    func decodableValue(_ bytes: some Collection<UInt8>) throws(AssociationDecodingError) -> JSONValue {
        do {
            return try parseDocument(bytes).value
        } catch {
            throw AssociationDecodingError(error)
        }
    }
}

/// An object's members, looked up the way iOS's JSON reader does: the last duplicate wins.
struct ObjectView {
    let members: [JSONMember]

    func last(_ key: String) -> JSONValue? {
        members.last { $0.key == key }?.value
    }

    /// The members with repeated keys removed, as iOS's JSON reader sees them: each key once,
    /// at its first position, with its last value. Linear in the number of members.
    var uniqueMembers: [JSONMember] {
        var positions: [String: Int] = [:]
        var unique: [JSONMember] = []
        unique.reserveCapacity(members.count)
        for member in members {
            if let position = positions[member.key] {
                unique[position].value = member.value
            } else {
                positions[member.key] = unique.count
                unique.append(member)
            }
        }
        return unique
    }
}

/// Reads model values from a JSON tree, throwing precise errors on type mismatches.
struct ModelReader {
    func mismatch(_ value: JSONValue, at path: JSONPath, expected: String) -> AssociationDecodingError {
        AssociationDecodingError(
            path: path,
            message: "expected \(expected), found \(value.kindDescription)",
            location: value.location
        )
    }

    func object(_ value: JSONValue, at path: JSONPath, expected: String = "an object") throws(AssociationDecodingError) -> ObjectView {
        guard let members = value.objectMembers else { throw mismatch(value, at: path, expected: expected) }
        return ObjectView(members: members)
    }

    func string(_ value: JSONValue, at path: JSONPath) throws(AssociationDecodingError) -> String {
        guard let text = value.stringValue else { throw mismatch(value, at: path, expected: "a string") }
        return text
    }

    func bool(_ value: JSONValue, at path: JSONPath) throws(AssociationDecodingError) -> Bool {
        guard let flag = value.boolValue else { throw mismatch(value, at: path, expected: "true or false") }
        return flag
    }

    func strings(_ value: JSONValue, at path: JSONPath) throws(AssociationDecodingError) -> [String] {
        guard let elements = value.arrayValue else { throw mismatch(value, at: path, expected: "an array of strings") }
        var result: [String] = []
        result.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            result.append(try string(element, at: path.appending(index)))
        }
        return result
    }

    func appsService(_ value: JSONValue, at path: JSONPath) throws(AssociationDecodingError) -> AppsService {
        let object = try object(value, at: path, expected: "an object with \"apps\"")
        guard let apps = object.last("apps") else { return AppsService(apps: []) }
        return AppsService(apps: try strings(apps, at: path.appending("apps")))
    }

    func appLinks(_ value: JSONValue, at path: JSONPath) throws(AssociationDecodingError) -> AppLinksService {
        let object = try object(value, at: path, expected: "an object with \"details\"")
        var service = AppLinksService()
        if let apps = object.last("apps") {
            service.apps = try strings(apps, at: path.appending("apps"))
        }
        if let defaults = object.last("defaults") {
            service.defaults = try rule(defaults, at: path.appending("defaults"))
        }
        if let variables = object.last("substitutionVariables") {
            service.substitutionVariables = try substitutionVariables(variables, at: path.appending("substitutionVariables"))
        }
        if let details = object.last("details") {
            let detailsPath = path.appending("details")
            switch details.kind {
            case .array(let elements):
                service.detailsForm = .list
                for (index, element) in elements.enumerated() {
                    service.details.append(try detail(element, at: detailsPath.appending(index)))
                }
            case .object(let members):
                service.detailsForm = .keyedByAppID
                for member in ObjectView(members: members).uniqueMembers {
                    // The key is the app ID; iOS does not read `appID` or `appIDs` inside the entry.
                    var entry = try detail(member.value, at: detailsPath.appending(member.key), readsAppIDs: false)
                    entry.appID = member.key
                    entry.appIDs = nil
                    service.details.append(entry)
                }
            default:
                throw mismatch(details, at: detailsPath, expected: "an array of details (or, in the oldest form, an object keyed by app ID)")
            }
        }
        return service
    }

    func substitutionVariables(_ value: JSONValue, at path: JSONPath) throws(AssociationDecodingError) -> [SubstitutionVariable] {
        let object = try object(value, at: path, expected: "an object whose values are arrays of strings")
        var result: [SubstitutionVariable] = []
        for member in object.uniqueMembers {
            result.append(SubstitutionVariable(name: member.key, values: try strings(member.value, at: path.appending(member.key))))
        }
        return result
    }

    func detail(_ value: JSONValue, at path: JSONPath, readsAppIDs: Bool = true) throws(AssociationDecodingError) -> AppLinkDetail {
        let object = try object(value, at: path, expected: "an object with \"appIDs\" and \"components\"")
        var detail = AppLinkDetail()
        if readsAppIDs, let appIDs = object.last("appIDs") {
            detail.appIDs = try strings(appIDs, at: path.appending("appIDs"))
        }
        if readsAppIDs, let appID = object.last("appID") {
            detail.appID = try string(appID, at: path.appending("appID"))
        }
        if let defaults = object.last("defaults") {
            detail.defaults = try rule(defaults, at: path.appending("defaults"))
        }
        if let components = object.last("components") {
            let componentsPath = path.appending("components")
            guard let elements = components.arrayValue else {
                throw mismatch(components, at: componentsPath, expected: "an array of component objects")
            }
            var rules: [ComponentRule] = []
            for (index, element) in elements.enumerated() {
                rules.append(try rule(element, at: componentsPath.appending(index)))
            }
            detail.components = rules
        }
        if let paths = object.last("paths") {
            detail.paths = try strings(paths, at: path.appending("paths"))
        }
        return detail
    }

    func rule(_ value: JSONValue, at path: JSONPath) throws(AssociationDecodingError) -> ComponentRule {
        let object = try object(value, at: path, expected: "an object with pattern keys such as \"/\"")
        var rule = ComponentRule()
        if let pattern = object.last("/") { rule.path = try string(pattern, at: path.appending("/")) }
        if let query = object.last("?") { rule.query = try queryPattern(query, at: path.appending("?")) }
        if let pattern = object.last("#") { rule.fragment = try string(pattern, at: path.appending("#")) }
        if let flag = object.last("exclude") { rule.exclude = try bool(flag, at: path.appending("exclude")) }
        if let flag = object.last("caseSensitive") { rule.caseSensitive = try bool(flag, at: path.appending("caseSensitive")) }
        if let flag = object.last("percentEncoded") { rule.percentEncoded = try bool(flag, at: path.appending("percentEncoded")) }
        if let note = object.last("comment") { rule.comment = try string(note, at: path.appending("comment")) }
        return rule
    }

    func queryPattern(_ value: JSONValue, at path: JSONPath) throws(AssociationDecodingError) -> QueryPattern {
        switch value.kind {
        case .string(let text):
            return .string(text)
        case .object(let members):
            var items: [QueryItemPattern] = []
            for member in ObjectView(members: members).uniqueMembers {
                guard let pattern = member.value.stringValue else {
                    // iOS ignores the whole dictionary when a value is not a string (observed).
                    return .ignoredDictionary(value)
                }
                items.append(QueryItemPattern(name: member.key, pattern: pattern))
            }
            return .items(items)
        default:
            throw mismatch(value, at: path, expected: "a string or an object of strings")
        }
    }
}
