/// One app the site's links open: its iOS and Android identities and store listings.
///
/// ```yaml
/// apps:
///   - name: daily
///     ios: {teamID: ABCDE12345, bundleID: com.example.daily, appStoreID: "1234567890", scheme: dailypuzzle, webCredentials: true}
///     android: {package: com.example.daily, sha256: ["14:6D:..."], playStoreID: com.example.daily, activity: .MainActivity, minSdk: 24}
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
    /// Whether the app shares the site's passwords and passkeys: the association file lists it
    /// under `webcredentials` and its entitlement claims `webcredentials:` for the site host and
    /// its aliases.
    public var webCredentials: Bool

    /// Creates an iOS app.
    public init(teamID: String, bundleID: String, appStoreID: String? = nil, scheme: String? = nil, webCredentials: Bool = false) {
        self.teamID = teamID
        self.bundleID = bundleID
        self.appStoreID = appStoreID
        self.scheme = scheme
        self.webCredentials = webCredentials
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
    /// The activity links open (`android:name` as the manifest writes it): the generated intent
    /// filters belong to it. ``defaultActivity`` when not configured.
    public var activity: String
    /// The app's `minSdk`: below 26 the generated filters write parameters as `pathPattern`
    /// (which cannot say "no `/`", so a parameter also matches deeper paths); from 26 as the
    /// exact `pathAdvancedPattern`, which older devices do not read. ``defaultMinSDK`` when not
    /// configured.
    public var minSDK: Int

    /// The activity of a new Android Studio, Expo or React Native project.
    public static let defaultActivity = ".MainActivity"
    /// The `minSdk` of new Expo and React Native projects.
    public static let defaultMinSDK = 24

    /// Creates an Android app.
    public init(package: String, sha256Fingerprints: [String], playStoreID: String? = nil,
                activity: String = AndroidApp.defaultActivity, minSDK: Int = AndroidApp.defaultMinSDK) {
        self.package = package
        self.sha256Fingerprints = sha256Fingerprints
        self.playStoreID = playStoreID
        self.activity = activity
        self.minSDK = minSDK
    }

    /// The Play Store page.
    public var playStoreURL: String {
        "https://play.google.com/store/apps/details?id=\(playStoreID ?? package)"
    }
}
