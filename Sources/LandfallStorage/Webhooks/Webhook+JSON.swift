import Foundation
import LandfallJSON
import LandfallLinks

extension WebhookEndpoint {
    /// The endpoint as the API returns it (the `WebhookEndpoint` schema of `openapi/landfall.yaml`),
    /// never with its secret:
    /// `{"id", "url", "events", "description", "enabled", "disabledAt", "disabledReason", "failingSince",
    /// "lastSuccessAt", "previousSecretExpiresAt", "createdAt", "updatedAt"}`.
    public var json: JSONValue {
        .object(members)
    }

    /// The endpoint with its secret (`"secret": "whsec_…"`), as answered once, when it is created
    /// and when its secret is rotated.
    public var jsonWithSecret: JSONValue {
        .object(members + [("secret", .string(secret.text))])
    }

    private var members: [(String, JSONValue)] {
        [
            ("id", .string(id)),
            ("url", .string(url)),
            ("events", .array(events.names.map(JSONValue.string))),
            ("description", .string(description)),
            ("enabled", .bool(isEnabled)),
            ("disabledAt", .optional(disabledAt.map(APITime.string))),
            ("disabledReason", .optional(disabledReason)),
            ("failingSince", .optional(failingSince.map(APITime.string))),
            ("lastSuccessAt", .optional(lastSuccessAt.map(APITime.string))),
            ("previousSecretExpiresAt", .optional(previousSecretExpiresAt.map(APITime.string))),
            ("createdAt", .string(APITime.string(createdAt))),
            ("updatedAt", .string(APITime.string(updatedAt))),
        ]
    }
}

extension WebhookDelivery {
    /// The delivery as the API returns it (the `WebhookDelivery` schema):
    /// `{"id", "endpointID", "eventID", "eventType", "status", "attempts", "nextAttemptAt", "createdAt",
    /// "lastAttemptAt", "lastStatusCode", "lastError", "completedAt"}`.
    public var json: JSONValue {
        .object([
            ("id", .string(id)),
            ("endpointID", .string(endpointID)),
            ("eventID", .string(eventID)),
            ("eventType", .string(eventType.rawValue)),
            ("status", .string(status.rawValue)),
            ("attempts", .integer(attempts)),
            ("nextAttemptAt", .optional(nextAttemptAt.map(APITime.string))),
            ("createdAt", .string(APITime.string(createdAt))),
            ("lastAttemptAt", .optional(lastAttemptAt.map(APITime.string))),
            ("lastStatusCode", lastStatusCode.map(JSONValue.integer) ?? .null),
            ("lastError", .optional(lastError)),
            ("completedAt", .optional(completedAt.map(APITime.string))),
        ])
    }
}

extension WebhookAttempt {
    /// One attempt as the API returns it (the `WebhookAttempt` schema):
    /// `{"number", "attemptedAt", "durationMs", "statusCode", "error", "responseExcerpt"}`.
    public var json: JSONValue {
        .object([
            ("number", .integer(number)),
            ("attemptedAt", .string(APITime.string(attemptedAt))),
            ("durationMs", .integer(durationMilliseconds)),
            ("statusCode", statusCode.map(JSONValue.integer) ?? .null),
            ("error", .optional(error)),
            ("responseExcerpt", .string(responseExcerpt)),
        ])
    }
}
