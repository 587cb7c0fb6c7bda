import AppSiteAssociation
import Mustache

/// Renders a page template with values, turning JSON content into what Mustache reads.
enum PageRenderer {
    /// The HTML of `template` with `values`; the `error` template (bundled) when the site's
    /// template renders nothing.
    static func render(_ template: String, values: [String: Any], in library: MustacheLibrary) -> String {
        library.render(values, withTemplate: template) ?? library.render(values, withTemplate: "error") ?? ""
    }

    /// A JSON value as Mustache context: objects become dictionaries, arrays arrays, numbers
    /// and text strings, Booleans Booleans (so `{{#flag}}` works), null nothing.
    static func mustacheValue(_ value: JSONValue) -> Any {
        switch value.kind {
        case .null: return false
        case .bool(let flag): return flag
        case .number(let text): return text
        case .string(let text): return text
        case .array(let elements): return elements.map(mustacheValue)
        case .object(let members):
            var dictionary: [String: Any] = [:]
            for member in members { dictionary[member.key] = mustacheValue(member.value) }
            return dictionary
        }
    }
}
