import Foundation

/// Text made safe to write into XML.
public enum XMLEscaping {
    /// `text` for an attribute value in double quotes: `&`, `<`, `>` and `"` escaped, and tabs
    /// and line breaks as character references (a parser would otherwise read them as spaces).
    ///
    /// ```swift
    /// XMLEscaping.attributeValue(#"a "b" & c"#) // "a &quot;b&quot; &amp; c"
    /// ```
    public static func attributeValue(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result.append(contentsOf: "&amp;".unicodeScalars)
            case "<": result.append(contentsOf: "&lt;".unicodeScalars)
            case ">": result.append(contentsOf: "&gt;".unicodeScalars)
            case "\"": result.append(contentsOf: "&quot;".unicodeScalars)
            case "\t": result.append(contentsOf: "&#9;".unicodeScalars)
            case "\n": result.append(contentsOf: "&#10;".unicodeScalars)
            case "\r": result.append(contentsOf: "&#13;".unicodeScalars)
            default: result.append(scalar)
            }
        }
        return String(result)
    }

    /// `text` for character data: `&`, `<` and `>` escaped.
    public static func text(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result.append(contentsOf: "&amp;".unicodeScalars)
            case "<": result.append(contentsOf: "&lt;".unicodeScalars)
            case ">": result.append(contentsOf: "&gt;".unicodeScalars)
            default: result.append(scalar)
            }
        }
        return String(result)
    }

    /// `text` for the inside of a comment: a `--`, which a comment may not contain, becomes `- -`.
    public static func comment(_ text: String) -> String {
        var result = text
        while result.contains("--") { result = result.replacingOccurrences(of: "--", with: "- -") }
        return result.hasSuffix("-") ? result + " " : result
    }
}
