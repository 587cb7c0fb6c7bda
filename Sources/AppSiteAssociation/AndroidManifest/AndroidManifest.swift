import LandfallXML

/// An `AndroidManifest.xml` read for the links its activities open: the package, every
/// `<activity>` and `<activity-alias>` with its intent filters, and every problem found.
///
/// Attributes are read by namespace (`http://schemas.android.com/apk/res/android`, whatever
/// prefix the file binds to it) in any order; `tools:` attributes and comments are ignored.
/// Values go through aapt's escape processing (``AndroidPattern/unescapingManifestValue(_:)``)
/// before they become schemes, hosts and patterns. Resources (`@string/host`) and build
/// placeholders (`${hostName}`) are not resolvable offline: they are reported, never guessed.
///
/// Reading throws only when the bytes are not well-formed XML or the root is not `<manifest>`;
/// every other problem becomes a ``Diagnostic`` with a code from ``AndroidManifestLintCode``.
///
/// ```swift
/// let manifest = try AndroidManifest(bytes: Array(xml.utf8))
/// manifest.package                                   // "com.example.app", or nil in a modern manifest
/// manifest.activities.map(\.name)                    // [".MainActivity", ".ShareAlias"]
/// manifest.verifiedHosts                             // ["example.com"]
/// manifest.diagnostics.map(\.code)                   // ["manifest.missing-browsable"]
/// ```
public struct AndroidManifest: Sendable, Hashable {
    /// The Android namespace, which every attribute read here is in.
    public static let androidNamespace = "http://schemas.android.com/apk/res/android"

    /// The root's `package` attribute, when the manifest has one (Gradle builds set the
    /// application ID instead, so modern manifests often have none).
    public var package: String?
    /// Every `<activity>` and `<activity-alias>` under `<application>`, in document order.
    public var activities: [AndroidActivity]
    /// Every problem, in document order.
    public var diagnostics: [Diagnostic]

    /// Creates a manifest from its parts.
    public init(package: String?, activities: [AndroidActivity], diagnostics: [Diagnostic] = []) {
        self.package = package
        self.activities = activities
        self.diagnostics = diagnostics
    }

    /// Reads the manifest's UTF-8 bytes.
    ///
    /// - Throws: ``AndroidManifestError`` when the bytes are not well-formed XML (with the line
    ///   and column) or the root element is not `<manifest>`.
    public init(bytes: [UInt8]) throws(AndroidManifestError) {
        let tree: XMLTree
        do {
            tree = try XMLTree(bytes: bytes)
        } catch {
            throw AndroidManifestError(message: error.message, line: error.line, column: error.column)
        }
        guard tree.root.localName == "manifest", tree.root.namespaceURI == nil else {
            throw AndroidManifestError(
                message: "the root element is <\(tree.root.name)>, not <manifest>; is this an AndroidManifest.xml?",
                line: tree.root.line, column: tree.root.column)
        }
        var reader = Reader()
        self = reader.manifest(tree.root)
    }

    /// Reads the manifest's text. See ``init(bytes:)``.
    public init(text: String) throws(AndroidManifestError) {
        try self.init(bytes: Array(text.utf8))
    }

    /// The hosts of the autoVerify filters with an http or https scheme, each once, in order,
    /// lower-cased; a wildcard `*.example.com` gives `example.com`, where Android verifies it.
    public var verifiedHosts: [String] {
        var seen = Set<String>()
        var hosts: [String] = []
        for activity in activities where activity.isEnabled {
            for filter in activity.intentFilters where filter.autoVerify && filter.hasWebScheme {
                for authority in filter.authorities {
                    let host = Self.verificationHost(of: authority.host)
                    if !host.isEmpty, seen.insert(host).inserted { hosts.append(host) }
                }
            }
        }
        return hosts
    }

    /// Every host named by a link filter of an enabled activity, as written (`*.example.com` kept).
    public var linkHosts: [String] {
        var seen = Set<String>()
        return activities.filter(\.isEnabled).flatMap(\.intentFilters).filter(\.isLinkFilter)
            .flatMap(\.authorities).map { $0.host.lowercased() }.filter { seen.insert($0).inserted }
    }

    /// Where Android fetches `assetlinks.json` to verify a filter host: the host itself, or for
    /// `*.example.com` the host after `*.`, lower-cased.
    public static func verificationHost(of host: String) -> String {
        (host.hasPrefix("*.") ? String(host.dropFirst(2)) : host).lowercased()
    }

    /// Whether the manifest passes: no errors, and with `strict`, no warnings either.
    public func passes(strict: Bool) -> Bool {
        LintReport(diagnostics: diagnostics).passes(strict: strict)
    }

    /// The codes found, in order, with repeats (handy in tests).
    public var codes: [String] { diagnostics.map(\.code) }
}
