/// One rule of `dynamic_app_link_components` (Android 15 and later): patterns for a URL's
/// path, query items and fragment, and whether a match opens the app or keeps it closed.
///
/// Patterns use `*` (any run of characters, possibly empty) and `?` (exactly one character).
/// Every key present must match; an absent key matches anything. The first rule that matches
/// decides; a URL no rule matches does not open the app.
///
/// ```json
/// {"/": "/shoes", "?": {"in_app": "true"}, "comments": "only links marked for the app"}
/// ```
public struct DynamicAppLinkComponent: Sendable, Equatable {
    /// `/`: a pattern for the URL path, such as `/products/*`.
    public var path: String?
    /// `?`: patterns for named query items; Android reads `?` only as a dictionary. Items not
    /// named are ignored.
    public var query: [QueryItemPattern]?
    /// `#`: a pattern for the fragment.
    public var fragment: String?
    /// `exclude`: when true, a URL this rule matches does not open the app.
    public var exclude: Bool?
    /// `comments`: a note for people; Android ignores it.
    public var comments: String?

    /// Creates a rule.
    public init(
        path: String? = nil,
        query: [QueryItemPattern]? = nil,
        fragment: String? = nil,
        exclude: Bool? = nil,
        comments: String? = nil
    ) {
        self.path = path
        self.query = query
        self.fragment = fragment
        self.exclude = exclude
        self.comments = comments
    }

    /// Whether a match keeps the app closed (`exclude: true`).
    public var isExclusion: Bool { exclude ?? false }

    /// The keys Android reads in a rule.
    public static let knownKeys = ["/", "?", "#", "exclude", "comments"]
}
