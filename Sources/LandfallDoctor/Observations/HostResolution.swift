/// What DNS (or `--resolve`) gave for a host.
public enum HostResolution: Sendable, Hashable {
    /// The addresses DNS returned, IPv4 and IPv6, in its order.
    case addresses([String])
    /// `--resolve` named the address; DNS was not asked.
    case overridden(String)
    /// DNS has no address for the host; the reason is the resolver's.
    case failed(reason: String)
}
