/// "Did you mean" for unknown keys: a known key that differs only in case, a common alias
/// (`component` for `components`, `path` for `/`), or one within a small edit distance.
struct KeySuggestion {
    /// The keys iOS reads at this level, in the order they are preferred.
    let knownKeys: [String]
    /// Keys people write for a known key (lower-cased alias → known key).
    let aliases: [String: String]
    /// Keys that iOS reads at another level (exact key → where they belong).
    var misplaced: [String: String] = [:]

    /// The known key `key` was probably meant to be, or `nil`.
    func suggestion(for key: String) -> String? {
        // Long keys are not misspellings of short ones; this also bounds the work.
        guard !key.isEmpty, key.utf8.count <= 64 else { return nil }
        let folded = key.lowercased()
        if let known = knownKeys.first(where: { $0.lowercased() == folded }) { return known }
        if let known = aliases[folded], knownKeys.contains(known) { return known }
        let trimmed = folded.trimmingASCIIWhitespace()
        if trimmed != folded, let known = knownKeys.first(where: { $0.lowercased() == trimmed }) { return known }
        var best: (key: String, distance: Int)?
        for known in knownKeys where known.count >= 3 {
            let limit = known.count >= 8 ? 2 : 1
            let distance = EditDistance.between(Array(folded.unicodeScalars), Array(known.lowercased().unicodeScalars), limit: limit)
            if distance <= limit, distance < (best?.distance ?? Int.max) {
                best = (known, distance)
            }
        }
        return best?.key
    }
}

extension KeySuggestion {
    /// Top level: the services.
    static let services = KeySuggestion(
        knownKeys: AssociationFile.serviceKeys,
        aliases: [
            "applink": "applinks", "app-links": "applinks", "app_links": "applinks", "universallinks": "applinks",
            "webcredential": "webcredentials", "web-credentials": "webcredentials", "web_credentials": "webcredentials",
            "appclip": "appclips", "app-clips": "appclips", "app_clips": "appclips",
            "activity-continuation": "activitycontinuation", "activity_continuation": "activitycontinuation",
        ],
        misplaced: [
            "details": "inside \"applinks\"", "defaults": "inside \"applinks\"",
            "substitutionVariables": "inside \"applinks\"", "apps": "inside a service such as \"webcredentials\"",
            "appIDs": "inside an entry of \"applinks.details\"", "components": "inside an entry of \"applinks.details\"",
        ]
    )

    /// Inside `applinks`.
    static let appLinks = KeySuggestion(
        knownKeys: ["details", "defaults", "substitutionVariables", "apps"],
        aliases: [
            "detail": "details", "default": "defaults", "substitutionvariable": "substitutionVariables",
            "substitutions": "substitutionVariables", "variables": "substitutionVariables",
            "substitution_variables": "substitutionVariables", "substitution-variables": "substitutionVariables",
        ],
        misplaced: [
            "appIDs": "inside an entry of \"details\"", "appID": "inside an entry of \"details\"",
            "components": "inside an entry of \"details\"", "paths": "inside an entry of \"details\"",
            "caseSensitive": "inside \"defaults\"", "percentEncoded": "inside \"defaults\"",
        ]
    )

    /// Inside one entry of `details`.
    static let detail = KeySuggestion(
        knownKeys: ["appIDs", "appID", "components", "paths", "defaults"],
        aliases: [
            "component": "components", "path": "paths", "default": "defaults",
            "app_ids": "appIDs", "app-ids": "appIDs", "appsids": "appIDs", "apps": "appIDs", "app_id": "appID",
            "app-id": "appID", "bundleid": "appID", "bundleids": "appIDs", "rules": "components",
        ],
        misplaced: [
            "/": "inside a component", "?": "inside a component", "#": "inside a component",
            "exclude": "inside a component", "caseSensitive": "inside \"defaults\" or a component",
            "percentEncoded": "inside \"defaults\" or a component", "substitutionVariables": "inside \"applinks\"",
        ]
    )

    /// Inside one entry of `details` keyed by app ID (the app ID is the key).
    static let keyedDetail = KeySuggestion(
        knownKeys: ["paths", "components", "defaults"],
        aliases: ["component": "components", "path": "paths", "default": "defaults", "rules": "components"],
        misplaced: [
            "/": "inside a component", "?": "inside a component", "#": "inside a component",
            "exclude": "inside a component", "caseSensitive": "inside \"defaults\" or a component",
            "percentEncoded": "inside \"defaults\" or a component",
            "appIDs": "nowhere: in this form the key of the entry is the app ID",
            "appID": "nowhere: in this form the key of the entry is the app ID",
        ]
    )

    /// Inside a component or a `defaults` dictionary.
    static let component = KeySuggestion(
        knownKeys: ["/", "?", "#", "exclude", "caseSensitive", "percentEncoded", "comment"],
        aliases: [
            "path": "/", "paths": "/", "query": "?", "querystring": "?", "fragment": "#", "hash": "#",
            "excluded": "exclude", "excludes": "exclude", "exclusion": "exclude", "not": "exclude",
            "case_sensitive": "caseSensitive", "case-sensitive": "caseSensitive",
            "percent_encoded": "percentEncoded", "percent-encoded": "percentEncoded",
            "comments": "comment", "note": "comment", "description": "comment",
        ],
        misplaced: [
            "appIDs": "in the detail, beside \"components\"", "appID": "in the detail, beside \"components\"",
            "components": "in the detail, not inside a component", "paths": "in the detail, not inside a component",
        ]
    )

    /// Inside `webcredentials`, `appclips` and `activitycontinuation`.
    static let appsService = KeySuggestion(
        knownKeys: ["apps"],
        aliases: ["app": "apps", "appids": "apps", "app_ids": "apps", "details": "apps"]
    )
}
