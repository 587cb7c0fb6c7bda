import DeepLinkRouting
import Foundation

/// What LandfallKit must remember across launches: the events not yet accepted by the
/// server, whether the first launch was handled, and the links held until sign-in.
///
/// The app persists it (it is `Codable`; ``LinkStateStore`` keeps it in `UserDefaults`)
/// and passes it back at the next launch, so that events reported offline are sent later
/// with the same ids (the server counts a replay once) and the first launch claims once.
///
/// ```swift
/// let store = LinkStateStore()
/// let client = LinkClient(configuration: configuration, state: store.load(), transport: URLSessionTransport())
/// // … later, e.g. when the app goes to the background:
/// store.save(await client.state)
/// ```
public struct LinkClientState: Sendable, Hashable, Codable {
    /// Events reported but not yet accepted by the server, oldest first.
    public var pendingEvents: [LinkEvent]
    /// Whether the first launch was handled (claimed, and `first_open` reported).
    public var firstLaunchHandled: Bool
    /// The links a ``DeepLinkHandler`` holds until their conditions are met, oldest first.
    public var heldLinks: [HeldLink]

    /// Creates a state; the default is a fresh install's.
    public init(pendingEvents: [LinkEvent] = [], firstLaunchHandled: Bool = false, heldLinks: [HeldLink] = []) {
        self.pendingEvents = pendingEvents
        self.firstLaunchHandled = firstLaunchHandled
        self.heldLinks = heldLinks
    }

    private enum CodingKeys: String, CodingKey {
        case pendingEvents, firstLaunchHandled, heldLinks
    }

    /// Decodes a state; absent fields take their fresh-install values, so a state saved by
    /// an older version still reads.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.pendingEvents = try container.decodeIfPresent([LinkEvent].self, forKey: .pendingEvents) ?? []
        self.firstLaunchHandled = try container.decodeIfPresent(Bool.self, forKey: .firstLaunchHandled) ?? false
        self.heldLinks = try container.decodeIfPresent([HeldLink].self, forKey: .heldLinks) ?? []
    }
}
