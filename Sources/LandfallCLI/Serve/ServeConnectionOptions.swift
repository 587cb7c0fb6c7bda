import ArgumentParser
import LandfallLinks
import LandfallServer

/// `landfall serve`'s options for the connections it accepts: who its proxies are, and how long
/// and how many connections a client may hold.
struct ServeConnectionOptions: ParsableArguments {
    @Option(name: .customLong("client-address-header"),
            help: ArgumentHelp("""
                The header your proxies write the client's address in: X-Forwarded-For, Forwarded or X-Real-IP. \
                Needs --trusted-proxy; read from the right, past the trusted proxies.
                """, valueName: "name"))
    var clientAddressHeader: String?

    @Option(name: .customLong("trusted-proxy"),
            help: ArgumentHelp("""
                A proxy whose --client-address-header is believed: an address or a range (127.0.0.1, 10.0.0.0/8, fd00::/8). \
                Repeat for several. Its connections are not counted by --connections-per-client.
                """, valueName: "address"))
    var trustedProxies: [String] = []

    @Option(name: .customLong("idle-timeout"),
            help: ArgumentHelp("Seconds a connection may wait for its next request (keep it above your proxy's upstream keep-alive, 60 s in nginx).",
                               valueName: "seconds"))
    var idleTimeout: Double = Self.seconds(ConnectionLimits().idleTimeout)

    @Option(name: .customLong("header-timeout"),
            help: ArgumentHelp("Seconds a client may take to send a request's header, from its first byte.", valueName: "seconds"))
    var headerTimeout: Double = Self.seconds(ConnectionLimits().headerTimeout)

    @Option(name: .customLong("body-timeout"),
            help: ArgumentHelp("Seconds a client may take to send a request's body, after its header.", valueName: "seconds"))
    var bodyTimeout: Double = Self.seconds(ConnectionLimits().bodyTimeout)

    @Option(name: .customLong("connections-per-client"),
            help: ArgumentHelp("Connections one client address may hold open at once (0: no limit); trusted proxies are not counted.",
                               valueName: "count"))
    var connectionsPerClient: Int = ConnectionLimits().connectionsPerClient ?? 0

    /// The longest timeout accepted: a day.
    static let maximumTimeout = 86_400.0

    func validate() throws {
        if let header = clientAddressHeader, header.isEmpty || !header.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) {
            throw ValidationError("--client-address-header must be a header name such as X-Forwarded-For, not '\(header)'")
        }
        let ranges = try proxyRanges()
        if clientAddressHeader != nil, ranges.isEmpty {
            throw ValidationError("""
                --client-address-header \(clientAddressHeader ?? "") needs --trusted-proxy: the addresses of the proxies that \
                set it (--trusted-proxy 127.0.0.1 for one on this machine, --trusted-proxy 10.0.0.0/8 for a load balancer in \
                that range); without them any client could write the header and pick its own address
                """)
        }
        if clientAddressHeader == nil, !ranges.isEmpty {
            throw ValidationError("--trusted-proxy needs --client-address-header: the header those proxies write the client's address in (X-Forwarded-For, Forwarded or X-Real-IP)")
        }
        for (name, value) in [("--idle-timeout", idleTimeout), ("--header-timeout", headerTimeout), ("--body-timeout", bodyTimeout)] {
            guard value.isFinite, value > 0, value <= Self.maximumTimeout else {
                throw ValidationError("\(name) must be more than 0 and at most \(Int(Self.maximumTimeout)) seconds, not \(value)")
            }
        }
        guard connectionsPerClient >= 0 else {
            throw ValidationError("--connections-per-client must be 0 (no limit) or more, not \(connectionsPerClient)")
        }
    }

    /// The trusted proxies as ranges.
    func proxyRanges() throws -> [IPAddressRange] {
        try trustedProxies.map { text in
            do {
                return try IPAddressRange(parsing: text)
            } catch {
                throw ValidationError("--trusted-proxy \(error)")
            }
        }
    }

    /// Sets the server's proxies and connection limits.
    func apply(to configuration: inout ServerConfiguration) throws {
        configuration.clientAddressHeader = clientAddressHeader
        configuration.trustedProxies = try proxyRanges()
        configuration.connectionLimits = ConnectionLimits(
            idleTimeout: .milliseconds(Int64(idleTimeout * 1000)), headerTimeout: .milliseconds(Int64(headerTimeout * 1000)),
            bodyTimeout: .milliseconds(Int64(bodyTimeout * 1000)), connectionsPerClient: connectionsPerClient == 0 ? nil : connectionsPerClient)
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
