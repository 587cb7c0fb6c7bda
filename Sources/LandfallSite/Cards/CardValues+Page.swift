import LandfallJSON

extension PageSettings {
    /// A text of the page: the content's `field` when it is text, else the page setting with
    /// the route's parameters filled in; nil when neither is there. The page and its card read
    /// their title and description through it.
    public func text(_ field: String, _ setting: PlaceholderText?, parameters: [String: String], content: JSONValue?) -> String? {
        content?[field]?.stringValue ?? setting.map { $0.filled(with: parameters) }
    }
}

extension CardValues {
    /// The values of the card of a route's page (and of a short link to it, with its `data`):
    /// the route's parameters, the page's title and description as the page shows them, and
    /// the content's fields (text, numbers and Booleans as written; objects and lists left out).
    ///
    /// ```swift
    /// let values = CardValues(route: puzzle, parameters: ["date": "2026-11-20"], content: json,
    ///                         data: link.data)
    /// let card = site.cardTemplate(for: puzzle).resolved(with: values, site: site)
    /// ```
    public init(route: SiteRoute, parameters: [String: String], content: JSONValue?, data: [String: String] = [:]) {
        var fields: [String: String] = [:]
        if case .object(let members)? = content?.kind {
            for member in members {
                switch member.value.kind {
                case .string(let text), .number(let text): fields[member.key] = text
                case .bool(let flag): fields[member.key] = flag ? "true" : "false"
                case .null, .array, .object: continue
                }
            }
        }
        self.init(parameters: parameters,
                  title: route.page.text("title", route.page.title, parameters: parameters, content: content),
                  description: route.page.text("description", route.page.description, parameters: parameters, content: content),
                  content: fields, data: data)
    }
}
