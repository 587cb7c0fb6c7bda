import Foundation

/// An analytics event the app reports: the app was opened through a link, or launched for
/// the first time after install.
///
/// Each event has an ``id`` chosen when it is made; it stays the same however often the
/// offline queue sends it, and the server stores each id once.
///
/// ```swift
/// await client.report(LinkEvent(kind: .open, occurredAt: Date(), url: url.absoluteString, linkID: link.id))
/// ```
public struct LinkEvent: Sendable, Hashable, Codable, Identifiable {
    /// What happened.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// The app was opened through a link (`open`).
        case open
        /// The app's first launch after install (`first_open`).
        case firstOpen = "first_open"
    }

    /// The event's id: a lowercase UUID.
    public let id: String
    /// What happened.
    public var kind: Kind
    /// When it happened.
    public var occurredAt: Date
    /// The URL the app was opened with, or the link it claimed (http(s) only).
    public var url: String?
    /// The short link's id, when the link was resolved or claimed.
    public var linkID: String?

    /// Creates an event.
    ///
    /// - Parameters:
    ///   - kind: `open` or `firstOpen`.
    ///   - occurredAt: When it happened.
    ///   - url: The URL involved, if any.
    ///   - linkID: The short link's id, if known.
    ///   - id: The event's id; a new random UUID by default.
    public init(kind: Kind, occurredAt: Date, url: String? = nil, linkID: String? = nil,
                id: String = UUID().uuidString.lowercased()) {
        self.id = id
        self.kind = kind
        self.occurredAt = occurredAt
        self.url = url
        self.linkID = linkID
    }
}
