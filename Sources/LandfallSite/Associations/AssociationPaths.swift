import AppSiteAssociation
import DeepLinkRouting

/// The association-file rules that cover a route pattern, one per expansion of its optional
/// groups.
///
/// A parameter becomes `?*` (one or more characters) and a catch-all `/?*`. The association
/// pattern language cannot say "no `/`", so a rule covers a little more than its route
/// (`/puzzle/?*` also matches `/puzzle/a/b`); the app's router has the final word on those.
/// Literals that a URL would carry percent-encoded are written decoded, with
/// `percentEncoded: false`, so that every spelling of the escape matches; for a matcher that
/// compares the URL as written and has no such switch (Android), pass `encodingLiterals: true`
/// to write them percent-encoded instead, as a URL carries them.
///
/// ```swift
/// AssociationPaths.rules(for: try RoutePattern("/puzzle/:date(/hint)"), caseSensitive: true)
/// // [{"/": "/puzzle/?*"}, {"/": "/puzzle/?*/hint"}]
/// ```
public enum AssociationPaths {
    /// The rules for `pattern`, one per distinct expansion of its optional groups.
    ///
    /// - Parameters:
    ///   - pattern: The route's pattern.
    ///   - caseSensitive: Whether the route compares literals with case; `false` writes
    ///     `"caseSensitive": false` into each rule.
    ///   - exclude: Whether the rules keep the app closed (`"exclude": true`).
    ///   - comment: Written into each rule.
    ///   - encodingLiterals: Write literals that a URL carries percent-encoded in that form
    ///     (`/caf%C3%A9`) rather than decoded with `"percentEncoded": false` (`/café`).
    public static func rules(for pattern: RoutePattern, caseSensitive: Bool, exclude: Bool = false,
                             comment: String? = nil, encodingLiterals: Bool = false) -> [ComponentRule] {
        var rules: [ComponentRule] = []
        for expansion in pattern.expansions {
            var path = ""
            var needsDecoding = false
            for segment in expansion {
                switch segment {
                case .literal(let text) where encodingLiterals:
                    path += "/" + percentEncoded(text)
                case .literal(let text):
                    if !text.unicodeScalars.allSatisfy(isWrittenAsIs) { needsDecoding = true }
                    path += "/" + text
                case .parameter:
                    path += "/?*"
                case .catchAll:
                    path += "/?*"
                }
            }
            if path.isEmpty { path = "/" }
            let rule = ComponentRule(
                path: path, exclude: exclude ? true : nil, caseSensitive: caseSensitive ? nil : false,
                percentEncoded: needsDecoding ? false : nil, comment: comment)
            if !rules.contains(rule) { rules.append(rule) }
        }
        return rules
    }

    /// `text` with every character a URL path does not carry unescaped percent-encoded, in
    /// upper-case hex (`café` is `caf%C3%A9`, `?` is `%3F`).
    private static func percentEncoded(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if isWrittenAsIs(scalar) {
                result.unicodeScalars.append(scalar)
            } else {
                for byte in String(scalar).utf8 {
                    result += (byte < 0x10 ? "%0" : "%") + String(byte, radix: 16, uppercase: true)
                }
            }
        }
        return result
    }

    /// Characters a URL path carries unescaped (RFC 3986 unreserved, sub-delims, `:` and `@`).
    private static func isWrittenAsIs(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.isASCII else { return false }
        if ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) { return true }
        return "-._~!$&'()+,;=:@*".unicodeScalars.contains(scalar)
    }
}
