import Foundation
import LandfallWebhooks

/// One event for one endpoint, and how its delivery went.
public struct WebhookDelivery: Sendable, Hashable {
    /// `dlv_` and 32 hexadecimal digits, sorting by creation time.
    public var id: String
    public var endpointID: String
    public var eventID: String
    public var eventType: WebhookEventType
    public var status: WebhookDeliveryStatus
    /// How many attempts were made, in all rounds.
    public var attempts: Int
    /// When the next attempt is due (pending deliveries only).
    public var nextAttemptAt: Date?
    public var createdAt: Date
    public var lastAttemptAt: Date?
    /// The last attempt's HTTP status, if it got an answer.
    public var lastStatusCode: Int?
    /// The last attempt's error (a timeout, a refused connection, a refused address), if any.
    public var lastError: String?
    /// When it was delivered or given up on.
    public var completedAt: Date?

    public init(id: String, endpointID: String, eventID: String, eventType: WebhookEventType, status: WebhookDeliveryStatus,
                attempts: Int, nextAttemptAt: Date?, createdAt: Date, lastAttemptAt: Date?, lastStatusCode: Int?,
                lastError: String?, completedAt: Date?) {
        self.id = id
        self.endpointID = endpointID
        self.eventID = eventID
        self.eventType = eventType
        self.status = status
        self.attempts = attempts
        self.nextAttemptAt = nextAttemptAt
        self.createdAt = createdAt
        self.lastAttemptAt = lastAttemptAt
        self.lastStatusCode = lastStatusCode
        self.lastError = lastError
        self.completedAt = completedAt
    }

    /// Whether `text` has the form of a delivery id.
    public static func isID(_ text: String) -> Bool {
        text.hasPrefix("dlv_") && text.utf8.count == 36 && text.utf8.dropFirst(4).allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}

/// Where a delivery stands.
public enum WebhookDeliveryStatus: String, Sendable, Hashable, CaseIterable {
    /// Waiting for its next attempt (or being attempted now).
    case pending
    /// An attempt got a 2xx answer.
    case delivered
    /// Every attempt of its round failed; it can be redelivered.
    case failed
}

/// One attempt of a delivery.
public struct WebhookAttempt: Sendable, Hashable {
    public var deliveryID: String
    /// 1, 2, … over all rounds of the delivery.
    public var number: Int
    public var attemptedAt: Date
    /// How long it took, in milliseconds.
    public var durationMilliseconds: Int
    /// The HTTP status of the answer, if there was one.
    public var statusCode: Int?
    /// Why there was no (good) answer, if so.
    public var error: String?
    /// The first KB of the answer's body, as text.
    public var responseExcerpt: String

    public init(deliveryID: String, number: Int, attemptedAt: Date, durationMilliseconds: Int, statusCode: Int?, error: String?,
                responseExcerpt: String) {
        self.deliveryID = deliveryID
        self.number = number
        self.attemptedAt = attemptedAt
        self.durationMilliseconds = durationMilliseconds
        self.statusCode = statusCode
        self.error = error
        self.responseExcerpt = responseExcerpt
    }

    /// Whether the answer was a 2xx.
    public var succeeded: Bool { statusCode.map { (200..<300).contains($0) } ?? false }

    /// The most of an answer's body an attempt keeps.
    public static let excerptLimit = 1024
}

/// A delivery taken to be attempted now: what to send, where, signed with what.
public struct DueWebhookDelivery: Sendable, Hashable {
    public var deliveryID: String
    /// The number this attempt has (``WebhookAttempt/number``).
    public var attempt: Int
    /// The attempt's number within its round (1 for the first attempt after a redelivery),
    /// which the retry schedule counts.
    public var attemptInRound: Int
    public var endpointID: String
    public var url: String
    public var secrets: [WebhookSecret]
    public var eventID: String
    public var eventType: WebhookEventType
    /// The JSON body, exactly as signed and sent.
    public var body: String

    public init(deliveryID: String, attempt: Int, attemptInRound: Int, endpointID: String, url: String, secrets: [WebhookSecret],
                eventID: String, eventType: WebhookEventType, body: String) {
        self.deliveryID = deliveryID
        self.attempt = attempt
        self.attemptInRound = attemptInRound
        self.endpointID = endpointID
        self.url = url
        self.secrets = secrets
        self.eventID = eventID
        self.eventType = eventType
        self.body = body
    }
}

/// What an attempt leads to.
public enum WebhookAttemptOutcome: Sendable, Hashable {
    /// Delivered.
    case delivered
    /// Not yet: try again at this time.
    case retry(at: Date)
    /// Given up: the round's attempts are spent (or the endpoint can never take it).
    case failed
}
