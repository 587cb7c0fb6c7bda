/// The two files a phone fetches to trust a domain, and how each must be served.
public enum WellKnownFile: String, Sendable, Hashable, Codable, CaseIterable {
    /// `/.well-known/apple-app-site-association`, fetched by Apple's CDN for iOS.
    case appleAssociation = "apple-app-site-association"
    /// `/.well-known/assetlinks.json`, fetched by Android's verifier.
    case assetLinks = "assetlinks.json"

    /// The path on the host: `/.well-known/<name>`.
    public var path: String { "/.well-known/" + rawValue }

    /// The file's name.
    public var name: String { rawValue }

    /// The largest file the platform reads: Apple's 128 KB; Android's verifier reads up to
    /// 1 MiB (`AssetLinksLinter.defaultMaximumSize`).
    public var maximumSize: Int {
        switch self {
        case .appleAssociation: 128 * 1024
        case .assetLinks: 1_048_576
        }
    }

    /// Who reads the file, for messages ("Apple's CDN", "Android's verifier").
    public var reader: String {
        switch self {
        case .appleAssociation: "Apple's CDN"
        case .assetLinks: "Android's verifier"
        }
    }
}
