import Foundation

/// One request the receiver took, as it recorded it: the Standard Webhooks headers, whether
/// `standardwebhooks` verified them, and the body as text.
///
/// The body stays text (`rawBody`); its event `type` and `eventID` (the body's `"type"` and
/// `"id"`) are read from it for the tests that only need those.
public struct ReceivedWebhook: Sendable, Hashable, Decodable {
    /// The request's path and query, such as `/hooks`.
    public let path: String
    /// The `webhook-id` header (the event's id), or `nil` when there was none.
    public let id: String?
    /// The `webhook-timestamp` header as sent (Unix seconds), or `nil`.
    public let timestamp: String?
    /// The `webhook-signature` header (`v1,<base64>`, space-separated), or `nil`.
    public let signature: String?
    /// Whether `standardwebhooks` verified the delivery with one of the receiver's secrets.
    public let verified: Bool
    /// The library's reason when it did not verify (`No matching signature found`,
    /// `Message timestamp too old`, ...); `nil` when verified.
    public let error: String?
    /// The `content-type` header, or `nil`.
    public let contentType: String?
    /// The `user-agent` header, or `nil`.
    public let userAgent: String?
    /// The body, as UTF-8 text.
    public let rawBody: String
    /// When the receiver took it.
    public let receivedAt: Date
    /// The receiver's mode for this request: `ok`, `fail`, `hang` or `redirect`.
    public let mode: String
    /// The status the receiver answered (or, in hang mode, answers once it has waited).
    public let answered: Int

    /// The body's `"type"` (`link.created`, ...), or `nil` when the body has none.
    public var type: String? { bodyField("type") }
    /// The body's `"id"` (`evt_...`), or `nil` when the body has none.
    public var eventID: String? { bodyField("id") }
    /// The `webhook-timestamp` header as a number, or `nil`.
    public var timestampSeconds: Int? { timestamp.flatMap { Int($0) } }
    /// The body's bytes.
    public var bodyBytes: [UInt8] { Array(rawBody.utf8) }

    private func bodyField(_ name: String) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(rawBody.utf8)) as? [String: Any] else { return nil }
        return object[name] as? String
    }

    private enum CodingKeys: String, CodingKey {
        case path, id = "webhookID", timestamp = "webhookTimestamp", signature = "webhookSignature"
        case verified, error, contentType, userAgent, rawBody, receivedAt, mode, answered
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        path = try container.decode(String.self, forKey: .path)
        id = try container.decodeIfPresent(String.self, forKey: .id)
        timestamp = try container.decodeIfPresent(String.self, forKey: .timestamp)
        signature = try container.decodeIfPresent(String.self, forKey: .signature)
        verified = try container.decode(Bool.self, forKey: .verified)
        error = try container.decodeIfPresent(String.self, forKey: .error)
        contentType = try container.decodeIfPresent(String.self, forKey: .contentType)
        userAgent = try container.decodeIfPresent(String.self, forKey: .userAgent)
        rawBody = try container.decode(String.self, forKey: .rawBody)
        receivedAt = Date(timeIntervalSince1970: try container.decode(Double.self, forKey: .receivedAt))
        mode = try container.decode(String.self, forKey: .mode)
        answered = try container.decode(Int.self, forKey: .answered)
    }
}
