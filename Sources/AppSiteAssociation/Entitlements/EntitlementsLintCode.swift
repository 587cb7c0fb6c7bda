/// Every problem ``EntitlementsFile`` and ``AssociatedDomain`` report about an Xcode
/// `.entitlements` file and its `com.apple.developer.associated-domains` entries.
///
/// A diagnostic's ``Diagnostic/code`` is the raw value (`entitlements.scheme`). Codes never
/// change meaning; new ones may be added.
public enum EntitlementsLintCode: String, Sendable, CaseIterable, Codable, LintCode {
    // MARK: The file

    /// The bytes are not an XML property list.
    case malformedPropertyList = "entitlements.malformed-plist"
    /// The property list's top level is not a dictionary.
    case notADictionary = "entitlements.not-a-dictionary"
    /// The file has no `com.apple.developer.associated-domains` key.
    case noAssociatedDomains = "entitlements.no-associated-domains"
    /// `com.apple.developer.associated-domains` is not an array.
    case associatedDomainsNotArray = "entitlements.associated-domains-not-array"
    /// `com.apple.developer.associated-domains` is an empty array.
    case emptyAssociatedDomains = "entitlements.empty-associated-domains"
    /// An entry of the array is not a string.
    case nonStringEntry = "entitlements.non-string-entry"
    /// The same entry twice.
    case duplicateEntry = "entitlements.duplicate-entry"
    /// No `applinks:` entry at all, so no universal link opens the app.
    case noAppLinks = "entitlements.no-applinks"

    // MARK: One entry

    /// Spaces, tabs or line breaks in an entry.
    case whitespace = "entitlements.whitespace"
    /// No `service:` prefix.
    case missingService = "entitlements.missing-service"
    /// A prefix that is not `applinks`, `webcredentials`, `appclips` or `activitycontinuation`.
    case unknownService = "entitlements.unknown-service"
    /// A URL scheme such as `https://`.
    case scheme = "entitlements.scheme"
    /// A port such as `:8443`.
    case port = "entitlements.port"
    /// A path after the host.
    case path = "entitlements.path"
    /// A `/` after the host.
    case trailingSlash = "entitlements.trailing-slash"
    /// A `.` at the end of the host.
    case trailingDot = "entitlements.trailing-dot"
    /// No host after the service.
    case emptyHost = "entitlements.empty-host"
    /// A host with characters or empty labels that no DNS name has.
    case invalidHost = "entitlements.invalid-host"
    /// A `*` anywhere but a leading `*.`.
    case invalidWildcard = "entitlements.invalid-wildcard"
    /// A query other than `?mode=developer`, `managed` or `developer+managed`.
    case invalidMode = "entitlements.invalid-mode"
    /// Upper-case letters in the host.
    case uppercaseHost = "entitlements.uppercase-host"

    /// How serious a diagnostic with this code is.
    public var severity: Diagnostic.Severity {
        switch self {
        case .malformedPropertyList, .notADictionary, .associatedDomainsNotArray, .nonStringEntry,
             .whitespace, .missingService, .unknownService, .scheme, .port, .path, .trailingSlash,
             .trailingDot, .emptyHost, .invalidHost, .invalidWildcard, .invalidMode:
            return .error
        case .emptyAssociatedDomains, .duplicateEntry, .uppercaseHost:
            return .warning
        case .noAssociatedDomains, .noAppLinks:
            return .info
        }
    }

    /// What the code means, in one line.
    public var summary: String {
        switch self {
        case .malformedPropertyList: "the file is not an XML property list, so Xcode cannot read it"
        case .notADictionary: "the property list's top level is not a dictionary of entitlements"
        case .noAssociatedDomains: "the file has no com.apple.developer.associated-domains key, so the app claims no domain"
        case .associatedDomainsNotArray: "com.apple.developer.associated-domains is not an array of strings"
        case .emptyAssociatedDomains: "com.apple.developer.associated-domains is empty, so the app claims no domain"
        case .nonStringEntry: "an associated-domains entry is not a string, so iOS ignores it"
        case .duplicateEntry: "the same associated-domains entry is listed twice"
        case .noAppLinks: "no applinks: entry, so no universal link opens the app"
        case .whitespace: "an entry contains spaces, tabs or line breaks, so its host never matches"
        case .missingService: "an entry has no service prefix such as applinks:"
        case .unknownService: "an entry's service prefix is not applinks, webcredentials, appclips or activitycontinuation"
        case .scheme: "an entry carries a URL scheme; the entitlement names a host only"
        case .port: "an entry carries a port; iOS fetches the association file over HTTPS on port 443 only"
        case .path: "an entry carries a path; paths belong in the association file"
        case .trailingSlash: "an entry ends with /; the entitlement names a host only"
        case .trailingDot: "an entry's host ends with a dot, so it does not equal the host of any link"
        case .emptyHost: "an entry names no host"
        case .invalidHost: "an entry's host has characters or empty labels that no DNS name has"
        case .invalidWildcard: "a * anywhere but a leading *. is not a wildcard iOS understands"
        case .invalidMode: "an entry's query is not ?mode=developer, ?mode=managed or ?mode=developer+managed"
        case .uppercaseHost: "an entry's host has upper-case letters; hosts compare without case, write them in lower case"
        }
    }
}
