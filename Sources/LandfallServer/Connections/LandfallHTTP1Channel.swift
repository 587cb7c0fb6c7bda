import HTTPTypes
import Hummingbird
import HummingbirdCore
import LandfallLinks
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// Hummingbird's HTTP/1 connection (`HTTP1Channel`) with Landfall's guards around it: the
/// pipeline `HTTP1Channel` builds, plus ``ConnectionGuardHandler`` in front of the HTTP decoder
/// (per-client connection limit, idle, header and body timeouts), and ``HTTP1ServerCodec`` in
/// place of `HTTP1ToHTTPServerCodec` (the same conversion, plus absolute-form targets, HTTP/1.0
/// and `Connection: close`, in the one handler, so a request crosses no more handlers than
/// before). Requests are then handled exactly as `HTTP1Channel` handles them.
struct LandfallHTTP1Channel: ServerChildChannel, HTTPChannelHandler {
    typealias Value = NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>

    let responder: HTTPChannelHandler.Responder
    let limits: ConnectionLimits
    /// `nil` when connections per client are not limited.
    let clients: ClientConnections?
    let trustedProxies: TrustedProxies
    let metrics: ServerMetrics
    /// Whether the connection came through TLS (``LandfallTLSChannel``): requests get the
    /// `https` scheme.
    var secure = false

    /// A server builder for `Application(server:)`.
    static func builder(limits: ConnectionLimits, trustedProxies: TrustedProxies, metrics: ServerMetrics) -> HTTPServerBuilder {
        let clients = limits.connectionsPerClient.map { ClientConnections(limit: $0) }
        return HTTPServerBuilder { responder in
            LandfallHTTP1Channel(responder: responder, limits: limits, clients: clients, trustedProxies: trustedProxies, metrics: metrics)
        }
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            let timeline = ConnectionTimeline(now: .now())
            let pipeline = channel.pipeline.syncOperations
            try pipeline.addHandler(ConnectionGuardHandler(limits: limits, clients: clients, trustedProxies: trustedProxies,
                                                           timeline: timeline, metrics: metrics, logger: logger))
            try pipeline.configureHTTPServerPipeline(
                withPipeliningAssistance: false,  // NIOAsyncChannel reads one request at a time
                withErrorHandling: false,  // Hummingbird answers parser errors itself
                withOutboundHeaderValidation: false,  // HTTPTypes has validated them
                withEncoderConfiguration: .init(),
                withDecoderLimitConfiguration: .init()
            )
            try pipeline.addHandler(HTTP1ServerCodec(timeline: timeline, secure: secure))
            // Hummingbird's own handler, for a graceful shutdown: its idle timeout is off, ours rule.
            try pipeline.addHandler(HTTPConnectionStateHandler(idleTimeout: nil, logger: logger))
            return try NIOAsyncChannel(wrappingChannelSynchronously: channel, configuration: .init(isOutboundHalfClosureEnabled: true))
        }
    }

    func handle(value asyncChannel: Value, logger: Logger) async {
        await handleHTTP(asyncChannel: asyncChannel, logger: logger)
    }
}
