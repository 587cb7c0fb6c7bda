/// Every problem ``AssociationLinter`` reports about an `apple-app-site-association` file: a
/// stable code, its severity and what it means.
///
/// A diagnostic's ``Diagnostic/code`` is the raw value (`aasa.unknown-key`). Codes never change
/// meaning; new ones may be added. Print the catalogue with:
///
/// ```swift
/// for code in AASALintCode.allCases {
///     print(code.rawValue, code.severity, code.summary)
/// }
/// ```
public enum AASALintCode: String, Sendable, CaseIterable, Codable, LintCode {
    // MARK: The file

    /// The bytes are not JSON.
    case invalidJSON = "aasa.invalid-json"
    /// The file starts with a UTF-8 byte-order mark.
    case byteOrderMark = "aasa.byte-order-mark"
    /// The file is larger than Apple reads.
    case fileTooLarge = "aasa.file-too-large"
    /// A value has the wrong JSON type.
    case wrongType = "aasa.wrong-type"
    /// A key iOS does not read (often a misspelling).
    case unknownKey = "aasa.unknown-key"
    /// A key written twice in one object.
    case duplicateKey = "aasa.duplicate-key"
    /// No service at all.
    case noServices = "aasa.no-services"
    /// No `applinks` service.
    case noAppLinks = "aasa.no-applinks"
    /// `webcredentials`, `appclips` or `activitycontinuation` lists no app.
    case serviceWithoutApps = "aasa.service-without-apps"

    // MARK: App IDs and details

    /// An app ID that is not `<Team ID>.<bundle ID>`.
    case malformedAppID = "aasa.malformed-app-id"
    /// The same app ID twice in one list.
    case duplicateAppID = "aasa.duplicate-app-id"
    /// `applinks.details` is empty.
    case emptyDetails = "aasa.empty-details"
    /// A detail that lists no app.
    case detailWithoutApps = "aasa.detail-without-apps"
    /// A detail with no rules.
    case detailWithoutRules = "aasa.detail-without-rules"
    /// A detail with both `components` and `paths`.
    case pathsAndComponents = "aasa.paths-and-components"
    /// `appID` next to an `appIDs` that does not contain it.
    case appIDIgnored = "aasa.app-id-ignored"

    // MARK: Legacy forms

    /// A detail uses the legacy `paths`.
    case legacyPaths = "aasa.legacy-paths"
    /// A detail uses the legacy `appID`.
    case legacyAppID = "aasa.legacy-app-id"
    /// `details` is keyed by app ID (the oldest form).
    case legacyDetailsDictionary = "aasa.legacy-details-dictionary"
    /// The legacy `applinks.apps` key (empty).
    case legacyApps = "aasa.legacy-apps"
    /// The legacy `applinks.apps` is not empty.
    case legacyAppsNotEmpty = "aasa.legacy-apps-not-empty"
    /// A legacy path that means to exclude but does not start with `NOT ` exactly.
    case malformedNotPrefix = "aasa.malformed-not-prefix"
    /// A component `/` pattern starting with the legacy `NOT `.
    case notPrefixInComponent = "aasa.not-prefix-in-component"

    // MARK: Patterns

    /// A `#` inside a path pattern.
    case fragmentInPath = "aasa.fragment-in-path"
    /// A query (`?name=`) inside a path pattern.
    case queryInPath = "aasa.query-in-path"
    /// A `#` pattern that starts with `#`.
    case fragmentStartsWithHash = "aasa.fragment-starts-with-hash"
    /// A `?` pattern (or query item name) that starts with `?` and a name.
    case queryStartsWithQuestionMark = "aasa.query-starts-with-question-mark"
    /// A path pattern without its leading `/`.
    case pathWithoutLeadingSlash = "aasa.path-without-leading-slash"
    /// A component with no pattern key at all.
    case componentWithoutPattern = "aasa.component-without-pattern"
    /// A query dictionary with a value that is not a string.
    case ignoredQueryDictionary = "aasa.ignored-query-dictionary"
    /// Defaults that carry pattern keys or `exclude`.
    case patternInDefaults = "aasa.pattern-in-defaults"
    /// Lower-case percent-escape hex in a pattern compared as written.
    case lowercasePercentHex = "aasa.lowercase-percent-hex"
    /// A percent-escape in a pattern compared with a decoded URL.
    case percentEscapeWithDecoding = "aasa.percent-escape-with-decoding"
    /// A space or non-ASCII character in a pattern compared with an encoded URL.
    case unencodedCharacter = "aasa.unencoded-character"

