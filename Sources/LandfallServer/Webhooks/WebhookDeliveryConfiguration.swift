import LandfallWebhooks

/// How the server delivers webhooks (``ServerConfiguration/webhooks``). Where they may go, how
/// long deliveries are kept and when a failing endpoint is disabled are the site's
/// (`webhooks:` in `landfall.yml`); this is how the delivering works.
public struct WebhookDeliveryConfiguration: Sendable {
    /// Whether this instance delivers at all (`landfall serve --no-webhook-delivery` for an
    /// instance that only serves links while others deliver).
    public var delivers = true
    /// How often the outbox is looked at when there was nothing to deliver.
    public var pollInterval: Duration = .seconds(1)
    /// How long one attempt may take, connecting included.
    public var timeout: Duration = .seconds(10)
    /// How long a taken delivery is out of other instances' reach: if this one dies before
    /// recording the attempt, the delivery is attempted again after it (with the same `webhook-id`).
    public var lease: Duration = .seconds(30)
    /// How long clicks wait to become one `link.clicked` event per endpoint: at most one
    /// such delivery per endpoint per this interval.
    public var clickBatchInterval: Duration = .seconds(5)
    /// How many deliveries are taken at once.
    public var batchSize = 100
    /// How many are attempted at the same time.
    public var concurrency = 32
    /// When failed attempts are tried again.
    public var schedule = WebhookRetrySchedule.standard
    /// How endpoints' host names are resolved.
    public var resolver = WebhookResolver.system

    public init() {}
}
