import CoreMetrics
import LandfallStorage

extension ServerMetrics {
    /// Counts a webhook attempt by what it led to (`delivered`, `retry`, `failed`) and records
    /// its duration: `landfall_webhook_attempts_total{outcome}` and
    /// `landfall_webhook_attempt_duration_seconds{outcome}`.
    func recordWebhookAttempt(_ result: WebhookAttemptResult) {
        let outcome = switch result.outcome {
        case .delivered: "delivered"
        case .retry: "retry"
        case .failed: "failed"
        }
        CoreMetrics.Counter(label: "landfall_webhook_attempts_total", dimensions: [("outcome", outcome)], factory: factory).increment()
        CoreMetrics.Timer(label: "landfall_webhook_attempt_duration_seconds", dimensions: [("outcome", outcome)],
                          preferredDisplayUnit: .seconds, factory: factory)
            .recordMilliseconds(result.attempt.durationMilliseconds)
    }

    /// Counts an endpoint disabled after failing for days: `landfall_webhook_endpoints_disabled_total`.
    func recordWebhookEndpointDisabled() {
        CoreMetrics.Counter(label: "landfall_webhook_endpoints_disabled_total", factory: factory).increment()
    }
}