    // MARK: Substitution variables

    /// `$(name)` that is neither defined nor built in.
    case undefinedVariable = "aasa.undefined-variable"
    /// A `$(` that is not a well-formed reference.
    case malformedVariableReference = "aasa.malformed-variable-reference"
    /// A variable name that cannot be referred to.
    case invalidVariableName = "aasa.invalid-variable-name"
    /// A variable value that refers to another variable.
    case variableInVariableValue = "aasa.variable-in-variable-value"
    /// A variable with no values.
    case emptyVariable = "aasa.empty-variable"
    /// A variable that replaces a built-in one.
    case variableShadowsBuiltin = "aasa.variable-shadows-builtin"
    /// A variable no pattern uses.
    case unusedVariable = "aasa.unused-variable"

    // MARK: Rules that can never be reached

    /// A rule after one that matches every URL.
    case unreachableAfterCatchAll = "aasa.unreachable-after-catch-all"
    /// A rule identical to an earlier one.
    case duplicateRule = "aasa.duplicate-rule"
    /// An exclusion after a broader rule that already opens the app.
    case shadowedExclusion = "aasa.shadowed-exclusion"
    /// A rule covered by an earlier rule.
    case shadowedRule = "aasa.shadowed-rule"
    /// The unreachable-rule check stopped early on a very large file.
    case reachabilityCheckLimited = "aasa.reachability-check-limited"

    /// How serious a diagnostic with this code is.
    public var severity: Diagnostic.Severity {
        switch self {
        case .invalidJSON, .byteOrderMark, .fileTooLarge, .wrongType, .malformedAppID,
             .ignoredQueryDictionary, .undefinedVariable, .malformedVariableReference,
             .invalidVariableName, .variableInVariableValue:
            return .error
        case .unknownKey, .duplicateKey, .noServices, .serviceWithoutApps, .emptyDetails,
             .detailWithoutApps, .detailWithoutRules, .pathsAndComponents, .appIDIgnored,
             .legacyAppsNotEmpty, .malformedNotPrefix, .notPrefixInComponent, .fragmentInPath,
             .queryInPath, .fragmentStartsWithHash, .queryStartsWithQuestionMark,
             .componentWithoutPattern, .percentEscapeWithDecoding, .unencodedCharacter,
             .emptyVariable, .variableShadowsBuiltin, .unreachableAfterCatchAll, .duplicateRule,
             .shadowedExclusion, .shadowedRule:
            return .warning
        case .noAppLinks, .duplicateAppID, .legacyPaths, .legacyAppID, .legacyDetailsDictionary,
             .legacyApps, .pathWithoutLeadingSlash, .patternInDefaults, .lowercasePercentHex,
             .unusedVariable, .reachabilityCheckLimited:
            return .info
        }
    }

