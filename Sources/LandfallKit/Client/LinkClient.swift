import DeepLinkRouting
import Foundation

/// The app's client for a Landfall server: resolves short links, claims deferred links,
/// reports opens through an offline queue, reads the runtime settings and redeems
/// invitations.
///
/// ```swift
/// let client = LinkClient(
///     configuration: LinkClientConfiguration(baseURL: URL(string: "https://go.daily.example.com")!,
///                                            linkHosts: ["go.daily.example.com"]),
///     state: LinkStateStore().load(),
///     transport: URLSessionTransport()
/// )
/// let link = try await client.resolve(URL(string: "https://go.daily.example.com/xmas")!)
/// link.deepLink   // "https://daily.example.com/puzzle/2026-12-24"
/// ```
///
/// Every request is retried by the configuration's ``RetryPolicy`` when no answer came, on
/// `429` (waiting as long as `Retry-After` says) and on `5xx`; a `4xx` is never retried.
/// Failures are ``LinkClientError`` values (``RedemptionError`` for invitations).
///
/// The client is an actor: any task may use it. Its ``state`` (events not yet accepted,
/// whether the first launch was handled) is what the app persists between launches.
/// ``DeepLinkHandler`` joins a client to the app's router.
public actor LinkClient {
    /// The server, hosts, platform and retry policy.
    public nonisolated let configuration: LinkClientConfiguration
    /// The events not yet accepted, the first-launch flag and the held links: persist it and
    /// pass it back at the next launch. Every change is handed to `onStateChange`.
    public internal(set) var state: LinkClientState {
        didSet {
            if state != oldValue { onStateChange?(state) }
        }
    }

    let transport: any LinkTransport
    let sleep: @Sendable (Duration) async throws -> Void
    let onStateChange: (@Sendable (LinkClientState) -> Void)?
    /// The clock events are stamped with.
    public nonisolated let now: @Sendable () -> Date
    /// The flush in progress, which a concurrent ``flush()`` joins instead of sending the
    /// same events twice.
    var flushInProgress: Task<Result<FlushSummary, LinkClientError>, Never>?

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - configuration: The server, hosts, platform and retry policy.
    ///   - state: The state the app saved at its last launch; a fresh install's by default.
    ///   - transport: Sends requests; ``URLSessionTransport`` in an app.
    ///   - sleep: Waits between retries; `Task.sleep` by default (tests pass one that
    ///     returns at once).
    ///   - now: The current time, for stamping events; the system clock by default.
    ///   - onStateChange: Called with the new state after every change, in order, on the
    ///     client's executor: save it there (``LinkStateStore/save(_:)``). Keep it quick.
    public init(
        configuration: LinkClientConfiguration,
        state: LinkClientState = LinkClientState(),
        transport: any LinkTransport,
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
        now: @escaping @Sendable () -> Date = { Date() },
        onStateChange: (@Sendable (LinkClientState) -> Void)? = nil
    ) {
        self.configuration = configuration
        self.transport = transport
        self.sleep = sleep
        self.now = now
        self.onStateChange = onStateChange
        var state = state
        let bound = configuration.maxPendingEvents
        if state.pendingEvents.count > bound {
            state.pendingEvents.removeFirst(state.pendingEvents.count - bound)
        }
        self.state = state
    }

    /// Whether the first launch was handled: claimed, and `first_open` reported.
    public var isFirstLaunchHandled: Bool { state.firstLaunchHandled }

    /// Records that the first launch was handled, so that it is not handled again.
    /// ``DeepLinkHandler`` calls it; an app using the client alone calls it after claiming.
    public func markFirstLaunchHandled() {
        state.firstLaunchHandled = true
    }

    /// Replaces the held links kept in ``state`` (``DeepLinkHandler`` keeps them current).
    func setHeldLinks(_ links: [HeldLink]) {
        state.heldLinks = links
    }

}
