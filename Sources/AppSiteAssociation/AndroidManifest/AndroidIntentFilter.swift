/// One `<intent-filter>` of an activity: its actions, categories and the `<data>` elements'
/// parts, merged as Android merges them (every scheme with every host with every path).
///
/// Values are read as Android receives them: after aapt's escape processing
/// (``AndroidPattern/unescapingManifestValue(_:)``). Values that are resources
/// (`@string/host`) or build placeholders (`${hostName}`) are not guessed: they are listed in
/// ``unresolved`` and left out of the other lists.
///
/// ```swift
/// let filter = manifest.activities[0].intentFilters[0]
/// filter.autoVerify              // true
/// filter.schemes                 // ["https"]
/// filter.authorities.map(\.host) // ["example.com"]
/// filter.paths.map(\.pattern)    // [path="/puzzle/today", pathPattern="/puzzle/..*"]
/// ```
public struct AndroidIntentFilter: Sendable, Hashable {
    /// A `<data android:host android:port>`: an `AuthorityEntry`.
    public struct Authority: Sendable, Hashable, CustomStringConvertible {
        /// `android:host` as Android receives it (`example.com`, `*.example.com`, `*`).
        public var host: String
        /// `android:port` on the same `<data>` element, when given.
        public var port: Int?
        /// The line of the `android:host` attribute.
        public var line: Int

        /// Creates an authority.
        public init(host: String, port: Int? = nil, line: Int) {
            self.host = host
            self.port = port
            self.line = line
        }

        /// `example.com` or `example.com:8080`.
        public var description: String { port.map { "\(host):\($0)" } ?? host }
    }

    /// The line of the `<intent-filter>` start tag.
    public var line: Int
    /// `android:autoVerify="true"`: Android verifies the filter's http(s) hosts (App Links).
    public var autoVerify: Bool
    /// The `<action android:name>` values.
    public var actions: [String]
    /// The `<category android:name>` values.
    public var categories: [String]
    /// The `android:scheme` values, in order, each once.
    public var schemes: [String]
    /// The `android:host` values (with the `android:port` of the same element), in order.
    public var authorities: [Authority]
    /// The path rules (`path`, `pathPrefix`, `pathPattern`, `pathAdvancedPattern`, `pathSuffix`), in order.
    public var paths: [AndroidPathEntry]
    /// The `android:ssp*` rules, which match the scheme-specific part (`opaque` URIs).
    public var schemeSpecificParts: [AndroidPathEntry]
    /// The `android:mimeType` values.
    public var mimeTypes: [String]
    /// Android 15's `<uri-relative-filter-group>` children, in order.
    public var relativeFilterGroups: [AndroidRelativeFilterGroup]
    /// Attribute values that are resources or placeholders, as `android:host="@string/host"`:
    /// not resolvable offline, so left out of the lists above.
    public var unresolved: [String]

    /// Creates a filter.
    public init(line: Int, autoVerify: Bool = false, actions: [String] = [], categories: [String] = [],
                schemes: [String] = [], authorities: [Authority] = [], paths: [AndroidPathEntry] = [],
                schemeSpecificParts: [AndroidPathEntry] = [], mimeTypes: [String] = [],
                relativeFilterGroups: [AndroidRelativeFilterGroup] = [], unresolved: [String] = []) {
        self.line = line
        self.autoVerify = autoVerify
        self.actions = actions
        self.categories = categories
        self.schemes = schemes
        self.authorities = authorities
        self.paths = paths
        self.schemeSpecificParts = schemeSpecificParts
        self.mimeTypes = mimeTypes
        self.relativeFilterGroups = relativeFilterGroups
        self.unresolved = unresolved
    }

    /// `android.intent.action.VIEW`, the action of a tapped link.
    public static let viewAction = "android.intent.action.VIEW"
    /// `android.intent.category.DEFAULT`, which `startActivity` adds to every implicit intent.
    public static let defaultCategory = "android.intent.category.DEFAULT"
    /// `android.intent.category.BROWSABLE`, which a browser adds to the intent of a tapped link.
    public static let browsableCategory = "android.intent.category.BROWSABLE"

    /// Whether the filter lists an `http` or `https` scheme.
    public var hasWebScheme: Bool { schemes.contains { $0 == "http" || $0 == "https" } }

    /// Whether the filter is meant for links: it has the VIEW action or `autoVerify`, and a scheme.
    public var isLinkFilter: Bool { (autoVerify || actions.contains(Self.viewAction)) && (!schemes.isEmpty || hasUnresolved("scheme")) }

    /// Whether an attribute of this local name (`host`, `scheme`) was left unresolved.
    public func hasUnresolved(_ attribute: String) -> Bool {
        unresolved.contains { $0.hasPrefix("android:\(attribute)=") }
    }
}
