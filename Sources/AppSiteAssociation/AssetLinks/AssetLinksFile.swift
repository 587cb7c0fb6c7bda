/// An Android `assetlinks.json` file (Digital Asset Links): a list of statements, each saying
/// that the site grants a relation, such as "open my links", to a target app or site.
///
/// Serve it at ``wellKnownPath`` over HTTPS with no redirects. Decode one with
/// ``init(json:)-(Collection<UInt8>)``, ask it questions with ``AssetLinksMatcher``, check it
/// with ``AssetLinksLinter``, and write it back with ``encoded(style:)``.
///
/// ```swift
/// let file = try AssetLinksFile(json: """
///     [{"relation": ["delegate_permission/common.handle_all_urls"],
///       "target": {"namespace": "android_app", "package_name": "com.example.app",
///                  "sha256_cert_fingerprints": ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]}}]
///     """)
/// AssetLinksMatcher(file).decision(for: "https://example.com/any/page", packageName: "com.example.app").outcome // .match
/// ```
public struct AssetLinksFile: Sendable, Equatable {
    /// The statements, in document order (include entries are in ``includes``).
    public var statements: [AssetLinkStatement]
    /// The URLs of `{"include": "https://..."}` entries: further statement lists Android fetches
    /// and reads as if they were written here. This library never fetches them.
    public var includes: [String]

    /// Creates a file from its statements and include URLs.
    public init(statements: [AssetLinkStatement] = [], includes: [String] = []) {
        self.statements = statements
        self.includes = includes
    }

    /// Where Android looks for the file on a host: `/.well-known/assetlinks.json`.
    public static let wellKnownPath = "/.well-known/assetlinks.json"
}
