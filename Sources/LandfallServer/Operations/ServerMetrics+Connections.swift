import CoreMetrics

extension ServerMetrics {
    /// Counts a connection refused for its client's connection limit.
    func recordConnectionRefused() {
        CoreMetrics.Counter(label: "landfall_connections_refused_total", dimensions: [("reason", "per_client_limit")], factory: factory)
            .increment()
    }

    /// Counts a connection closed because its `idle`, `header` or `body` timeout ran out.
    func recordConnectionTimeout(_ timeout: String) {
        CoreMetrics.Counter(label: "landfall_connection_timeouts_total", dimensions: [("timeout", timeout)], factory: factory)
            .increment()
    }
}
