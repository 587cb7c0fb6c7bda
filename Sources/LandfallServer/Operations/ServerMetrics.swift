import CoreMetrics
import Foundation
import HTTPTypes
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
    let factory: PrometheusMetricsFactory
    /// Clicks the full buffer dropped (``ClickRecorder``).
    private let droppedClicks: CoreMetrics.Counter
    /// Rows of the click journal not yet added to the counts (``ClickJournalFolder``).
    private let clickJournalRows: CoreMetrics.Gauge
    private let instruments = NIOLockedValueBox<[Series: (CoreMetrics.Counter, CoreMetrics.Timer)]>([:])

    init() {
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.defaultDurationHistogramBuckets = [
            .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2.5),
            .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100),
            .milliseconds(250), .milliseconds(500), .seconds(1),
        ]
        self.factory = factory
        // Registered at start, so that /metrics shows 0 until a click is dropped.
        self.droppedClicks = CoreMetrics.Counter(label: "landfall_clicks_dropped_total", factory: factory)
        self.clickJournalRows = CoreMetrics.Gauge(label: "landfall_click_journal_rows", factory: factory)
    }

    /// One series of requests: a route template, a method and a status.
    private struct Series: Hashable {
        var route: String
        var method: HTTPRequest.Method
        var status: Int
    }

    /// Counts a request and records its duration.
    func recordRequest(route: String, method: HTTPRequest.Method, status: Int, duration: Duration) {
        let series = Series(route: route, method: method, status: status)
        let (counter, timer) = instruments.withLockedValue { instruments in
            if let found = instruments[series] { return found }
            let statusClass = "\(status / 100)xx"
            let counter = CoreMetrics.Counter(label: "landfall_http_requests_total",
                                              dimensions: [("route", route), ("method", method.rawValue), ("status", String(status))],
                                              factory: factory)
            let timer = CoreMetrics.Timer(label: "landfall_http_request_duration_seconds",
                                          dimensions: [("route", route), ("status_class", statusClass)],
                                          preferredDisplayUnit: .seconds, factory: factory)
            instruments[series] = (counter, timer)
            return (counter, timer)
        }
        counter.increment()
        timer.recordNanoseconds(duration.nanoseconds)
    }

    /// Counts a reload.
    func recordReload(succeeded: Bool) {
        CoreMetrics.Counter(label: "landfall_site_reloads_total", dimensions: [("result", succeeded ? "ok" : "refused")], factory: factory)
            .increment()
    }

    /// Counts clicks the full buffer dropped (``ClickRecorder``).
    func recordDroppedClicks(_ count: Int) {
        droppedClicks.increment(by: count)
    }

    /// How many rows of the click journal wait to be added to the counts.
    func recordClickJournalLength(_ rows: Int) {
        clickJournalRows.record(rows)
    }

    /// What the table of every link holds (``LinkTable``): its keys, the bytes it reserved, and
    /// whether it answers (1) or not (0: loading, given up, or off).
    func recordLinkTable(links: Int, bytes: Int, answers: Bool) {
        CoreMetrics.Gauge(label: "landfall_link_table_links", factory: factory).record(links)
        CoreMetrics.Gauge(label: "landfall_link_table_bytes", factory: factory).record(bytes)
        CoreMetrics.Gauge(label: "landfall_link_table_ready", factory: factory).record(answers ? 1 : 0)
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
