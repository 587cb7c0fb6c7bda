/// How Android compares one path pattern of an intent filter with a URL's path: the five types
/// of `android.os.PatternMatcher`, each written with its own attribute of a `<data>` element.
///
/// | kind | attribute | matches when the path | since |
/// | --- | --- | --- | --- |
/// | ``literal`` | `android:path` | equals the pattern | API 1 |
/// | ``prefix`` | `android:pathPrefix` | starts with the pattern | API 1 |
/// | ``simpleGlob`` | `android:pathPattern` | matches the simple glob (`.` any character, `X*` zero or more `X`, `\` escapes) | API 1 |
/// | ``advancedGlob`` | `android:pathAdvancedPattern` | matches the advanced glob (sets `[a-z]`, `[^/]`, `+`, `{n,m}`) | API 26 |
/// | ``suffix`` | `android:pathSuffix` | ends with the pattern | API 31 |
public enum AndroidPatternKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// `PATTERN_LITERAL`: the whole path equals the pattern.
    case literal
    /// `PATTERN_PREFIX`: the path starts with the pattern.
    case prefix
    /// `PATTERN_SIMPLE_GLOB`: Android's simple glob.
    case simpleGlob = "simple-glob"
    /// `PATTERN_ADVANCED_GLOB`: Android's advanced glob.
    case advancedGlob = "advanced-glob"
    /// `PATTERN_SUFFIX`: the path ends with the pattern.
    case suffix

    /// The `<data>` attribute that declares a path pattern of this kind, without its namespace
    /// prefix (`pathPattern`).
    public var pathAttribute: String {
        switch self {
        case .literal: "path"
        case .prefix: "pathPrefix"
        case .simpleGlob: "pathPattern"
        case .advancedGlob: "pathAdvancedPattern"
        case .suffix: "pathSuffix"
        }
    }

    /// The kind a `<data>` path attribute declares (`pathPrefix` is ``prefix``), or `nil` for
    /// another attribute.
    public init?(pathAttribute: String) {
        guard let kind = Self.allCases.first(where: { $0.pathAttribute == pathAttribute }) else { return nil }
        self = kind
    }

    /// The first API level whose manifest parser reads the attribute: an older device ignores
    /// the attribute, so a `<data>` element with only it declares no path there.
    public var firstAPILevel: Int {
        switch self {
        case .literal, .prefix, .simpleGlob: 1
        case .advancedGlob: 26
        case .suffix: 31
        }
    }
}
