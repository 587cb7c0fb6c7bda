import LandfallDoctor

/// How a webhook's host name becomes the addresses that are checked and connected to: the
/// system resolver, or one a test injects (a name that resolves to a private address).
public struct WebhookResolver: Sendable {
    /// The addresses of a host name, or why there are none.
    public let lookUp: @Sendable (String) async -> Result<[String], WebhookResolverFailure>

    public init(lookUp: @escaping @Sendable (String) async -> Result<[String], WebhookResolverFailure>) {
        self.lookUp = lookUp
    }

    /// The system resolver (`getaddrinfo`).
    public static let system = WebhookResolver { host in
        switch await DoctorNetwork.systemLookUp(host) {
        case .addresses(let addresses): .success(addresses)
        case .overridden(let address): .success([address])
        case .failed(let reason): .failure(WebhookResolverFailure(reason: reason))
        }
    }

    /// A resolver that answers from `table` (host name to addresses) and fails for other names.
    public static func fixed(_ table: [String: [String]]) -> WebhookResolver {
        WebhookResolver { host in
            guard let addresses = table[host.lowercased()] else {
                return .failure(WebhookResolverFailure(reason: "no such host"))
            }
            return .success(addresses)
        }
    }
}

/// Why a host name has no address.
public struct WebhookResolverFailure: Error, Sendable, Hashable {
    public let reason: String

    public init(reason: String) {
        self.reason = reason
    }
}
