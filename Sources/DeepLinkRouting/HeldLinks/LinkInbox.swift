import Foundation

/// Receives links, runs their handlers, and holds the links whose conditions are not met
/// until the app reports that they are, then replays each exactly once.
///
/// ```swift
/// let inbox = LinkInbox(router: router, policy: .newestWins,
///                       conditions: session.isSignedIn ? [.signedIn] : [],
///                       restoring: savedHeldLinks)
///
/// // .onOpenURL { url in Task { await inbox.open(url) } }
/// await inbox.open(url)                 // .held(...) when /user/:id requires .signedIn
///
/// // after sign-in:
/// await inbox.conditionMet(.signedIn)   // replays the held link: its handler runs now
/// ```
///
/// The inbox is an actor: links may arrive from any task at the same time. A held link is
/// removed from the inbox before its handler runs, so concurrent reports of the same
/// condition never replay it twice. Save ``heldLinks`` (it is `Codable`) when an outcome
/// is `.held`, to survive a relaunch.
public actor LinkInbox {
    /// The router that decides each link.
    public let router: Router
    /// Which held links are kept.
    public let policy: HoldPolicy
    /// The conditions currently met.
    public private(set) var metConditions: Set<LinkCondition>
    /// The links waiting for conditions, oldest first.
    public private(set) var heldLinks: [HeldLink]

    /// Creates an inbox.
    ///
    /// - Parameters:
    ///   - router: Decides each link and holds the handlers.
    ///   - policy: Keep only the newest held link, or a queue of them.
    ///   - conditions: The conditions already met (e.g. `.signedIn` after a relaunch).
    ///   - held: Links held by a previous inbox, e.g. decoded from disk. They are replayed
    ///     by the next ``conditionMet(_:)``, or by ``replayReadyLinks()``.
    public init(router: Router, policy: HoldPolicy = .newestWins, conditions: Set<LinkCondition> = [],
                restoring held: [HeldLink] = []) {
        self.router = router
        self.policy = policy
        self.metConditions = conditions
        switch policy {
        case .newestWins: self.heldLinks = Array(held.suffix(1))
        case .queue(let limit): self.heldLinks = Array(held.suffix(max(0, limit)))
        }
    }

    /// Routes a link and acts on the decision: runs the route's handler, holds the link if
    /// the route's conditions are not met, runs the fallback handler, or does nothing for a
    /// rejected link.
    @discardableResult
    public func open(_ url: String) async -> LinkOutcome {
        await deliver(url, replaying: false)
    }

    /// Routes a link and acts on the decision; see ``open(_:)-(String)``.
    @discardableResult
    public func open(_ url: URL) async -> LinkOutcome {
        await deliver(url.absoluteString, replaying: false)
    }

    /// Records that a condition is met and replays, in arrival order, every held link whose
    /// conditions are now all met.
    ///
    /// - Returns: What happened to each replayed link (empty if none was ready).
    @discardableResult
    public func conditionMet(_ condition: LinkCondition) async -> [LinkOutcome] {
        metConditions.insert(condition)
        return await replayReadyLinks()
    }

    /// Records that a condition no longer holds (e.g. after sign-out); links that need it
    /// are held again from now on.
    public func conditionLost(_ condition: LinkCondition) {
        metConditions.remove(condition)
    }

    /// Replays every held link whose conditions are all met, each exactly once.
    @discardableResult
    public func replayReadyLinks() async -> [LinkOutcome] {
        let ready = heldLinks.filter { $0.waitingFor.allSatisfy(metConditions.contains) }
        guard !ready.isEmpty else { return [] }
        heldLinks.removeAll { link in ready.contains(link) }
        var outcomes: [LinkOutcome] = []
        for link in ready {
            outcomes.append(await deliver(link.url, replaying: true))
        }
        return outcomes
    }

    /// Removes and returns every held link, e.g. when the person signs out for good.
    @discardableResult
    public func discardHeldLinks() -> [HeldLink] {
        defer { heldLinks.removeAll() }
        return heldLinks
    }

    private func deliver(_ url: String, replaying: Bool) async -> LinkOutcome {
        switch router.route(url) {
        case .rejected(let reason):
            return .rejected(reason)
        case .fallback(let link):
            if !replaying, policy == .newestWins { heldLinks.removeAll() }
            if let fallback = router.fallback { await fallback(link) }
            return .fellBack(link)
        case .matched(let match):
            let unmet = match.route.requirements.filter { !metConditions.contains($0) }
            if !unmet.isEmpty {
                let held = HeldLink(url: url, routeName: match.route.name, waitingFor: Array(Set(unmet)))
                hold(held)
                return .held(held)
            }
            if !replaying, policy == .newestWins { heldLinks.removeAll() }
            if let handler = match.route.handler { await handler(match) }
            return .opened(match)
        }
    }

    private func hold(_ link: HeldLink) {
        switch policy {
        case .newestWins:
            heldLinks = [link]
        case .queue(let limit):
            heldLinks.append(link)
            if heldLinks.count > limit { heldLinks.removeFirst(heldLinks.count - max(0, limit)) }
        }
    }
}
