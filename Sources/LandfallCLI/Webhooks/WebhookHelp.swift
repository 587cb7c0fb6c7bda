import LandfallWebhooks

/// The texts every `landfall webhooks` help shares: what a webhook is here, the events (from
/// ``WebhookEventType``, so that the help cannot drift from the code) and how deliveries are signed.
enum WebhookHelp {
    /// What a webhook is in Landfall.
    static let introduction = """
        A webhook endpoint is a URL of yours that Landfall sends an HTTP POST to when something \
        happens: a link created or clicked, an invitation redeemed, an install attributed. The \
        event is stored in the same database transaction as the change it reports, and a \
        running `landfall serve` delivers it (at least once, 10 s timeout, no redirects \
        followed, retried with backoff for about a day, then marked failed; an endpoint whose \
        every delivery fails for days is disabled). The body is JSON: \
        {"id": "evt_…", "type": "link.created", "timestamp": "…", "data": {…}}.
        """

    /// One line per event type.
    static var events: String {
        let width = WebhookEventType.allCases.map(\.rawValue.count).max() ?? 0
        let lines = WebhookEventType.allCases.map { type in
            "  " + type.rawValue + String(repeating: " ", count: width - type.rawValue.count) + "  " + type.meaning
        }
        return "Events (--events takes a comma-separated list of them, or '*' for all, including future ones):\n"
            + lines.joined(separator: "\n")
    }

    /// How deliveries are signed.
    static let signing = """
        Signatures follow the Standard Webhooks specification (www.standardwebhooks.com), so the \
        `standardwebhooks` libraries verify them in any language. Each delivery carries the \
        headers webhook-id (the event id, the same on every retry), webhook-timestamp (seconds) \
        and webhook-signature: 'v1,' and the base64 HMAC-SHA256, keyed with the endpoint's \
        secret (whsec_…, printed once by `add`), of "<webhook-id>.<webhook-timestamp>.<body>". \
        After `rotate-secret`, deliveries carry two signatures for a day, one with the new \
        secret and one with the old, so a receiver can switch without missing an event.
        """

    /// Where the endpoints are stored and who delivers.
    static let storage = """
        The endpoints and deliveries live in the same database as the links: give these \
        commands the --data-dir or --database-url (or LANDFALL_DATABASE_URL) that \
        `landfall serve` uses; they may run while it runs.
        """
}
