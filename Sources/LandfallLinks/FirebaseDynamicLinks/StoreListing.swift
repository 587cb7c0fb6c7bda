/// An app's page in a store, as a Firebase Dynamic Links long link names it: the App Store
/// page of `isi`, or the Google Play page of `apn`.
///
/// ``DynamicLinkParameters/decide(visitor:isIPad:isAllowed:siteApps:)`` compares the listing a
/// long link sends people to with the site's own apps: only for one of them is a pending claim
/// recorded, so the link survives the install.
///
/// ```swift
/// StoreListing.play(package: "com.example.daily").url
/// // "https://play.google.com/store/apps/details?id=com.example.daily"
/// StoreListing.appStore(id: "1234567890").store   // "app-store"
/// ```
public enum StoreListing: Sendable, Hashable {
    /// The App Store page of the app with this numeric id (`isi`).
    case appStore(id: String)
    /// The Google Play page of the app with this package name (`apn`).
    case play(package: String)

    /// The store page: `https://apps.apple.com/app/id<id>` or
    /// `https://play.google.com/store/apps/details?id=<package>`.
    public var url: String {
        switch self {
        case .appStore(let id): "https://apps.apple.com/app/id\(id)"
        case .play(let package): "https://play.google.com/store/apps/details?id=\(FormURLEncoding.encode(package))"
        }
    }

    /// The store as `GET /v1/install/{token}?store=` names it: `app-store` or `play`.
    public var store: String {
        switch self {
        case .appStore: "app-store"
        case .play: "play"
        }
    }
}
