import HummingbirdCore
import LandfallLinks
import HummingbirdHTTP2
import Logging
import NIOCore
import NIOHTTP2
import NIOSSL
import NIOTLS

/// A TLS connection of `landfall serve --tls-certificate --tls-key`: the TLS handshake (with
/// the certificate the ``CertificateHolder`` holds at that moment), then HTTP/2 when the client
/// offers `h2` by ALPN and HTTP/1.1 otherwise.
///
/// - HTTP/1.1 runs exactly as a plain connection does (``LandfallHTTP1Channel``, behind the
///   TLS handler): the per-client connection limit and the idle, header and body timeouts.
/// - HTTP/2 runs through Hummingbird's `HTTP2Channel`: a connection with no open stream
///   closes after the idle timeout, and it counts against the per-client connection limit
///   (past it, the connection is closed after the handshake). The header and body timeouts
///   are HTTP/1's and do not apply to its streams.
/// - The handshake must end within the header timeout, or the connection is closed.
struct LandfallTLSChannel: ServerChildChannel, HTTPChannelHandler {
    typealias Negotiated = NIONegotiatedHTTPVersion<LandfallHTTP1Channel.Value, HTTP2Channel.Value>

    struct Value: ServerChildChannelValue {
        /// Which protocol the handshake chose, with its connection set up.
        let negotiated: EventLoopFuture<Negotiated>
        let channel: any Channel
    }

    let http1: LandfallHTTP1Channel
    let http2: HTTP2Channel
    let context: NIOSSLContext
    let handshakeTimeout: Duration

    var responder: HTTPChannelHandler.Responder { http1.responder }

    /// A server builder for `Application(server:)`: one `NIOSSLContext` for the server's life,
    /// whose handshakes take their certificate from `certificates`.
    ///
    /// - Throws: NIOSSL's error when the TLS context cannot be made.
    static func builder(certificates: CertificateHolder, limits: ConnectionLimits, trustedProxies: TrustedProxies,
                        metrics: ServerMetrics) throws -> HTTPServerBuilder {
        let context = try NIOSSLContext(configuration: certificates.serverConfiguration())
        let clients = limits.connectionsPerClient.map { ClientConnections(limit: $0) }
        return HTTPServerBuilder { responder in
            LandfallTLSChannel(
                http1: LandfallHTTP1Channel(responder: responder, limits: limits, clients: clients, trustedProxies: trustedProxies,
                                            metrics: metrics, secure: true),
                http2: HTTP2Channel(responder: responder, configuration: http2Configuration(limits)),
                context: context, handshakeTimeout: limits.headerTimeout)
        }
    }

    /// HTTP/2's limits from the connection limits: a connection without streams is closed after
    /// the idle timeout, and a stream whose request stops arriving (its body, after its header)
    /// is reset after the body timeout, as an HTTP/1.1 connection is closed; a request read
    /// whole may take its time to be answered.
    static func http2Configuration(_ limits: ConnectionLimits) -> HTTP2ChannelConfiguration {
        HTTP2ChannelConfiguration(idleTimeout: limits.idleTimeout,
                                  streamConfiguration: HTTP1Channel.Configuration(idleTimeout: TimeAmount(limits.bodyTimeout)))
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            let pipeline = channel.pipeline.syncOperations
            try pipeline.addHandler(NIOSSLServerHandler(context: context))
            let http1 = self.http1
            let http2 = self.http2
            let negotiation = NIOTypedApplicationProtocolNegotiationHandler<Negotiated> { result, channel in
                switch result {
                case .negotiated("h2"):
                    guard http1.admitsHTTP2(channel) else {
                        return channel.close().flatMapThrowing { throw ClientLimitReached() }
                    }
                    return http2.setup(channel: channel, logger: logger).map { .http2($0) }
                case .negotiated("http/1.1"), .fallback:
                    return http1.setup(channel: channel, logger: logger).map { .http1_1($0) }
                case .negotiated:
                    return channel.close().flatMapThrowing { throw NIOHTTP2Errors.invalidALPNToken() }
                }
            }
            try pipeline.addHandler(negotiation)
            let negotiated = negotiation.protocolNegotiationResult
            let timeout = channel.eventLoop.scheduleTask(in: TimeAmount(handshakeTimeout)) {
                logger.debug("connection closed: no TLS handshake within \(handshakeTimeout)")
                channel.close(promise: nil)
            }
            negotiated.whenComplete { _ in timeout.cancel() }
            return Value(negotiated: negotiated, channel: channel)
        }
    }

    func handle(value: Value, logger: Logger) async {
        do {
            switch try await value.negotiated.get() {
            case .http1_1(let connection):
                await http1.handle(value: connection, logger: logger)
            case .http2(let connection):
                await http2.handle(value: connection, logger: logger)
            }
        } catch {
            logger.debug("TLS connection ended before HTTP began: \(error)")
        }
    }

    /// An HTTP/2 connection past its client's connection limit.
    struct ClientLimitReached: Error {}
}

extension LandfallHTTP1Channel {
    /// Whether an HTTP/2 connection may go on under the per-client connection limit: it takes
    /// its client's place until it closes. (An HTTP/1.1 connection takes it in
    /// ``ConnectionGuardHandler``, which also answers 429.)
    func admitsHTTP2(_ channel: any Channel) -> Bool {
        guard let clients, let address = channel.remoteAddress?.ipAddress,
              !(IPAddress(address).map(trustedProxies.contains) ?? false) else { return true }
        guard clients.open(address) else {
            metrics.recordConnectionRefused()
            return false
        }
        channel.closeFuture.whenComplete { _ in clients.close(address) }
        return true
    }
}
