import DeepLinkRouting

/// What ``DeepLinkHandler/handleFirstLaunch(claimToken:hints:allowWeakMatch:)`` did.
public enum FirstLaunchResult: Sendable {
    /// The first launch was handled before (or is being handled by a concurrent call):
    /// nothing was claimed or reported.
    case alreadyHandled
    /// The claim was answered: a matched link was routed (the outcome), and `first_open`
    /// reported. The outcome is nil when nothing matched.
    case handled(DeferredLinkClaim, LinkOutcome?)
    /// The claim failed. When the error ``LinkClientError/isTemporary`` (no connection, a
    /// server failure) the first launch is not marked handled and the next call tries
    /// again; otherwise it is marked handled and `first_open` reported without a link.
    case failed(LinkClientError)

    /// The claim's answer, when there was one.
    public var claim: DeferredLinkClaim? {
        if case .handled(let claim, _) = self { return claim }
        return nil
    }

    /// What the inbox did with the claimed link, when one was routed.
    public var outcome: LinkOutcome? {
        if case .handled(_, let outcome) = self { return outcome }
        return nil
    }
}
