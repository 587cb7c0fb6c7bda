import AsyncHTTPClient
import Foundation
import NIOCore
import NIOPosix
import NIOSSL

/// The doctor's I/O: DNS, a TLS handshake that captures the certificate chain, and HTTP
/// requests that never follow a redirect on their own. Everything it returns is an
/// observation (``FetchedResponse``, ``FetchTrail``, ``TLSObservation``, ``HostResolution``) or
/// a ``FetchFailure``, never a judgement: the checks judge.
///
/// It owns one `HTTPClient`; call ``shutdown()`` when done, or use
/// ``withDoctorNetwork(_:_:)``, which does.
///
/// ```swift
/// let trail = try await withDoctorNetwork(DoctorNetworkSettings()) { network in
///     await network.fetch("https://example.com/.well-known/apple-app-site-association",
///                         userAgent: "landfall-doctor")
/// }
/// ```
public final class DoctorNetwork: Sendable {
    /// The settings this network was made with.
    public let settings: DoctorNetworkSettings

    /// The HTTP client: no redirects, no decompression, certificates not verified, HTTP/1.1.
    let client: HTTPClient
    /// ``DoctorNetworkSettings/addressOverrides`` with lower-cased host names and bare
    /// addresses (`[::1]` becomes `::1`).
    let overrides: [String: String]

    /// Creates the network layer and its HTTP client.
    public init(settings: DoctorNetworkSettings) {
        self.settings = settings
        let overrides = Dictionary(
            settings.addressOverrides.map { host, address in
                (host.lowercased(), address.trimmingCharacters(in: CharacterSet(charactersIn: "[]")))
            },
            uniquingKeysWith: { first, _ in first }
        )
        self.overrides = overrides

        // The certificate is judged from handshake(); a fetch goes on regardless, so that every
        // other problem of the file is reported too.
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.certificateVerification = .none
        // Closing a connection waits this long for the server's close_notify; a server that
        // hangs never sends one, and the default (5 s) would hold up shutdown() as long.
        tls.shutdownTimeout = .fractionalSeconds(min(settings.responseTimeout, 1))
        var configuration = HTTPClient.Configuration(
            tlsConfiguration: tls,
            redirectConfiguration: .disallow,
            // AsyncHTTPClient bounds connecting and the TLS handshake together by `connect`;
            // `read` ends a request when the server goes quiet, and the deadline of each request
            // (connect + response timeout) bounds a server that trickles.
            timeout: HTTPClient.Configuration.Timeout(
                connect: .fractionalSeconds(settings.connectTimeout),
                read: .fractionalSeconds(settings.responseTimeout)
            ),
            decompression: .disabled
        )
        configuration.dnsOverride = overrides
        configuration.httpVersion = .http1Only
        // Report the first failure (refused, no such host) at once, instead of retrying until
        // the connect timeout and reporting a timeout.
        configuration.connectionPool.retryConnectionEstablishment = false
        self.client = HTTPClient(eventLoopGroup: MultiThreadedEventLoopGroup.singleton, configuration: configuration)
    }

    /// Shuts the HTTP client down, closing its connections. Call it once, when done.
    ///
    /// - Throws: When the client was shut down already.
    public func shutdown() async throws {
        try await client.shutdown()
    }

    /// The address `--resolve` gives for `host`, if any.
    func overrideAddress(for host: String) -> String? {
        overrides[host.lowercased()]
    }
}

/// Runs `body` with a ``DoctorNetwork`` made from `settings`, and shuts it down afterwards,
/// whether `body` returns or throws.
///
/// - Returns: What `body` returns.
/// - Throws: What `body` throws, or the shutdown's error when `body` succeeded.
public func withDoctorNetwork<T>(
    _ settings: DoctorNetworkSettings,
    _ body: (DoctorNetwork) async throws -> T
) async throws -> T {
    let network = DoctorNetwork(settings: settings)
    let result: T
    do {
        result = try await body(network)
    } catch {
        try? await network.shutdown()
        throw error
    }
    try await network.shutdown()
    return result
}
