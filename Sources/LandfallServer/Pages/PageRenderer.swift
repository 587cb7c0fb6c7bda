import LandfallJSON
import Mustache

/// Renders a page template with its ``PageValues``.
enum PageRenderer {
    /// The HTML of `template` with `values`; the `error` template (bundled) when the site's
    /// template renders nothing.
    static func render(_ template: String, values: PageValues, in library: MustacheLibrary) -> String {
        let context = mustacheContext(values)
        return library.render(context, withTemplate: template) ?? library.render(context, withTemplate: "error") ?? ""
    }

    /// The values as Mustache reads them: absent values are left out (so `{{#value}}` sections
    /// are skipped), `noIndex` is there only when true.
    static func mustacheContext(_ values: PageValues) -> [String: Any] {
        var context: [String: Any] = [
            "siteName": values.siteName, "homeURL": values.homeURL, "title": values.title, "twitterCard": values.twitterCard,
            "parameters": values.parameters, "siteInitial": values.siteInitial,
        ]
        let optional: [(String, String?)] = [
            ("siteDescription", values.siteDescription), ("description", values.description), ("imageURL", values.imageURL),
            ("canonicalURL", values.canonicalURL), ("smartBanner", values.smartBanner), ("openInAppURL", values.openInAppURL),
            ("appStoreURL", values.appStoreURL), ("playStoreURL", values.playStoreURL), ("claimURL", values.claimURL),
            ("webURL", values.webURL), ("route", values.route), ("heading", values.heading), ("message", values.message),
            ("requestID", values.requestID), ("invitationCode", values.invitationCode), ("invitationProblem", values.invitationProblem),
            ("iconURL", values.iconURL), ("accentColor", values.accentColor), ("heroImageURL", values.heroImageURL),
            ("imageAlt", values.imageAlt), ("imageWidth", values.imageWidth.map(String.init)),
            ("imageHeight", values.imageHeight.map(String.init)), ("inAppNotice", values.inAppNotice),
        ]
        for (key, value) in optional {
            if let value { context[key] = value }
        }
        if values.noIndex { context["noIndex"] = true }
        if let content = values.content { context["content"] = mustacheValue(content) }
        return context
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
