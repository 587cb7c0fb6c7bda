import DeepLinkRouting
import Foundation
import LandfallWire

/// Joins the app's `Router` and a ``LinkClient``: every URL the app is opened with goes
/// through ``handle(_:)``, the first launch through ``handleFirstLaunch(claimToken:hints:allowWeakMatch:)``.
///
/// ```swift
/// let handler = DeepLinkHandler(router: router, configuration: configuration, state: store.load(),
///                               conditions: session.isSignedIn ? [.signedIn] : [],
///                               onStateChange: { store.save($0) })
///
/// await handler.handle(url)            // https://go.daily.example.com/xmas: resolved, then routed
/// await handler.handleFirstLaunch(pasteboard: text, hints: hints)   // claims once
/// await handler.conditionMet(.signedIn)                              // replays a held link
/// ```
///
/// - A URL on one of the client's link hosts is resolved first and its deep link routed;
///   any other URL is routed as it is. A link that cannot be resolved (offline, unknown)
///   is routed as it is, so the router's fallback runs when the link host is among its
///   sources. An `open` event is reported, with the short link's id when it was resolved.
/// - The first launch claims once (``LinkClientState/firstLaunchHandled``), routes the
///   claimed deep link and reports `first_open` with the link's id.
/// - Routing goes through a `LinkInbox`: routes that require conditions (sign-in) are
///   held by its `HoldPolicy` and replayed by ``conditionMet(_:)``. Held links are part
///   of the client's ``LinkClientState``, so they survive a relaunch too.
///
/// Events are sent in the background after each report (``LinkClient/flush()``). The
/// client hands its state, held links included, to its `onStateChange` after every change.
public actor DeepLinkHandler {
    /// The router that decides each link and holds the route handlers.
    public nonisolated let router: Router
    /// The client that resolves, claims and reports.
    public nonisolated let client: LinkClient
    /// Which held links are kept.
    public nonisolated let policy: HoldPolicy
    /// The hosts claim URLs are read from: the client's claim hosts and the router's https
    /// hosts (with their `www.` aliases when the source includes them).
    public nonisolated let claimHosts: [String]
    /// Whether events are sent in the background as soon as they are reported.
    public nonisolated let flushesEvents: Bool

    private let initialConditions: Set<LinkCondition>
    private var inbox: LinkInbox?
    private var firstLaunchInProgress = false
    /// The claim token read on a first launch whose claim failed for a temporary reason,
    /// so that the next try does not read the pasteboard again.
    private var tokenOfFailedClaim: String??

    /// Creates a handler.
    ///
    /// - Parameters:
    ///   - router: The app's router, with route handlers and a fallback.
    ///   - client: The client; its ``LinkClient/state`` carries the held links to restore,
    ///     and its `onStateChange` is told of every change, held links included.
    ///   - policy: Keep only the newest held link (the default), or a queue of them.
    ///   - conditions: The conditions already met, e.g. `[.signedIn]` for a signed-in person.
    ///   - flushesEvents: Whether to send events in the background right after reporting
    ///     them; true by default. When false, call ``flush()`` yourself.
    public init(router: Router, client: LinkClient, policy: HoldPolicy = .newestWins, conditions: Set<LinkCondition> = [],
                flushesEvents: Bool = true) {
        self.router = router
        self.client = client
        self.policy = policy
        self.initialConditions = conditions
        self.flushesEvents = flushesEvents
        var hosts = client.configuration.claimHosts
        for source in router.sources {
            guard case .host(let host, let includingWWW) = source else { continue }
            hosts.append(host)
            if includingWWW { hosts.append(host.hasPrefix("www.") ? String(host.dropFirst(4)) : "www." + host) }
        }
        var seen: Set<String> = []
        self.claimHosts = hosts.map(LinkClientConfiguration.normalizedHost).filter { seen.insert($0).inserted }
    }

    /// Creates a handler and its client.
    ///
    /// - Parameters:
    ///   - router: The app's router, with route handlers and a fallback.
    ///   - configuration: The server, hosts and platform.
    ///   - state: The state saved at the last launch (``LinkStateStore/load()``).
    ///   - transport: Sends requests; ``URLSessionTransport`` by default.
    ///   - policy: Keep only the newest held link (the default), or a queue of them.
    ///   - conditions: The conditions already met, e.g. `[.signedIn]`.
    ///   - onStateChange: Called with the state after every change, in order: save it there
    ///     (``LinkStateStore/save(_:)``).
    public init(router: Router, configuration: LinkClientConfiguration, state: LinkClientState = LinkClientState(),
                transport: any LinkTransport = URLSessionTransport(), policy: HoldPolicy = .newestWins,
                conditions: Set<LinkCondition> = [], onStateChange: (@Sendable (LinkClientState) -> Void)? = nil) {
        self.init(router: router,
                  client: LinkClient(configuration: configuration, state: state, transport: transport, onStateChange: onStateChange),
                  policy: policy, conditions: conditions)
    }

    // MARK: Links

    /// Handles a URL the app was opened with (a universal link or a custom scheme): resolves
    /// it first when it is on a link host, routes the result through the inbox, and reports
    /// an `open` event.
    ///
    /// - Returns: What was resolved and routed, and the inbox's outcome.
    @discardableResult
    public func handle(_ url: URL) async -> HandledLink {
        let inbox = await currentInbox()
        var resolution: Result<ResolvedLink, LinkClientError>?
        var routed = url.absoluteString
        if client.configuration.isLink(url) {
            do throws(LinkClientError) {
                let link = try await client.resolve(url)
                resolution = .success(link)
                routed = link.deepLink
            } catch {
                resolution = .failure(error)
            }
        }
        let outcome = await inbox.open(routed)
        await keepHeldLinks(of: inbox)
        let handled = HandledLink(url: url, resolution: resolution, routedURL: routed, outcome: outcome)
        if handled.resolvedLink != nil || !Self.isRejected(outcome) {
            await client.report(LinkEvent(kind: .open, occurredAt: client.now(), url: url.absoluteString,
                                          linkID: handled.resolvedLink?.id))
        }
        sendEventsInBackground()
        return handled
    }

    // MARK: First launch

    /// Handles the first launch after install, once: claims the link the person tapped
    /// before installing (with the token, or by a weak match if allowed), routes it, and
    /// reports `first_open`. Later calls return ``FirstLaunchResult/alreadyHandled``.
    ///
    /// - Parameters:
    ///   - claimToken: The claim token (`lfc_…`), e.g. from Android's install referrer, or nil.
    ///   - hints: The device hints for a weak match.
    ///   - allowWeakMatch: Whether a match without a token is acceptable; false by default.
    @discardableResult
    public func handleFirstLaunch(claimToken: String?, hints: ClaimHints = ClaimHints(),
                                  allowWeakMatch: Bool = false) async -> FirstLaunchResult {
        await handleFirstLaunch(hints: hints, allowWeakMatch: allowWeakMatch) { claimToken }
    }

    /// Handles the first launch after install, once, with the token of the claim URL found
    /// in the pasteboard's text (see ``ClaimURL``, read from ``claimHosts``).
    ///
    /// - Parameters:
    ///   - text: The pasteboard's text, or nil.
    ///   - hints: The device hints for a weak match.
    ///   - allowWeakMatch: Whether a match without a token is acceptable; false by default.
    @discardableResult
    public func handleFirstLaunch(pasteboard text: String?, hints: ClaimHints = ClaimHints(),
                                  allowWeakMatch: Bool = false) async -> FirstLaunchResult {
        let hosts = claimHosts
        return await handleFirstLaunch(hints: hints, allowWeakMatch: allowWeakMatch) {
            text.flatMap { ClaimURL.first(in: $0, hosts: hosts)?.token }
        }
    }

    /// Handles the first launch after install, once, asking for the claim token only when
    /// the first launch is not handled yet: reading the pasteboard on iOS may show a prompt,
    /// so it is read only when needed.
    ///
    /// - Parameters:
    ///   - hints: The device hints for a weak match.
    ///   - allowWeakMatch: Whether a match without a token is acceptable; false by default.
    ///   - claimToken: Reads the claim token, or nil when there is none.
    @discardableResult
    public func handleFirstLaunch(hints: ClaimHints = ClaimHints(), allowWeakMatch: Bool = false,
                                  claimToken: @Sendable () async -> String?) async -> FirstLaunchResult {
        guard !firstLaunchInProgress else { return .alreadyHandled }
        firstLaunchInProgress = true
        defer { firstLaunchInProgress = false }
        guard await !client.isFirstLaunchHandled else { return .alreadyHandled }

        let token: String?
        if let read = tokenOfFailedClaim {
            token = read
        } else {
            token = await claimToken()
        }
        let claim: DeferredLinkClaim
        var failure: LinkClientError?
        do throws(LinkClientError) {
            claim = try await client.claimDeferredLink(token: token, hints: hints, allowWeakMatch: allowWeakMatch)
        } catch {
            if error.isTemporary {
                tokenOfFailedClaim = .some(token)
                return .failed(error)
            }
            claim = .nothingToClaim
            failure = error
        }
        tokenOfFailedClaim = nil

        var outcome: LinkOutcome?
        if claim.match != .none, let link = claim.link {
            let inbox = await currentInbox()
            outcome = await inbox.open(link.deepLink)
            await keepHeldLinks(of: inbox)
        }
        await client.report(LinkEvent(kind: .firstOpen, occurredAt: client.now(), url: claim.link?.url, linkID: claim.link?.id))
        await client.markFirstLaunchHandled()
        sendEventsInBackground()
        if let failure { return .failed(failure) }
        return .handled(claim, outcome)
    }

    // MARK: Conditions and held links

    /// Records that a condition is met (e.g. `.signedIn` after sign-in) and replays every
    /// held link whose conditions are now all met, each exactly once.
    ///
    /// - Returns: What happened to each replayed link.
    @discardableResult
    public func conditionMet(_ condition: LinkCondition) async -> [LinkOutcome] {
        let inbox = await currentInbox()
        let outcomes = await inbox.conditionMet(condition)
        await keepHeldLinks(of: inbox)
        return outcomes
    }

    /// Records that a condition no longer holds (e.g. after sign-out).
    public func conditionLost(_ condition: LinkCondition) async {
        await currentInbox().conditionLost(condition)
    }

    /// The links waiting for conditions, oldest first.
    public var heldLinks: [HeldLink] {
        get async { await currentInbox().heldLinks }
    }

    /// Removes and returns every held link, e.g. when the person signs out for good.
    @discardableResult
    public func discardHeldLinks() async -> [HeldLink] {
        let inbox = await currentInbox()
        let discarded = await inbox.discardHeldLinks()
        await keepHeldLinks(of: inbox)
        return discarded
    }

    // MARK: State

    /// Everything to persist: pending events, the first-launch flag and the held links.
    public var state: LinkClientState {
        get async {
            if let inbox { await keepHeldLinks(of: inbox) }
            return await client.state
        }
    }

    /// Sends the queued events now (see ``LinkClient/flush()``).
    @discardableResult
    public func flush() async throws(LinkClientError) -> FlushSummary {
        try await client.flush()
    }

    // MARK: Private

    /// The inbox, made on first use with the held links of the client's state.
    private func currentInbox() async -> LinkInbox {
        if let inbox { return inbox }
        let held = await client.state.heldLinks
        if let inbox { return inbox }
        let made = LinkInbox(router: router, policy: policy, conditions: initialConditions, restoring: held)
        inbox = made
        return made
    }

    private func keepHeldLinks(of inbox: LinkInbox) async {
        await client.setHeldLinks(await inbox.heldLinks)
    }

    /// Sends the reported events in the background, if asked to (``flushesEvents``).
    private func sendEventsInBackground() {
        guard flushesEvents else { return }
        let client = client
        Task { _ = try? await client.flush() }
    }

    private static func isRejected(_ outcome: LinkOutcome) -> Bool {
        if case .rejected = outcome { return true }
        return false
    }
}
