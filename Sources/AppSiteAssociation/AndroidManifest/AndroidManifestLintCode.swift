/// Every problem ``AndroidManifest`` reports about an `AndroidManifest.xml`'s activities and
/// intent filters, for links.
///
/// A diagnostic's ``Diagnostic/code`` is the raw value (`manifest.missing-browsable`). Codes
/// never change meaning; new ones may be added.
///
/// ```
/// error[manifest.missing-browsable] (line 14, column 13): the autoVerify filter at line 14 has no android.intent.category.BROWSABLE category, so a link tapped in a browser never opens it
///   fix: add <category android:name="android.intent.category.BROWSABLE" /> to the filter
/// ```
public enum AndroidManifestLintCode: String, Sendable, CaseIterable, Codable, LintCode {
    // MARK: The document

    /// No `<application>` element, so the manifest declares no activity.
    case noApplication = "manifest.no-application"

    // MARK: Activities

    /// An activity with intent filters and no `android:exported`: an app targeting Android 12
    /// (API 31) or later does not install.
    case missingExported = "manifest.missing-exported"
    /// `android:exported="false"` on an activity with link filters: a browser cannot start it.
    case notExported = "manifest.not-exported"

    // MARK: Link filters

    /// A link filter (autoVerify, or the VIEW action with a scheme) without `android.intent.action.VIEW`.
    case missingViewAction = "manifest.missing-view-action"
    /// A link filter without `android.intent.category.DEFAULT`.
    case missingDefaultCategory = "manifest.missing-default"
    /// A link filter without `android.intent.category.BROWSABLE`.
    case missingBrowsableCategory = "manifest.missing-browsable"
    /// An autoVerify filter with a scheme other than http or https.
    case verifyCustomScheme = "manifest.verify-custom-scheme"
    /// An autoVerify filter without an http or https scheme.
    case verifyNoWebScheme = "manifest.verify-no-web-scheme"
    /// An autoVerify filter without a host.
    case verifyNoHost = "manifest.verify-no-host"
    /// A `mimeType` in a link filter: a link has no type, so the filter never matches one.
    case mimeTypeInLinkFilter = "manifest.mime-type-in-link-filter"

    // MARK: <data> values

    /// Upper-case letters in a scheme: browsers lower-case the scheme and Android compares exactly.
    case uppercaseScheme = "manifest.uppercase-scheme"
    /// A scheme written with `://` or `:`.
    case schemeNotAScheme = "manifest.scheme-not-a-scheme"
    /// Upper-case letters in a host.
    case uppercaseHost = "manifest.uppercase-host"
    /// A host with a scheme, a path or a port in it.
    case hostNotAHost = "manifest.host-not-a-host"
    /// A wildcard host `*.example.com`: verified at `example.com`.
    case wildcardHost = "manifest.wildcard-host"
    /// An `android:port` that is not a number from 0 to 65535.
    case invalidPort = "manifest.invalid-port"
    /// An `android:port` on a `<data>` element without `android:host`: Android ignores it.
    case portWithoutHost = "manifest.port-without-host"
    /// A `path` or `pathPrefix` (or a `pathPattern` that can only match literally at its start)
    /// not starting with `/`: a link's path always does.
    case pathWithoutSlash = "manifest.path-without-slash"
    /// A path pattern Android rejects.
    case rejectedPattern = "manifest.rejected-pattern"
    /// An attribute older Android versions ignore (`pathAdvancedPattern` before API 26,
    /// `pathSuffix` before API 31, `<uri-relative-filter-group>` before API 35).
    case newerAttribute = "manifest.newer-attribute"
    /// A resource (`@string/host`) or placeholder (`${host}`) that cannot be resolved offline.
    case unresolvedValue = "manifest.unresolved-value"

    /// How serious a diagnostic with this code is.
    public var severity: Diagnostic.Severity {
        switch self {
        case .missingExported, .notExported, .missingViewAction, .missingDefaultCategory, .missingBrowsableCategory,
             .verifyNoWebScheme, .verifyNoHost, .mimeTypeInLinkFilter, .uppercaseScheme, .schemeNotAScheme,
             .hostNotAHost, .invalidPort, .pathWithoutSlash, .rejectedPattern:
            return .error
        case .noApplication, .verifyCustomScheme, .uppercaseHost, .portWithoutHost, .newerAttribute, .unresolvedValue:
            return .warning
        case .wildcardHost:
            return .info
        }
    }

    /// What the code means, in one line.
    public var summary: String {
        switch self {
        case .noApplication: "the manifest has no <application>, so it declares no activity"
        case .missingExported: "an activity with intent filters has no android:exported, so an app targeting Android 12 or later does not install"
        case .notExported: "an activity with link filters is android:exported=\"false\", so a browser cannot start it"
        case .missingViewAction: "a link filter has no android.intent.action.VIEW action, so a tapped link never matches it"
        case .missingDefaultCategory: "a link filter has no android.intent.category.DEFAULT category, so a tapped link never matches it"
        case .missingBrowsableCategory: "a link filter has no android.intent.category.BROWSABLE category, so a link tapped in a browser never matches it"
        case .verifyCustomScheme: "an autoVerify filter has a scheme other than http or https; Android 11 and earlier do not verify it"
        case .verifyNoWebScheme: "an autoVerify filter has no http or https scheme, so there is nothing to verify"
        case .verifyNoHost: "an autoVerify filter has no android:host, so there is nothing to verify"
        case .mimeTypeInLinkFilter: "a link filter has a mimeType; a link has no type, so the filter never matches one"
        case .uppercaseScheme: "a scheme has upper-case letters; browsers lower-case the scheme and Android compares exactly, so no link matches"
        case .schemeNotAScheme: "a scheme is written with :// or another character no scheme has"
        case .uppercaseHost: "a host has upper-case letters; Android's documentation calls host matching case-sensitive, write it in lower case"
        case .hostNotAHost: "a host carries a scheme, a path or a port; android:host names a host only"
        case .wildcardHost: "a wildcard host *.example.com matches the subdomains only and is verified at example.com"
        case .invalidPort: "an android:port is not a number from 0 to 65535"
        case .portWithoutHost: "an android:port on a <data> element without android:host is ignored"
        case .pathWithoutSlash: "a path rule does not start with /, but every link's path does, so it never matches"
        case .rejectedPattern: "Android rejects a path pattern, so the app fails to install or the filter is dropped"
        case .newerAttribute: "an attribute that older Android versions ignore"
        case .unresolvedValue: "a resource or placeholder value that cannot be resolved offline"
        }
    }
}
