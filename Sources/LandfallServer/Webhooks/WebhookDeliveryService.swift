import Foundation
import LandfallStorage
import LandfallWebhooks
import Logging
import ServiceLifecycle

/// Delivers the webhook outbox: turns waiting clicks into `link.clicked` events, takes the
/// deliveries that are due, attempts them (several at once), and records each attempt with
/// what it leads to — delivered, tried again later by the retry schedule, or failed.
///
/// At least once: a delivery is taken with a lease before it is attempted, and recorded after;
/// if this process dies in between, the lease runs out and any instance attempts it again
/// (with the same `webhook-id`, so receivers can drop the repeat). At graceful shutdown it
/// takes nothing more and finishes the attempts in flight, so that none is repeated.
struct WebhookDeliveryService: Service {
    let storage: Storage
    let sender: WebhookSender
    let sites: SiteHolder
    let configuration: WebhookDeliveryConfiguration
    let metrics: ServerMetrics
    let clock: @Sendable () -> Date
    let logger: Logger

    func run() async throws {
        var lastClickBatch = ContinuousClock.now
        while !Task.isShuttingDownGracefully, !Task.isCancelled {
            if ContinuousClock.now - lastClickBatch >= .milliseconds(500) {
                lastClickBatch = ContinuousClock.now
                await batchClicks()
            }
            let busy = await deliverDue()
            if !busy {
                let interval = configuration.pollInterval
                try? await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
            }
        }
        await sender.shutdown()
    }

    /// Makes the `link.clicked` events of clicks that waited the batch interval. Judged by the
    /// system's time, not ``clock``: the click write dates the waiting clicks by it too.
    private func batchClicks() async {
        let now = Date()
        do {
            try await storage.batchPendingClicks(waitingSince: now.addingTimeInterval(-configuration.clickBatchInterval.timeInterval), at: now)
        } catch {
            logger.warning("clicks not batched for webhooks yet; will retry", metadata: ["error": "\(error)"])
        }
    }

    /// Takes and attempts one batch of due deliveries.
    ///
    /// - Returns: Whether a whole batch was taken (more may be due: go on at once).
    private func deliverDue() async -> Bool {
        let due: [DueWebhookDelivery]
        do {
            due = try await storage.takeDueWebhookDeliveries(now: clock(), lease: configuration.lease, limit: configuration.batchSize)
        } catch {
            logger.warning("webhook deliveries not taken; will retry", metadata: ["error": "\(error)"])
            return false
        }
        guard !due.isEmpty else { return false }
        let site = sites.current.site.configuration.webhooks
        let results = await attempt(due, allowPrivateNetworks: site.allowPrivateNetworks)
        await sender.closeRetiredClients()
        do {
            let disabled = try await storage.recordWebhookAttempts(results, disableAfter: .seconds(site.disableFailingAfter))
            for endpoint in disabled {
                metrics.recordWebhookEndpointDisabled()
                logger.error("webhook endpoint disabled", metadata: [
                    "endpoint": "\(endpoint.id)", "url": "\(endpoint.url)", "reason": "\(endpoint.disabledReason ?? "")",
                ])
            }
        } catch {
            // Not recorded: each delivery is attempted again when its lease runs out.
            logger.error("webhook attempts not recorded; they will be repeated", metadata: ["error": "\(error)", "attempts": "\(results.count)"])
        }
        for result in results {
            metrics.recordWebhookAttempt(result)
        }
        for result in results where result.outcome != .delivered {
            logger.info("webhook delivery failed", metadata: [
                "delivery": "\(result.attempt.deliveryID)", "endpoint": "\(result.endpointID)",
                "error": "\(result.attempt.error ?? "")", "next": "\(result.outcome)",
            ])
        }
        return due.count == configuration.batchSize
    }

    /// Attempts `due`, at most ``WebhookDeliveryConfiguration/concurrency`` at a time.
    private func attempt(_ due: [DueWebhookDelivery], allowPrivateNetworks: Bool) async -> [WebhookAttemptResult] {
        await withTaskGroup(of: WebhookAttemptResult.self) { group in
            var results: [WebhookAttemptResult] = []
            var pending = due[...]
            func start() {
                guard let delivery = pending.popFirst() else { return }
                group.addTask {
                    let attempt = await sender.send(delivery, allowPrivateNetworks: allowPrivateNetworks, at: clock())
                    return WebhookAttemptResult(attempt: attempt, outcome: Self.outcome(of: attempt, for: delivery, schedule: configuration.schedule),
                                                endpointID: delivery.endpointID)
                }
            }
            for _ in 0..<max(1, configuration.concurrency) { start() }
            for await result in group {
                results.append(result)
                start()
            }
            return results
        }
    }

    /// What `attempt` leads to: delivered on a 2xx answer; else the retry schedule's next
    /// attempt within the round, counted from the attempt's end (a timeout takes 10 s), or
    /// failed when the round's attempts are spent.
    static func outcome(of attempt: WebhookAttempt, for delivery: DueWebhookDelivery, schedule: WebhookRetrySchedule) -> WebhookAttemptOutcome {
        if attempt.succeeded { return .delivered }
        guard let delay = schedule.delay(afterAttempt: delivery.attemptInRound) else { return .failed }
        let ended = attempt.attemptedAt.addingTimeInterval(Double(attempt.durationMilliseconds) / 1000)
        return .retry(at: ended.addingTimeInterval(delay))
    }
}

extension Duration {
    /// The duration in seconds, as a `TimeInterval`.
    var timeInterval: TimeInterval {
        Double(nanoseconds) / 1e9
    }
}
