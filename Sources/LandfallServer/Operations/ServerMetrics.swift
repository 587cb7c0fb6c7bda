import CoreMetrics
import Foundation
import Metrics
import NIOConcurrencyHelpers
import Prometheus

/// The server's metrics, in a registry of its own (so tests that run several servers in one
/// process do not share counters) and served at `/metrics` in Prometheus's text format.
///
/// Requests are labelled by route template (`/puzzle/:date`, `/.well-known/apple-app-site-association`,
/// `not_found`), never by raw URL, so the number of series stays bounded.
final class ServerMetrics: Sendable {
    let registry = PrometheusCollectorRegistry()
    private let factory: PrometheusMetricsFactory
    private let counters = NIOLockedValueBox<[String: CoreMetrics.Counter]>([:])
    private let timers = NIOLockedValueBox<[String: CoreMetrics.Timer]>([:])

    init() {
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.defaultDurationHistogramBuckets = [
            .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2.5),
            .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100),
            .milliseconds(250), .milliseconds(500), .seconds(1),
        ]
        self.factory = factory
    }

    /// Counts a request and records its duration.
    func recordRequest(route: String, method: String, status: Int, duration: Duration) {
        let statusClass = "\(status / 100)xx"
        let key = "\(route)\u{0}\(method)\u{0}\(status)"
        let counter = counters.withLockedValue { counters in
            if let counter = counters[key] { return counter }
            let counter = CoreMetrics.Counter(label: "landfall_http_requests_total",
                                  dimensions: [("route", route), ("method", method), ("status", String(status))],
                                  factory: factory)
            counters[key] = counter
            return counter
        }
        counter.increment()
        let timerKey = "\(route)\u{0}\(statusClass)"
        let timer = timers.withLockedValue { timers in
            if let timer = timers[timerKey] { return timer }
            let timer = CoreMetrics.Timer(label: "landfall_http_request_duration_seconds",
                                      dimensions: [("route", route), ("status_class", statusClass)],
                                      preferredDisplayUnit: .seconds, factory: factory)
            timers[timerKey] = timer
            return timer
        }
        timer.recordNanoseconds(duration.nanoseconds)
    }

    /// Counts a reload.
    func recordReload(succeeded: Bool) {
        CoreMetrics.Counter(label: "landfall_site_reloads_total", dimensions: [("result", succeeded ? "ok" : "refused")], factory: factory)
            .increment()
    }

    /// The metrics in Prometheus's text format.
    func exposition() -> [UInt8] {
        registry.emitToBuffer()
    }
}

extension Duration {
    /// The duration in whole nanoseconds.
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
