/// What happened when the doctor asked for one URL: the response, and when that response is
/// a redirect, every further hop, which the doctor follows only to report where it leads
/// (iOS and Android never follow them for these files).
public struct FetchTrail: Sendable, Hashable {
    /// The responses in order: `responses[0]` answers the URL asked for; each later one
    /// answers the previous one's `Location`.
    public var responses: [FetchedResponse]
    /// Why the last hop got no response, if it did not.
    public var failure: FetchFailure?
    /// Whether the doctor stopped following redirects at its hop limit.
    public var stoppedAtHopLimit: Bool

    /// Creates a trail.
    public init(responses: [FetchedResponse] = [], failure: FetchFailure? = nil, stoppedAtHopLimit: Bool = false) {
        self.responses = responses
        self.failure = failure
        self.stoppedAtHopLimit = stoppedAtHopLimit
    }

    /// The answer to the URL asked for, if there was one.
    public var first: FetchedResponse? { responses.first }
    /// The end of the chain, if any hop answered.
    public var last: FetchedResponse? { responses.last }
    /// Whether the URL asked for was answered with a redirect.
    public var isRedirected: Bool { first?.isRedirect ?? false }
}
