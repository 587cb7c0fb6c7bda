import AppSiteAssociation

/// One case of a ``LinkContract``: a URL and what it should do.
struct LinkContractCase {
    /// Whether the URL opens an app.
    enum Opening: Equatable {
        /// The URL opens this app.
        case opens(appID: String)
        /// The URL does not open this app.
        case doesNotOpen(appID: String)
    }

    /// The URL.
    var url: LinkURL
    /// The line of the case in the contract file.
    var line: Int
    /// What the URL should do to the iOS app, when the case says and checks iOS.
    var opening: Opening?
    /// Whether the URL should open the Android app, when the case says and checks Android.
    var opensOnAndroid: Bool?
    /// The package the Android case names (`opens: com.example.app` with `platform: android`),
    /// when not the contract's.
    var androidPackage: String?
    /// The activity Android should open (`activity: .MainActivity`).
    var activity: String?
    /// The route the router should choose, when the case says.
    var route: String?
    /// Parameters the matched route should have (each name with its values, in order; a name
    /// given once has one value).
    var parameters: [(name: String, values: [String])]
    /// Where the case comes from when the contract did not write it (`example of route puzzle`).
    var origin: String?
}
