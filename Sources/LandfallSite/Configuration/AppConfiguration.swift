/// One app the site's links open: its iOS and Android identities and store listings.
///
/// ```yaml
/// apps:
///   - name: daily
///     ios: {teamID: ABCDE12345, bundleID: com.example.daily, appStoreID: "1234567890", scheme: dailypuzzle}
///     android: {package: com.example.daily, sha256: ["14:6D:..."], playStoreID: com.example.daily}
/// ```
public struct AppConfiguration: Sendable, Hashable {
    /// The name routes use to pick apps (`apps: [daily]`).
    public var name: String
    /// The iOS app, if there is one.
    public var ios: IOSApp?
    /// The Android app, if there is one.
    public var android: AndroidApp?

    /// Creates an app.
    public init(name: String, ios: IOSApp? = nil, android: AndroidApp? = nil) {
        self.name = name
        self.ios = ios
        self.android = android
    }
}

/// An iOS app: what the association file names and what the page's store button opens.
public struct IOSApp: Sendable, Hashable {
    /// The ten-character Team ID.
    public var teamID: String
    /// The bundle identifier.
    public var bundleID: String
    /// The App Store's numeric id, for the Smart App Banner and the store button.
    public var appStoreID: String?
    /// A custom URL scheme the app registers, if any.
    public var scheme: String?

    /// Creates an iOS app.
    public init(teamID: String, bundleID: String, appStoreID: String? = nil, scheme: String? = nil) {
        self.teamID = teamID
        self.bundleID = bundleID
        self.appStoreID = appStoreID
        self.scheme = scheme
    }

    /// `TEAMID.bundle.id`, as the association file lists it.
    public var appID: String { "\(teamID).\(bundleID)" }

    /// The App Store page, when the store id is known.
    public var appStoreURL: String? {
        appStoreID.map { "https://apps.apple.com/app/id\($0)" }
    }
}

/// An Android app: what `assetlinks.json` names and what the Play button opens.
public struct AndroidApp: Sendable, Hashable {
    /// The package name.
    public var package: String
    /// SHA-256 fingerprints of the signing certificates, `AB:CD:...`.
    public var sha256Fingerprints: [String]
    /// The Play Store id; the package name when absent.
    public var playStoreID: String?

    /// Creates an Android app.
    public init(package: String, sha256Fingerprints: [String], playStoreID: String? = nil) {
        self.package = package
        self.sha256Fingerprints = sha256Fingerprints
        self.playStoreID = playStoreID
    }

    /// The Play Store page.
    public var playStoreURL: String {
        "https://play.google.com/store/apps/details?id=\(playStoreID ?? package)"
    }
}
