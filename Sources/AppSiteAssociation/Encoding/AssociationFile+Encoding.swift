import LandfallJSON
/// How ``AssociationFile/encoded(style:)`` lays out its JSON.
public enum JSONStyle: String, Sendable, CaseIterable, Codable {
    /// Indented, one key per line, ending with a newline: for files people read and diff.
    case pretty
    /// One line, no spaces: the smallest file to serve.
    case compact

    var writer: JSONWriter { self == .pretty ? .pretty : .compact }
}

extension AssociationFile {
    /// The file as a JSON tree with keys in a fixed order: services as in ``serviceKeys``;
    /// `apps`, `defaults`, `substitutionVariables`, `details`; `appIDs`, `appID`, `defaults`,
    /// `components`, `paths`; and `/`, `?`, `#`, `exclude`, `caseSensitive`, `percentEncoded`,
    /// `comment`. Variables and query items keep their order.
    public var jsonValue: JSONValue {
        var members: [(String, JSONValue)] = []
        if let appLinks { members.append(("applinks", appLinks.jsonValue)) }
        if let webCredentials { members.append(("webcredentials", webCredentials.jsonValue)) }
        if let appClips { members.append(("appclips", appClips.jsonValue)) }
        if let activityContinuation { members.append(("activitycontinuation", activityContinuation.jsonValue)) }
        return .object(members)
    }

    /// The file as JSON text. The same file always gives the same text, and decoding the text
    /// gives back an equal file.
    public func encoded(style: JSONStyle = .pretty) -> String {
        style.writer.string(for: jsonValue)
    }
}

extension AppsService {
    /// `{"apps": [...]}`.
    public var jsonValue: JSONValue {
        .object([("apps", .array(apps.map(JSONValue.string)))])
    }
}

extension AppLinksService {
    /// The `applinks` object (see ``AssociationFile/jsonValue``).
    public var jsonValue: JSONValue {
        var members: [(String, JSONValue)] = []
        if let apps { members.append(("apps", .array(apps.map(JSONValue.string)))) }
        if let defaults { members.append(("defaults", defaults.jsonValue)) }
        if let substitutionVariables {
            members.append((
                "substitutionVariables",
                .object(substitutionVariables.map { ($0.name, .array($0.values.map(JSONValue.string))) })
            ))
        }
        switch detailsForm {
        case .list:
            members.append(("details", .array(details.map(\.jsonValue))))
        case .keyedByAppID:
            members.append(("details", .object(details.map { detail in
                var body = detail
                body.appID = nil
                body.appIDs = nil
                return (detail.appID ?? "", body.jsonValue)
            })))
        }
        return .object(members)
    }
}

extension AppLinkDetail {
    /// One detail object (see ``AssociationFile/jsonValue``).
    public var jsonValue: JSONValue {
        var members: [(String, JSONValue)] = []
        if let appIDs { members.append(("appIDs", .array(appIDs.map(JSONValue.string)))) }
        if let appID { members.append(("appID", .string(appID))) }
        if let defaults { members.append(("defaults", defaults.jsonValue)) }
        if let components { members.append(("components", .array(components.map(\.jsonValue)))) }
        if let paths { members.append(("paths", .array(paths.map(JSONValue.string)))) }
        return .object(members)
    }
}

extension ComponentRule {
    /// One component (or defaults) object (see ``AssociationFile/jsonValue``).
    public var jsonValue: JSONValue {
        var members: [(String, JSONValue)] = []
        if let path { members.append(("/", .string(path))) }
        if let query { members.append(("?", query.jsonValue)) }
        if let fragment { members.append(("#", .string(fragment))) }
        if let exclude { members.append(("exclude", .bool(exclude))) }
        if let caseSensitive { members.append(("caseSensitive", .bool(caseSensitive))) }
        if let percentEncoded { members.append(("percentEncoded", .bool(percentEncoded))) }
        if let comment { members.append(("comment", .string(comment))) }
        return .object(members)
    }
}

extension QueryPattern {
    /// The `?` value: a string, or an object of item patterns.
    public var jsonValue: JSONValue {
        switch self {
        case .string(let pattern): .string(pattern)
        case .items(let items): .object(items.map { ($0.name, .string($0.pattern)) })
        case .ignoredDictionary(let raw): raw
        }
    }
}
