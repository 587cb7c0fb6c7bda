import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// A small HTTP or HTTPS server on loopback for tests: it answers every request with what
/// its `reply` closure says, records the requests, and can misbehave on purpose (never
/// answer, never even read).
///
/// ```swift
/// let authority = try TestCertificateAuthority()
/// let server = try await StandInServer.start(identity: try authority.issue(for: ["good.landfall.test"])) { _ in
///     .json(#"{"applinks":{"details":[]}}"#)
/// }
/// // fetch server.url("/.well-known/apple-app-site-association", host: "good.landfall.test"),
/// // with good.landfall.test mapped to 127.0.0.1
/// try await server.stop()
/// ```
///
/// It prints nothing. ``stop()`` closes the listener and every open connection, so a test that
/// stops its servers never hangs on one.
public final class StandInServer: Sendable {
    /// The port the server listens on, on 127.0.0.1 (an ephemeral port chosen at start).
    public let port: Int
    /// Whether the server speaks TLS (`https`) or plain HTTP. A ``silent()`` server counts as
    /// TLS: it stands in for an HTTPS server that hangs.
    public let isSecure: Bool

    private let listener: any Channel
    private let record: StandInRecord

    private init(listener: any Channel, record: StandInRecord, isSecure: Bool) throws {
        guard let port = listener.localAddress?.port else { throw StandInServerError.noLocalPort }
        self.listener = listener
        self.record = record
        self.port = port
        self.isSecure = isSecure
    }

    /// Starts a server on 127.0.0.1, on an ephemeral port.
    ///
    /// - Parameters:
    ///   - identity: The certificate chain and key to serve TLS with; `nil` for plain HTTP.
    ///   - reply: What to do with each request; called once per request, on an event loop
    ///     (return at once, never block).
    /// - Throws: When the TLS identity cannot be loaded or the port cannot be bound.
    public static func start(
        identity: ServerIdentity?,
        reply: @escaping @Sendable (StandInRequest) -> StandInReply
    ) async throws -> StandInServer {
        let tlsContext = try identity.map { try NIOSSLContext(configuration: tlsConfiguration(for: $0)) }
        let record = StandInRecord()
        let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try record.admit(channel)
                    let pipeline = channel.pipeline.syncOperations
                    if let tlsContext {
                        try pipeline.addHandler(NIOSSLServerHandler(context: tlsContext))
                    }
                    try pipeline.configureHTTPServerPipeline(withErrorHandling: true)
                    try pipeline.addHandler(StandInHTTPHandler(record: record, reply: reply))
                }
            }
            .bind(host: "127.0.0.1", port: 0)
            .get()
        return try StandInServer(listener: listener, record: record, isSecure: identity != nil)
    }

    /// Starts a server on 127.0.0.1 that accepts TCP connections and never reads or writes a
    /// byte: a TLS client's handshake hangs until its timeout (or until ``stop()``).
    ///
    /// - Throws: When the port cannot be bound.
    public static func silent() async throws -> StandInServer {
        let record = StandInRecord()
        let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(ChannelOptions.autoRead, value: false)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try record.admit(channel) }
            }
            .bind(host: "127.0.0.1", port: 0)
            .get()
        return try StandInServer(listener: listener, record: record, isSecure: true)
    }

    /// The requests received so far, in the order they arrived.
    public var requests: [StandInRequest] { record.requests }

    /// `https` or `http`.
    public var scheme: String { isSecure ? "https" : "http" }

    /// A URL on this server: `https://<host>:<port><path>`.
    ///
    /// - Parameters:
    ///   - path: The path (with its query), starting with `/`.
    ///   - host: The host name to put in the URL (map it to 127.0.0.1 in the client, for
    ///     example with the doctor's address overrides); `127.0.0.1` by default.
    public func url(_ path: String = "/", host: String = "127.0.0.1") -> String {
        "\(scheme)://\(host):\(port)\(path)"
    }

    /// Closes the listener and every open connection. Calling it again does nothing.
    ///
    /// - Throws: When the listener fails to close for another reason than being closed already.
    public func stop() async throws {
        let open = record.stop()
        for connection in open {
            try? await connection.close()
        }
        do {
            try await listener.close()
        } catch ChannelError.alreadyClosed {
            // Stopped before: nothing left to do.
        }
    }

    /// TLS with the identity's chain and key; a short shutdown timeout so that ``stop()``
    /// does not wait long for clients that never answer a close_notify.
    private static func tlsConfiguration(for identity: ServerIdentity) throws -> TLSConfiguration {
        let chain = try NIOSSLCertificate.fromPEMBytes(Array(identity.chainPEM.utf8))
        let key = try NIOSSLPrivateKey(bytes: Array(identity.privateKeyPEM.utf8), format: .pem)
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: chain.map { .certificate($0) },
            privateKey: .privateKey(key)
        )
        configuration.shutdownTimeout = .milliseconds(250)
        return configuration
    }
}

/// Why a ``StandInServer`` could not start or take a connection.
public enum StandInServerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The listener has no local port (it does not happen on a bound TCP socket).
    case noLocalPort
    /// A connection arrived after ``StandInServer/stop()``; it was refused.
    case stopped

    /// A sentence for the test log.
    public var description: String {
        switch self {
        case .noLocalPort: "the stand-in server's listener has no local port"
        case .stopped: "the stand-in server was stopped"
        }
    }
}
