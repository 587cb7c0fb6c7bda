import Foundation
import LandfallWebhooks

/// A receiver of webhooks: where to send, which events, and the secret to sign them with.
///
/// ```swift
/// let endpoint = WebhookEndpoint.make(url: "https://crm.example.com/landfall", events: .all, description: "CRM", at: .now)
/// try await storage.insert(endpoint)
/// print(endpoint.secret.text)   // whsec_…, shown once
/// ```
public struct WebhookEndpoint: Sendable, Hashable {
    /// `wh_` and 16 letters and digits.
    public var id: String
    /// Where deliveries are sent (checked by `WebhookURL` when set).
    public var url: String
    /// The events it wants.
    public var events: WebhookEventSelection
    /// What it is for, as a person wrote it (may be empty).
    public var description: String
    /// The secret deliveries are signed with.
    public var secret: WebhookSecret
    /// The secret before the last rotation, also signed with until ``previousSecretExpiresAt``.
    public var previousSecret: WebhookSecret?
    /// When the previous secret stops being used.
    public var previousSecretExpiresAt: Date?
    public var createdAt: Date
    public var updatedAt: Date
    /// When it was disabled (no deliveries are attempted; new events are not queued for it).
    public var disabledAt: Date?
    /// Why: a person's choice, or the failures that disabled it.
    public var disabledReason: String?
    /// Since when every attempt failed (`nil` after a success).
    public var failingSince: Date?
    /// When a delivery last succeeded.
    public var lastSuccessAt: Date?

    public init(id: String, url: String, events: WebhookEventSelection, description: String = "", secret: WebhookSecret,
                previousSecret: WebhookSecret? = nil, previousSecretExpiresAt: Date? = nil, createdAt: Date, updatedAt: Date,
                disabledAt: Date? = nil, disabledReason: String? = nil, failingSince: Date? = nil, lastSuccessAt: Date? = nil) {
        self.id = id
        self.url = url
        self.events = events
        self.description = description
        self.secret = secret
        self.previousSecret = previousSecret
        self.previousSecretExpiresAt = previousSecretExpiresAt
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.disabledAt = disabledAt
        self.disabledReason = disabledReason
        self.failingSince = failingSince
        self.lastSuccessAt = lastSuccessAt
    }

    /// A new endpoint with a new id and secret.
    public static func make(url: String, events: WebhookEventSelection, description: String = "", at date: Date) -> WebhookEndpoint {
        var generator = SystemRandomNumberGenerator()
        return WebhookEndpoint(id: "wh_" + RandomText.make(length: 16, using: &generator), url: url, events: events,
                               description: description, secret: .generate(), createdAt: date, updatedAt: date)
    }

    /// The most endpoints a site may have (the API, the CLI and the dashboard refuse more).
    public static let maximumCount = 50
    /// Why another endpoint is refused when there are ``maximumCount``.
    public static let limitReachedMessage =
        "There are already \(maximumCount) webhook endpoints, the most Landfall keeps; remove one that is no longer needed first."
    /// How long a rotated-out secret is still signed with, so that receivers switch without
    /// missing an event: a day.
    public static let previousSecretLifetime: TimeInterval = 86_400

    /// Whether deliveries are attempted.
    public var isEnabled: Bool { disabledAt == nil }

    /// The secrets a delivery at `date` is signed with: the current one, and the previous one
    /// until it expires.
    public func signingSecrets(at date: Date) -> [WebhookSecret] {
        guard let previousSecret, let expiry = previousSecretExpiresAt, expiry > date else { return [secret] }
        return [secret, previousSecret]
    }

    /// Whether `text` has the form of an endpoint id.
    public static func isID(_ text: String) -> Bool {
        text.hasPrefix("wh_") && text.utf8.count == 19 && text.utf8.dropFirst(3).allSatisfy(RandomText.isAlphanumeric)
    }
}
