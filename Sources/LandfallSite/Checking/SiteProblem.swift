/// A problem found on the built site, placed by what it concerns; the reader turns the place
/// into a key path and a line.
struct SiteProblem: Sendable, Hashable {
    /// What the problem concerns.
    enum Place: Sendable, Hashable {
        case routes
        case route(Int)
        case example(route: Int, example: Int)
        case associations
        /// A key of the `invitations:` section (`route`, `parameter`).
        case invitations(String)
        /// A key of the `deferredLinks:` section (`weakMatchWindow`, `claimLifetime`).
        case deferredLinks(String)
        /// A key of the `webhooks:` section (`keepDeliveries`, `disableFailingAfter`).
        case webhooks(String)
        /// A key of the `retention:` section (`clickCounts`, `events`, `audit`).
        case retention(String)
    }

    var severity: SiteIssue.Severity
    var place: Place
    var message: String

    init(_ severity: SiteIssue.Severity, place: Place, message: String) {
        self.severity = severity
        self.place = place
        self.message = message
    }

    /// The key path of the place.
    var path: String {
        switch place {
        case .routes: "routes"
        case .route(let index): "routes[\(index)]"
        case .example(let route, let example): "routes[\(route)].examples[\(example)]"
        case .associations: "associations"
        case .invitations(let key): "invitations.\(key)"
        case .deferredLinks(let key): "deferredLinks.\(key)"
        case .webhooks(let key): "webhooks.\(key)"
        case .retention(let key): "retention.\(key)"
        }
    }

    func issue(line: Int?, column: Int?) -> SiteIssue {
        SiteIssue(severity, path: path, line: line, column: column, message: message)
    }
}
