/// A link waiting for conditions, in a form the app can persist (`Codable`) and hand back to
/// a new ``LinkInbox`` after a relaunch.
///
/// Only the URL and what it waits for are stored; the link is routed again when it is
/// replayed, so a persisted link follows the route table of the app version that replays it.
public struct HeldLink: Sendable, Hashable, Codable {
    /// The URL as it was received.
    public let url: String
    /// The name of the route it matched when it was held.
    public let routeName: String
    /// The conditions that were not met, sorted by name.
    public let waitingFor: [LinkCondition]

    /// Creates a held link.
    public init(url: String, routeName: String, waitingFor: [LinkCondition]) {
        self.url = url
        self.routeName = routeName
        self.waitingFor = waitingFor.sorted()
    }
}
