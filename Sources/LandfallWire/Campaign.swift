/// Campaign fields, named as the `utm_*` parameters they correspond to.
///
/// The server keeps them with a short link and reports them with its statistics; the app
/// reads them in a ``ResolvedLink``. Every field is optional, and an absent field is `nil`.
///
/// ```swift
/// let campaign = Campaign(source: "newsletter", medium: "email", name: "winter-league")
/// campaign.isEmpty   // false
/// Campaign().isEmpty // true
/// ```
public struct Campaign: Sendable, Hashable, Codable {
    /// `utm_source`: who sent the traffic (`newsletter`).
    public var source: String?
    /// `utm_medium`: how (`email`).
    public var medium: String?
    /// `utm_campaign`: which campaign (`winter-league`).
    public var name: String?
    /// `utm_term`: a paid-search term.
    public var term: String?
    /// `utm_content`: which variant of the link.
    public var content: String?

    /// Creates campaign fields; all are optional.
    public init(source: String? = nil, medium: String? = nil, name: String? = nil, term: String? = nil, content: String? = nil) {
        self.source = source
        self.medium = medium
        self.name = name
        self.term = term
        self.content = content
    }

    /// Whether no field is set.
    public var isEmpty: Bool {
        source == nil && medium == nil && name == nil && term == nil && content == nil
    }
}
