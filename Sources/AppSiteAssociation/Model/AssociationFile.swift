/// An `apple-app-site-association` file: the services a web domain associates with apps.
///
/// Decode one with ``init(json:)-(Collection<UInt8>)``, ask it questions with ``AssociationMatcher``,
/// check it with ``AssociationLinter``, and write it back with ``encoded(style:)``.
///
/// ```swift
/// let file = try AssociationFile(json: #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/buy/*"}]}]}}"#)
/// let decision = AssociationMatcher(file).decision(for: "https://example.com/buy/1", appID: "ABCDE12345.com.example.app")
/// decision.outcome // .match
/// ```
public struct AssociationFile: Sendable, Equatable {
    /// The `applinks` service: which URLs open which apps.
    public var appLinks: AppLinksService?
    /// The `webcredentials` service: apps that may use the site's passwords.
    public var webCredentials: AppsService?
    /// The `appclips` service: App Clips that may be invoked from the site.
    public var appClips: AppsService?
    /// The `activitycontinuation` service: apps that may continue Handoff activities from the site.
    public var activityContinuation: AppsService?

    /// Creates a file from its services.
    public init(
        appLinks: AppLinksService? = nil,
        webCredentials: AppsService? = nil,
        appClips: AppsService? = nil,
        activityContinuation: AppsService? = nil
    ) {
        self.appLinks = appLinks
        self.webCredentials = webCredentials
        self.appClips = appClips
        self.activityContinuation = activityContinuation
    }

    /// The services iOS reads, by their keys in the file.
    public static let serviceKeys = ["applinks", "webcredentials", "appclips", "activitycontinuation"]
}

/// A service that is only a list of apps (`webcredentials`, `appclips`, `activitycontinuation`).
public struct AppsService: Sendable, Equatable {
    /// App IDs (`<TeamID>.<bundle ID>`).
    public var apps: [String]

    /// Creates a service listing `apps`.
    public init(apps: [String]) {
        self.apps = apps
    }
}
