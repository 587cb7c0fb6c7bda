/// Android 15's `<uri-relative-filter-group android:allow="true|false">`: rules on the path,
/// query and fragment that must all match; the first group of a filter whose rules all match
/// decides whether the link opens the app (`allow`) or not.
///
/// Before Android 15 (API 35) the element is ignored.
///
/// ```xml
/// <uri-relative-filter-group android:allow="false">
///     <data android:path="/puzzle/today" />
///     <data android:query="preview=1" />
/// </uri-relative-filter-group>
/// ```
public struct AndroidRelativeFilterGroup: Sendable, Hashable {
    /// Which part of the URL a rule compares.
    public enum Part: String, Sendable, Hashable, CaseIterable {
        /// The percent-decoded path (`Uri.getPath()`).
        case path
        /// The percent-decoded query, each `&`-separated parameter tried on its own.
        case query
        /// The percent-decoded fragment.
        case fragment
    }

    /// One `<data>` attribute of a group, such as `android:queryPrefix="ref="`.
    public struct Rule: Sendable, Hashable, CustomStringConvertible {
        /// The URL part compared.
        public var part: Part
        /// The pattern, after aapt's escape processing.
        public var pattern: AndroidPattern
        /// The line of the attribute.
        public var line: Int
        /// The attribute value as written.
        public var written: String

        /// Creates a rule.
        public init(part: Part, pattern: AndroidPattern, line: Int, written: String) {
            self.part = part
            self.pattern = pattern
            self.line = line
            self.written = written
        }

        /// The attribute as written: `queryPrefix="ref="`.
        public var description: String { "\(Self.attribute(part, pattern.kind))=\"\(written)\"" }

        /// The attribute that declares a rule of this part and kind (`fragmentSuffix`).
        public static func attribute(_ part: Part, _ kind: AndroidPatternKind) -> String {
            let suffix = switch kind {
            case .literal: ""
            case .prefix: "Prefix"
            case .simpleGlob: "Pattern"
            case .advancedGlob: "AdvancedPattern"
            case .suffix: "Suffix"
            }
            return part.rawValue + suffix
        }

        /// The part and kind an attribute's local name declares, or `nil` for another attribute.
        public static func declared(by attribute: String) -> (Part, AndroidPatternKind)? {
            for part in Part.allCases {
                for kind in AndroidPatternKind.allCases where Self.attribute(part, kind) == attribute {
                    return (part, kind)
                }
            }
            return nil
        }
    }

    /// `android:allow`: `true` (the default) opens the app when the group matches, `false` keeps it closed.
    public var allow: Bool
    /// The line of the element.
    public var line: Int
    /// The rules, in document order.
    public var rules: [Rule]

    /// Creates a group.
    public init(allow: Bool, line: Int, rules: [Rule]) {
        self.allow = allow
        self.line = line
        self.rules = rules
    }
}
