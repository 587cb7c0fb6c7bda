/// What a ``LinkInbox`` did with a link.
public enum LinkOutcome: Sendable, CustomStringConvertible {
    /// The route's handler ran (if it has one).
    case opened(RouteMatch)
    /// No route matched; the router's fallback handler ran (if it has one).
    case fellBack(IncomingLink)
    /// The route's conditions are not met; the link is held until they are.
    case held(HeldLink)
    /// The router rejected the link; nothing ran.
    case rejected(RejectionReason)

    /// One line for a person.
    public var description: String {
        switch self {
        case .opened(let match): "opened \(match.route) with \(match.parameters)"
        case .fellBack(let link): "fell back for \(link.path)"
        case .held(let link): "held \(link.url) until \(link.waitingFor.map(\.name).joined(separator: ", "))"
        case .rejected(let reason): "rejected: \(reason)"
        }
    }
}
