/// Every problem ``AssetLinksLinter`` reports about an `assetlinks.json` file: a stable code,
/// its severity and what it means.
///
/// A diagnostic's ``Diagnostic/code`` is the raw value (`assetlinks.unknown-key`). Codes never
/// change meaning; new ones may be added. Print the catalogue with:
///
/// ```swift
/// for code in AssetLinksLintCode.allCases {
///     print(code.rawValue, code.severity, code.summary)
/// }
/// ```
public enum AssetLinksLintCode: String, Sendable, CaseIterable, Codable, LintCode {
    // MARK: The file

    /// The bytes are not JSON.
    case invalidJSON = "assetlinks.invalid-json"
    /// The file starts with a UTF-8 byte-order mark.
    case byteOrderMark = "assetlinks.byte-order-mark"
    /// The file is larger than Android reads.
    case fileTooLarge = "assetlinks.file-too-large"
    /// The top level is not an array.
    case topLevelNotArray = "assetlinks.top-level-not-array"
    /// The array is empty.
    case noStatements = "assetlinks.no-statements"
    /// An element of the array is not an object.
    case statementNotObject = "assetlinks.statement-not-object"
    /// A value has the wrong JSON type.
    case wrongType = "assetlinks.wrong-type"
    /// A key Android does not read (often a misspelling).
    case unknownKey = "assetlinks.unknown-key"
    /// A key written twice in one object.
    case duplicateKey = "assetlinks.duplicate-key"
    /// The same statement twice.
    case duplicateStatement = "assetlinks.duplicate-statement"
    /// An include entry whose URL is not an https URL.
    case invalidInclude = "assetlinks.invalid-include"
    /// No statement grants App Links to an app.
    case noAppLinks = "assetlinks.no-app-links"

    // MARK: Relations

    /// A statement without `relation`.
    case missingRelation = "assetlinks.missing-relation"
    /// A statement whose `relation` is empty.
    case emptyRelation = "assetlinks.empty-relation"
    /// A relation that is a misspelling of a known one.
    case misspelledRelation = "assetlinks.misspelled-relation"
    /// A relation that Android and Chrome do not read.
    case unknownRelation = "assetlinks.unknown-relation"
    /// A `relation_extensions` entry for a relation the statement does not grant.
    case extensionForUnlistedRelation = "assetlinks.extension-for-unlisted-relation"

    // MARK: Targets

    /// A statement without `target`.
    case missingTarget = "assetlinks.missing-target"
    /// A target without `namespace`.
    case missingNamespace = "assetlinks.missing-namespace"
    /// A namespace other than `android_app` and `web`.
    case unknownNamespace = "assetlinks.unknown-namespace"
    /// An app target without `package_name`.
    case missingPackageName = "assetlinks.missing-package-name"
    /// A package name that is not a Java-style package name.
    case invalidPackageName = "assetlinks.invalid-package-name"
    /// An app target without fingerprints (absent or empty).
    case missingFingerprints = "assetlinks.missing-fingerprints"
    /// A fingerprint written in lower-case hex.
    case fingerprintLowercase = "assetlinks.fingerprint-lowercase"
    /// A fingerprint without colons between the bytes.
    case fingerprintWithoutColons = "assetlinks.fingerprint-without-colons"
    /// A fingerprint that is not 32 bytes long.
    case fingerprintWrongLength = "assetlinks.fingerprint-wrong-length"
    /// A fingerprint that is not hex pairs separated by colons.
    case malformedFingerprint = "assetlinks.malformed-fingerprint"
    /// The same fingerprint twice in one target.
    case duplicateFingerprint = "assetlinks.duplicate-fingerprint"
    /// A web target without `site`.
    case missingSite = "assetlinks.missing-site"
    /// A web target whose site is not an https origin.
    case invalidSite = "assetlinks.invalid-site"

    // MARK: Dynamic App Link components (Android 15+)

    /// A `?` written as a string rather than a dictionary.
    case queryNotDictionary = "assetlinks.query-not-dictionary"
    /// A pattern that is not a string.
    case nonStringPattern = "assetlinks.non-string-pattern"
    /// A rule with no `/`, `?` or `#`.
    case componentWithoutPattern = "assetlinks.component-without-pattern"
    /// A path pattern without its leading `/`.
    case pathWithoutLeadingSlash = "assetlinks.path-without-leading-slash"
    /// A `#` inside a path pattern.
    case fragmentInPath = "assetlinks.fragment-in-path"
    /// A query (`?name=`) inside a path pattern.
    case queryInPath = "assetlinks.query-in-path"
    /// A `#` pattern that starts with `#`.
    case fragmentStartsWithHash = "assetlinks.fragment-starts-with-hash"
    /// A rule after one that matches every URL.
    case unreachableAfterCatchAll = "assetlinks.unreachable-after-catch-all"
    /// A rule identical to an earlier one.
    case duplicateRule = "assetlinks.duplicate-rule"
    /// Dynamic components, which Android 14 and earlier ignore.
    case componentsNeedAndroid15 = "assetlinks.components-need-android-15"