    /// One line saying what the code means, for `--list-codes` style output and the docs.
    public var summary: String {
        switch self {
        case .invalidJSON: "the file is not valid JSON, so iOS reads nothing from it"
        case .byteOrderMark: "the file starts with a UTF-8 byte-order mark, which Apple's strict JSON reader may refuse"
        case .fileTooLarge: "the file is larger than Apple reads (128 KB by default)"
        case .wrongType: "a value has the wrong JSON type (a string where an array is expected, say)"
        case .unknownKey: "iOS ignores this key silently; usually a misspelling of a key it knows"
        case .duplicateKey: "a key appears twice in one object; iOS uses the last one"
        case .noServices: "the file names none of applinks, webcredentials, appclips, activitycontinuation"
        case .noAppLinks: "the file has no applinks service, so no URL opens an app"
        case .serviceWithoutApps: "webcredentials, appclips or activitycontinuation lists no app, so it does nothing"
        case .malformedAppID: "an app ID is not <Team ID>.<bundle ID> with a 10-character A-Z/0-9 Team ID"
        case .duplicateAppID: "the same app ID is listed twice in one list"
        case .emptyDetails: "applinks.details is empty, so no URL opens an app"
        case .detailWithoutApps: "a detail lists no app ID, so its rules apply to no app"
        case .detailWithoutRules: "a detail has no components or paths, so it opens its apps for no URL"
        case .pathsAndComponents: "a detail has both components and paths; iOS 13 and later ignore paths"
        case .appIDIgnored: "appID is ignored because appIDs is present and does not contain it"
        case .legacyPaths: "the detail uses legacy paths; components are the modern form (iOS 13+)"
        case .legacyAppID: "the detail uses the legacy appID; appIDs is the modern form (iOS 13+)"
        case .legacyDetailsDictionary: "details is keyed by app ID, the oldest form; an array of details is the modern form"
        case .legacyApps: "applinks.apps is a legacy key needed only before iOS 13"
        case .legacyAppsNotEmpty: "applinks.apps must be empty; apps are listed in details"
        case .malformedNotPrefix: "a legacy path seems to exclude but does not start with exactly \"NOT \" (upper case, one space)"
        case .notPrefixInComponent: "a component path starts with \"NOT \", which only legacy paths understand; use \"exclude\": true"
        case .fragmentInPath: "a path pattern contains #, but a URL path never does; use the \"#\" key"
        case .queryInPath: "a path pattern contains a query (?name=), but a URL path never does; use the \"?\" key"
        case .fragmentStartsWithHash: "a \"#\" pattern starts with #, but the fragment is compared without it"
        case .queryStartsWithQuestionMark: "a \"?\" pattern (or item name) starts with ? and a name, but the query is compared without the ?"
        case .pathWithoutLeadingSlash: "a path pattern has no leading /; iOS adds it (observed), but write it"
        case .componentWithoutPattern: "a component has no \"/\", \"?\" or \"#\" key, so it matches every URL"
        case .ignoredQueryDictionary: "a query dictionary has a value that is not a string, so iOS ignores the whole dictionary"
        case .patternInDefaults: "defaults carry a pattern key or exclude; iOS applies them (observed), but it is undocumented"
        case .lowercasePercentHex: "a percent-escape uses lower-case hex in a pattern compared as written; hex case matters"
        case .percentEscapeWithDecoding: "a pattern has a percent-escape but percentEncoded is false, so the URL is decoded and the escape never matches"
        case .unencodedCharacter: "a pattern has a space, control or non-ASCII character but URLs are compared percent-encoded, so it never matches"
        case .undefinedVariable: "$(name) is neither a substitution variable of the file nor a built-in, so the pattern matches nothing"
        case .malformedVariableReference: "a $( is not a well-formed $(name) reference and is matched as literal text"
        case .invalidVariableName: "a substitution variable name is empty or contains $, ( or ), so it cannot be used"
        case .variableInVariableValue: "a substitution variable value contains $(, but values cannot refer to variables"
        case .emptyVariable: "a substitution variable has no values, so a pattern using it matches nothing"
        case .variableShadowsBuiltin: "a substitution variable has the name of a built-in one and replaces it"
        case .unusedVariable: "a substitution variable is defined but no pattern uses it"
        case .unreachableAfterCatchAll: "a rule comes after a rule that matches every URL, so it is never reached"
        case .duplicateRule: "a rule is identical to an earlier one, so it is never reached"
        case .shadowedExclusion: "an exclusion comes after a broader rule that already opens the app for every URL it names"
        case .shadowedRule: "a rule is covered by an earlier rule, so it is never reached"
        case .reachabilityCheckLimited: "the file has so many rules that the unreachable-rule check stopped early"
        }
    }
}

extension Diagnostic {
    /// The code as an ``AASALintCode``, when it is one.
    public var aasaCode: AASALintCode? { AASALintCode(rawValue: code) }
}
