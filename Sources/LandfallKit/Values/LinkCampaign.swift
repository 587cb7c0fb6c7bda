/// The campaign fields of a link, named after the `utm_*` parameters they stand for.
public struct LinkCampaign: Sendable, Hashable, Codable {
    /// `utm_source`: who sent the traffic.
    public var source: String?
    /// `utm_medium`: how.
    public var medium: String?
    /// `utm_campaign`: which campaign.
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
