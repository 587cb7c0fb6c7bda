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
    /// What the URL should do to an app, when the case says.
    var opening: Opening?
    /// The route the router should choose, when the case says.
    var route: String?
    /// Parameters the matched route should have (each name with its values, in order; a name
    /// given once has one value).
    var parameters: [(name: String, values: [String])]
}
