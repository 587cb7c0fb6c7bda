/// What a router decided about a link: a value, not a side effect.
///
/// ```swift
/// switch router.route(url) {
/// case .matched(let match):   show(match.route.name, match.parameters)
/// case .fallback(let link):   showTodaysPuzzle()   // our host, no route fits
/// case .rejected(let reason): log(reason)          // not our link at all
/// }
/// ```
public enum RoutingDecision: Sendable, CustomStringConvertible {
    /// A route matched.
    case matched(RouteMatch)
    /// The link comes from an accepted source but no route matches it: the app decides,
    /// e.g. by opening its home screen.
    case fallback(IncomingLink)
    /// The link is not the app's, or not a URL; it must not be routed.
    case rejected(RejectionReason)

    /// The match, when a route matched.
    public var match: RouteMatch? {
        if case .matched(let match) = self { return match }
        return nil
    }

    /// `matched`, `fallback` or `rejected`: the decision's name in machine-readable output.
    public var name: String {
        switch self {
        case .matched: "matched"
        case .fallback: "fallback"
        case .rejected: "rejected"
        }
    }

    /// One line for a person: the decision, the route and parameters, or the reason.
    public var description: String {
        switch self {
        case .matched(let match):
            let parameters = match.parameters.description
            return "matched \(match.route)" + (parameters.isEmpty ? "" : " with \(parameters)")
        case .fallback(let link):
            return "fallback: no route matches \(link.path)"
        case .rejected(let reason):
            return "rejected: \(reason)"
        }
    }
}
