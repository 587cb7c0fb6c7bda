import HTTPTypes

/// A server configuration whose settings cannot work together; `landfall serve` refuses to
/// start with it.
public struct ServerConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    public let description: String
}

extension ServerConfiguration {
    /// Checks the settings that only make sense together: a client address header needs the
    /// proxies that write it (else every client could name its own address), trusted proxies
    /// need the header they write, and each limit must be one.
    public func check() throws(ServerConfigurationError) {
        if let header = clientAddressHeader {
            guard HTTPField.Name(header) != nil, !header.isEmpty else {
                throw ServerConfigurationError(description: "the client address header '\(header)' is not a header name, such as X-Forwarded-For or Forwarded")
            }
            guard !trustedProxies.isEmpty else {
                throw ServerConfigurationError(description: """
                    the client address header \(header) is named without a trusted proxy: any client could write it and \
                    pick its own address. Name the proxies that set it (--trusted-proxy 127.0.0.1 for one on this machine, \
                    --trusted-proxy 10.0.0.0/8 for a load balancer in that range)
                    """)
            }
        } else if !trustedProxies.isEmpty {
            throw ServerConfigurationError(description: """
                trusted proxies (\(trustedProxies.map { $0.description }.joined(separator: ", "))) are named without the header \
                they write the client's address in: add --client-address-header X-Forwarded-For (or Forwarded, X-Real-IP)
                """)
        }
        for (name, timeout) in [("idle", connectionLimits.idleTimeout), ("header", connectionLimits.headerTimeout),
                                ("body", connectionLimits.bodyTimeout)] where timeout <= .zero {
            throw ServerConfigurationError(description: "the \(name) timeout must be more than 0 seconds, not \(timeout)")
        }
        if let perClient = connectionLimits.connectionsPerClient, perClient < 1 {
            throw ServerConfigurationError(description: "connections per client must be 1 or more (or no limit), not \(perClient)")
        }
        if webhooks.lease <= webhooks.timeout {
            throw ServerConfigurationError(description: """
                the webhook lease (\(webhooks.lease)) must be longer than an attempt's timeout (\(webhooks.timeout)): \
                else another instance repeats an attempt still in flight
                """)
        }
        if linkCacheStaleIfError < .zero {
            throw ServerConfigurationError(description: "the stale-if-error window must be 0 (off) or more, not \(linkCacheStaleIfError)")
        }
        if clickBufferLimit < 1 {
            throw ServerConfigurationError(description: "the click buffer must hold 1 count or more, not \(clickBufferLimit)")
        }
        if clickJournalThreshold < 0 {
            throw ServerConfigurationError(description: "the click journal threshold must be 0 or more distinct counts, not \(clickJournalThreshold)")
        }
        if webhooks.batchSize < 1 || webhooks.concurrency < 1 {
            throw ServerConfigurationError(description: "webhook deliveries need a batch size and a concurrency of 1 or more")
        }
    }
}
