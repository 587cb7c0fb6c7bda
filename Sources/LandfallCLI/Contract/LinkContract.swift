/// A link contract as `landfall test` reads it: where the association files, the router and
/// the app's own files come from, the default apps, and the cases to check.
///
/// ```yaml
/// site: ../demo/landfall.yml
/// app: ABCDE12345.com.example.dailypuzzle
/// manifest: ../app/AndroidManifest.xml        # the Android app's manifest: android cases
/// entitlements: ../app/DailyPuzzle.entitlements
/// routeExamples: true                          # every route example, on every platform
/// cases:
///   - url: https://daily.example.com/puzzle/2026-11-20
///     opens: true
///     route: puzzle
///     parameters: {date: "2026-11-20"}
/// ```
struct LinkContract {
    /// Where the association files and the router come from.
    enum Source: Equatable {
        /// A site configuration: the association files it generates (both platforms) and its router.
        case site(path: String)
        /// An association file, a route table, or both (and `assetlinks:` for Android).
        case files(association: String?, routes: String?)
    }

    /// Where the association file and the router come from (paths as the command opens them).
    var source: Source
    /// The iOS app `opens: true` and `opens: false` mean, if one is named.
    var app: String?
    /// The Android package `opens: true` and `opens: false` mean on Android, if one is named
    /// (otherwise the manifest's `package`, or the site's only Android app).
    var package: String?
    /// The Android app's `AndroidManifest.xml`, when the contract checks Android.
    var manifest: String?
    /// The `assetlinks.json` the hosts serve (without `site:`), for Android cases.
    var assetLinks: String?
    /// The iOS app's `.entitlements`: with it, a URL opens the app only on a host it claims.
    var entitlements: String?
    /// An Expo app's `app.json`, standing for both (as `expo prebuild` makes them).
    var expo: String?
    /// The platforms `opens:` is checked on, unless a case names one.
    var platforms: [LinkPlatform]
    /// Whether every example of every route is checked too (`routeExamples: true`).
    var routeExamples: Bool
    /// The cases, in the file's order.
    var cases: [LinkContractCase]
}

/// A platform a contract checks links on.
enum LinkPlatform: String, CaseIterable, Equatable {
    /// iOS: the association file (and, when given, the entitlements).
    case ios
    /// Android: the app's manifest and the served `assetlinks.json`.
    case android
}