    /// How serious a diagnostic with this code is.
    public var severity: Diagnostic.Severity {
        switch self {
        case .invalidJSON, .byteOrderMark, .fileTooLarge, .topLevelNotArray, .statementNotObject,
             .wrongType, .invalidInclude, .missingRelation, .emptyRelation, .misspelledRelation,
             .missingTarget, .missingNamespace, .unknownNamespace, .missingPackageName,
             .invalidPackageName, .missingFingerprints, .fingerprintWithoutColons,
             .fingerprintWrongLength, .malformedFingerprint, .missingSite, .invalidSite,
             .queryNotDictionary, .nonStringPattern:
            return .error
        case .noStatements, .unknownKey, .duplicateKey, .duplicateStatement, .unknownRelation,
             .extensionForUnlistedRelation, .fingerprintLowercase, .duplicateFingerprint,
             .componentWithoutPattern, .pathWithoutLeadingSlash, .fragmentInPath, .queryInPath,
             .fragmentStartsWithHash, .unreachableAfterCatchAll, .duplicateRule:
            return .warning
        case .noAppLinks, .componentsNeedAndroid15:
            return .info
        }
    }

    /// One line saying what the code means, for `--list-codes` style output and the docs.
    public var summary: String {
        switch self {
        case .invalidJSON: "the file is not valid JSON, so Android reads nothing from it"
        case .byteOrderMark: "the file starts with a UTF-8 byte-order mark, which Android's JSON reader does not skip"
        case .fileTooLarge: "the file is larger than Android reads (1 MiB by default)"
        case .topLevelNotArray: "the top level must be an array of statements"
        case .noStatements: "the array is empty, so the site grants nothing"
        case .statementNotObject: "an element of the top-level array is not a statement object"
        case .wrongType: "a value has the wrong JSON type (a string where an array is expected, say)"
        case .unknownKey: "Android ignores this key silently; usually a misspelling of a key it knows"
        case .duplicateKey: "a key appears twice in one object; JSON readers disagree on which one counts"
        case .duplicateStatement: "a statement is identical to an earlier one"
        case .invalidInclude: "an include entry is not an https URL, so Android cannot fetch the statements it names"
        case .noAppLinks: "no statement grants delegate_permission/common.handle_all_urls to an Android app, so no link opens an app"
        case .missingRelation: "a statement has no relation, so Android ignores it"
        case .emptyRelation: "a statement's relation list is empty, so it grants nothing"
        case .misspelledRelation: "a relation is a misspelling of one Android reads, so the statement does not grant it"
        case .unknownRelation: "a relation that neither Android nor Chrome reads"
        case .extensionForUnlistedRelation: "relation_extensions names a relation the statement does not grant, so Android ignores it"
        case .missingTarget: "a statement has no target, so Android ignores it"
        case .missingNamespace: "a target has no namespace (android_app or web)"
        case .unknownNamespace: "a target's namespace is neither android_app nor web"
        case .missingPackageName: "an android_app target has no package_name"
        case .invalidPackageName: "a package name is not dot-separated segments of letters, digits and _ each starting with a letter"
        case .missingFingerprints: "an android_app target lists no sha256_cert_fingerprints, so no build of the app is verified"
        case .fingerprintLowercase: "a fingerprint uses lower-case hex; write it in upper case as keytool and Play Console print it"
        case .fingerprintWithoutColons: "a fingerprint has no colons; write the 32 bytes as upper-case hex pairs separated by colons"
        case .fingerprintWrongLength: "a fingerprint is not 32 bytes long (a SHA-1 fingerprint has 20); use the SHA-256 fingerprint"
        case .malformedFingerprint: "a fingerprint is not upper-case hex pairs separated by colons"
        case .duplicateFingerprint: "the same fingerprint is listed twice for one app"
        case .missingSite: "a web target has no site"
        case .invalidSite: "a web target's site is not an https origin (https://host with no path, query or fragment)"
        case .queryNotDictionary: "a \"?\" rule is a string, but Android reads \"?\" only as a dictionary of query item patterns"
        case .nonStringPattern: "a \"/\", \"#\" or query item pattern is not a string"
        case .componentWithoutPattern: "a rule has no \"/\", \"?\" or \"#\" key, so it matches every URL"
        case .pathWithoutLeadingSlash: "a path pattern has no leading /, but URL paths start with one, so it never matches"
        case .fragmentInPath: "a path pattern contains #, but a URL path never does; use the \"#\" key"
        case .queryInPath: "a path pattern contains a query (?name=), but a URL path never does; use the \"?\" key"
        case .fragmentStartsWithHash: "a \"#\" pattern starts with #, but the fragment is compared without it"
        case .unreachableAfterCatchAll: "a rule comes after a rule that matches every URL, so it is never reached"
        case .duplicateRule: "a rule has the same patterns as an earlier one, so it is never reached"
        case .componentsNeedAndroid15: "dynamic_app_link_components are read by Android 15 and later; earlier versions open every URL of the host"
        }
    }
}

extension Diagnostic {
    /// The code as an ``AssetLinksLintCode``, when it is one.
    public var assetLinksCode: AssetLinksLintCode? { AssetLinksLintCode(rawValue: code) }
}
