import LandfallJSON
/// One rule of a detail's `components`, also used for the `defaults` dictionaries.
///
/// Every key is optional. For matching, a key missing from the component is taken from the
/// detail's `defaults`, then from `applinks.defaults`; a pattern missing everywhere is `*`.
public struct ComponentRule: Sendable, Equatable {
    /// The `/` key: a pattern for the URL path.
    public var path: String?
    /// The `?` key: a pattern for the whole query, or patterns for named query items.
    public var query: QueryPattern?
    /// The `#` key: a pattern for the fragment.
    public var fragment: String?
    /// `exclude`: when true, a URL this rule matches does not open the app.
    public var exclude: Bool?
    /// `caseSensitive` (default true): whether patterns compare case-sensitively.
    public var caseSensitive: Bool?
    /// `percentEncoded` (default true): whether the URL is compared as written (true) or
    /// percent-decoded first (false).
    public var percentEncoded: Bool?
    /// `comment`: a note for people; iOS ignores it.
    public var comment: String?

    /// Creates a rule.
    public init(
        path: String? = nil,
        query: QueryPattern? = nil,
        fragment: String? = nil,
        exclude: Bool? = nil,
        caseSensitive: Bool? = nil,
        percentEncoded: Bool? = nil,
        comment: String? = nil
    ) {
        self.path = path
        self.query = query
        self.fragment = fragment
        self.exclude = exclude
        self.caseSensitive = caseSensitive
        self.percentEncoded = percentEncoded
        self.comment = comment
    }

    /// Reads one legacy `paths` entry as a rule: `NOT /x` excludes `/x`.
    public init(legacyPath: String) {
        if legacyPath.hasPrefix(Self.legacyExclusionPrefix) {
            self.init(path: String(legacyPath.dropFirst(Self.legacyExclusionPrefix.count)), exclude: true)
        } else {
            self.init(path: legacyPath)
        }
    }

    /// The prefix that makes a legacy path an exclusion: `NOT` and one space.
    public static let legacyExclusionPrefix = "NOT "

    /// True when the rule sets none of its keys.
    public var isEmpty: Bool { self == ComponentRule() }

    /// Fills every key this rule leaves unset from `fallback`.
    public func overlaying(_ fallback: ComponentRule?) -> ComponentRule {
        guard let fallback else { return self }
        return ComponentRule(
            path: path ?? fallback.path,
            query: query ?? fallback.query,
            fragment: fragment ?? fallback.fragment,
            exclude: exclude ?? fallback.exclude,
            caseSensitive: caseSensitive ?? fallback.caseSensitive,
            percentEncoded: percentEncoded ?? fallback.percentEncoded,
            comment: comment
        )
    }

    /// The component keys iOS reads.
    public static let knownKeys = ["/", "?", "#", "exclude", "caseSensitive", "percentEncoded", "comment"]
}

/// The `?` key of a component.
public enum QueryPattern: Sendable, Equatable {
    /// A pattern for the whole raw query after `?` (`"key=value"` does not match `key=value&extra=1`).
    case string(String)
    /// Patterns for named query items, in file order. Items not named are ignored; a missing
    /// item counts as the empty string; a repeated item must match at every occurrence.
    case items([QueryItemPattern])
    /// A dictionary with a value that is not a string. iOS ignores the whole dictionary, so the
    /// query is not checked; the original JSON is kept so the file re-encodes unchanged.
    case ignoredDictionary(JSONValue)
}

/// One entry of a query dictionary: an item name and a pattern for its value.
public struct QueryItemPattern: Sendable, Equatable {
    /// The query item's name, compared literally.
    public var name: String
    /// A pattern for the item's value.
    public var pattern: String

    /// Creates an entry.
    public init(name: String, pattern: String) {
        self.name = name
        self.pattern = pattern
    }
}
