import LandfallJSON
/// The `target` of a statement: an Android app, a web site, or a namespace this library does
/// not know (kept as written).
public enum AssetLinkTarget: Sendable, Equatable {
    /// `{"namespace": "android_app", "package_name": ..., "sha256_cert_fingerprints": [...]}`:
    /// an app, named by its package and the SHA-256 fingerprints of the certificates that may
    /// sign it (with Play App Signing, Play's app signing key; add the upload key only for
    /// builds you sign yourself).
    case androidApp(packageName: String, sha256CertFingerprints: [String])
    /// `{"namespace": "web", "site": "https://example.com"}`: a web origin.
    case web(site: String)
    /// A target whose `namespace` is neither `android_app` nor `web`: the whole target object,
    /// kept so that the file re-encodes unchanged. Android ignores such statements.
    case other(JSONValue)

    /// `android_app`.
    public static let androidAppNamespace = "android_app"
    /// `web`.
    public static let webNamespace = "web"

    /// The target's `namespace`, when it has a string one.
    public var namespace: String? {
        switch self {
        case .androidApp: Self.androidAppNamespace
        case .web: Self.webNamespace
        case .other(let value): value["namespace"]?.stringValue
        }
    }

    /// The package name, for an Android app target.
    public var packageName: String? {
        if case .androidApp(let packageName, _) = self { return packageName }
        return nil
    }

    /// The certificate fingerprints, for an Android app target (empty otherwise).
    public var sha256CertFingerprints: [String] {
        if case .androidApp(_, let fingerprints) = self { return fingerprints }
        return []
    }
}
