import LandfallJSON
/// One statement of an `assetlinks.json` file: the site grants `relation` to `target`.
///
/// For App Links the relation is ``handleAllURLs`` and the target an Android app. Android 15
/// and later also read ``dynamicAppLinkComponents``, written under `relation_extensions`, to
/// open only some URLs of the host.
///
/// ```json
/// {
///   "relation": ["delegate_permission/common.handle_all_urls"],
///   "target": {"namespace": "android_app", "package_name": "com.example.app",
///              "sha256_cert_fingerprints": ["14:6D:...:E5"]},
///   "relation_extensions": {
///     "delegate_permission/common.handle_all_urls": {
///       "dynamic_app_link_components": [{"/": "/products/*"}, {"/": "*", "exclude": true}]
///     }
///   }
/// }
/// ```
public struct AssetLinkStatement: Sendable, Equatable {
    /// `relation`: the relations granted, such as ``handleAllURLs``.
    public var relations: [String]
    /// `target`: the app or site the relations are granted to.
    public var target: AssetLinkTarget
    /// `relation_extensions["delegate_permission/common.handle_all_urls"].dynamic_app_link_components`:
    /// the ordered rules Android 15 and later use to decide which URLs open the app; `nil` when
    /// the statement has none (then every URL on the host opens it).
    public var dynamicAppLinkComponents: [DynamicAppLinkComponent]?
    /// The other members of `relation_extensions` (for relations other than ``handleAllURLs``),
    /// kept as written so the file re-encodes with them.
    public var otherRelationExtensions: [JSONMember]

    /// Creates a statement.
    public init(
        relations: [String],
        target: AssetLinkTarget,
        dynamicAppLinkComponents: [DynamicAppLinkComponent]? = nil,
        otherRelationExtensions: [JSONMember] = []
    ) {
        self.relations = relations
        self.target = target
        self.dynamicAppLinkComponents = dynamicAppLinkComponents
        self.otherRelationExtensions = otherRelationExtensions
    }

    /// Creates the usual App Links statement: `handle_all_urls` for one Android app.
    public static func appLinks(
        packageName: String,
        sha256CertFingerprints: [String],
        dynamicAppLinkComponents: [DynamicAppLinkComponent]? = nil
    ) -> AssetLinkStatement {
        AssetLinkStatement(
            relations: [handleAllURLs],
            target: .androidApp(packageName: packageName, sha256CertFingerprints: sha256CertFingerprints),
            dynamicAppLinkComponents: dynamicAppLinkComponents
        )
    }

    /// `delegate_permission/common.handle_all_urls`: the app may open the site's links (App Links).
    public static let handleAllURLs = "delegate_permission/common.handle_all_urls"
    /// `delegate_permission/common.get_login_creds`: the app and site share sign-in credentials.
    public static let getLoginCredentials = "delegate_permission/common.get_login_creds"
    /// `delegate_permission/common.use_as_origin`: the app may act as the site's origin
    /// (Chrome Custom Tabs postMessage and Trusted Web Activities).
    public static let useAsOrigin = "delegate_permission/common.use_as_origin"
    /// The relations Android and Chrome read.
    public static let knownRelations = [handleAllURLs, getLoginCredentials, useAsOrigin]

    /// The keys a statement may have.
    public static let knownKeys = ["relation", "target", "relation_extensions"]

    /// Whether the statement grants ``handleAllURLs``.
    public var handlesAllURLs: Bool { relations.contains(Self.handleAllURLs) }
}
