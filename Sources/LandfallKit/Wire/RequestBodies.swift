/// The JSON bodies the client sends, field for field as the API documents them. Optional
/// fields that are nil are left out.

/// `POST /v1/claims`.
struct ClaimRequestBody: Encodable {
    var token: String?
    var platform: String
    var osVersion: String?
    var language: String?
    var screen: String?
    var allowWeakMatch: Bool
}

/// `POST /v1/events`.
struct EventBatchBody: Encodable {
    /// One event as the API takes it.
    struct Event: Encodable {
        var id: String
        var type: String
        var at: String
        var platform: String
        var url: String?
        var linkID: String?
    }

    var events: [Event]
}

/// The answer of `POST /v1/events`.
struct EventBatchAnswer: Decodable {
    var accepted: Int
    var duplicates: Int
}

/// `POST /v1/invites/redeem`.
struct RedeemRequestBody: Encodable {
    var code: String
    var platform: String
}
