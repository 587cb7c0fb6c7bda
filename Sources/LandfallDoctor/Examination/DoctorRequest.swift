import AppSiteAssociation
import Foundation

/// Everything one `landfall doctor` run is asked to check, read from its arguments.
public struct DoctorRequest: Sendable {
    /// Which platforms' files to check.
    public enum Platform: String, Sendable, Hashable, Codable, CaseIterable {
        /// Apple's file always; Android's when the host serves one or an Android option is
        /// given (a host without `assetlinks.json` is then a skip, not a failure).
        case auto
        /// Only `apple-app-site-association`.
        case ios
        /// Only `assetlinks.json`.
        case android
        /// Both, each required.
        case both
    }

    /// A sitemap to summarise: fetched from a URL, or read from a local file.
    public enum Sitemap: Sendable, Hashable {
        /// An http(s) URL of a sitemap, sitemap index or text list.
        case remote(String)
        /// A local file's name (for messages) and bytes.
        case local(name: String, bytes: [UInt8])
    }

    /// The hosts named on the command line.
    public var targets: [DoctorTarget]
    /// `--entitlements`: the file's name (for messages) and what it holds.
    public var entitlements: (name: String, file: EntitlementsFile)?
    /// `--manifest`: the file's name (for messages) and what it holds; its autoVerify hosts are checked.
    public var manifest: (name: String, manifest: AndroidManifest)?
    /// `--app-id`: apps that must be listed (empty: report the apps found).
    public var appIDs: [String]
    /// `--url`: URLs that must open the app (the target's page URL is added to these).
    public var urls: [String]
    /// `--platform`.
    public var platform: Platform
    /// `--android-package`.
    public var androidPackage: String?
    /// `--sha256`: certificate fingerprints the package must list.
    public var androidFingerprints: [String]
    /// `--cdn`: also check Apple's CDN copy.
    public var checkCDN: Bool
    /// `--cdn-base-url`: where Apple's CDN is (the tests point it at a stand-in).
    public var cdnBaseURL: String
    /// `--sitemap`.
    public var sitemaps: [Sitemap]
    /// The time certificates are judged at.
    public var now: Date

    /// Apple's CDN for association files.
    public static let appleCDNBaseURL = "https://app-site-association.cdn-apple.com"

    /// Creates a request; everything but the targets has a default.
    public init(targets: [DoctorTarget], entitlements: (name: String, file: EntitlementsFile)? = nil,
                appIDs: [String] = [], urls: [String] = [], platform: Platform = .auto,
                androidPackage: String? = nil, androidFingerprints: [String] = [],
                checkCDN: Bool = false, cdnBaseURL: String = DoctorRequest.appleCDNBaseURL,
                sitemaps: [Sitemap] = [], now: Date = Date()) {
        self.targets = targets
        self.entitlements = entitlements
        self.appIDs = appIDs
        self.urls = urls
        self.platform = platform
        self.androidPackage = androidPackage
        self.androidFingerprints = androidFingerprints
        self.checkCDN = checkCDN
        self.cdnBaseURL = cdnBaseURL
        self.sitemaps = sitemaps
        self.now = now
    }

    /// Whether Apple's file is checked.
    var checksApple: Bool { platform != .android }
    /// Whether Android's file is checked at all.
    var checksAndroid: Bool { platform != .ios }
    /// Whether Android's file must exist: asked for by platform or by an Android option.
    var requiresAndroid: Bool {
        platform == .android || platform == .both || androidPackage != nil || !androidFingerprints.isEmpty || manifest != nil
    }
}
