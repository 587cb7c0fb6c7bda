/// What fills a card's placeholders for one page or link.
///
/// ```swift
/// let values = CardValues(parameters: ["date": "2026-11-20"], title: "Daily Puzzle for 2026-11-20",
///                         data: ["score": "42"])
/// ```
public struct CardValues: Sendable, Hashable {
    /// The route's parameters, by name.
    public var parameters: [String: String]
    /// The page's title; the site's name when nil.
    public var title: String?
    /// The page's description.
    public var description: String?
    /// The page content's fields, as text (only those the template names in `content:` are used).
    public var content: [String: String]
    /// A short link's data, as text (only the keys the template names in `data:` are used).
    public var data: [String: String]

    /// Creates the values.
    public init(parameters: [String: String] = [:], title: String? = nil, description: String? = nil,
                content: [String: String] = [:], data: [String: String] = [:]) {
        self.parameters = parameters
        self.title = title
        self.description = description
        self.content = content
        self.data = data
    }
}
