import LandfallLinks
import Logging
import NIOCore

/// The first handler of every connection, reading bytes before the HTTP decoder does: it
/// refuses a connection past the client's ``ConnectionLimits/connectionsPerClient`` and closes
/// one whose idle, header or body timeout has run out (``ConnectionTimeline``).
///
/// A refused connection is answered `429 Too Many Requests` when its first bytes come (so the
/// client reads an answer rather than a reset) and closed; its bytes never reach the router.
/// A header that takes too long is answered `408 Request Timeout`; an idle connection, or one
/// whose body takes too long, is simply closed.
final class ConnectionGuardHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let limits: ConnectionLimits
    private let clients: ClientConnections?
    private let trustedProxies: TrustedProxies
    private let timeline: ConnectionTimeline
    private let metrics: ServerMetrics
    private let logger: Logger
    /// The address whose place this connection holds in ``clients``.
    private var counted: String?
    /// The address refused, when the connection is past the client's limit.
    private var refused: String?
    private var timer: RepeatedTask?
    /// Whether the connection has been answered by this handler and is closing.
    private var closing = false

    init(limits: ConnectionLimits, clients: ClientConnections?, trustedProxies: TrustedProxies, timeline: ConnectionTimeline,
         metrics: ServerMetrics, logger: Logger) {
        self.limits = limits
        self.clients = clients
        self.trustedProxies = trustedProxies
        self.timeline = timeline
        self.metrics = metrics
        self.logger = logger
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { start(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        start(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        stop()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        stop()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !closing else { return }
        if let refused {
            answer(context, status: "429 Too Many Requests", retryAfter: 10,
                   "Too many connections from \(refused): at most \(clients?.limit ?? 0) at once. Close some and try again.\n")
            return
        }
        timeline.bytesArrived()
        context.fireChannelRead(data)
    }

    /// Counts the connection against its client's limit and starts the deadline checks.
    private func start(_ context: ChannelHandlerContext) {
        guard timer == nil, refused == nil, counted == nil else { return }
        if let clients, let address = context.channel.remoteAddress?.ipAddress,
           !(IPAddress(address).map(trustedProxies.contains) ?? false) {
            if clients.open(address) {
                counted = address
            } else {
                refused = address
                metrics.recordConnectionRefused()
                logger.debug("connection refused: too many from one address",
                              metadata: ["client": .string(address), "limit": .stringConvertible(clients.limit)])
            }
        }
        let interval = TimeAmount(limits.checkInterval)
        let bound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
        timer = context.eventLoop.scheduleRepeatedTask(initialDelay: interval, delay: interval) { _ in
            bound.value.handler.check(bound.value.context)
        }
    }

    private func stop() {
        timer?.cancel()
        timer = nil
        if let counted {
            clients?.close(counted)
            self.counted = nil
        }
    }

    private func check(_ context: ChannelHandlerContext) {
        let limits = refused == nil ? limits : ConnectionLimits(idleTimeout: limits.headerTimeout, headerTimeout: limits.headerTimeout,
                                                                bodyTimeout: limits.headerTimeout)
        guard let expiry = timeline.expiry(at: .now(), limits: limits) else { return }
        metrics.recordConnectionTimeout(expiry.rawValue)
        logger.debug("connection closed: \(expiry.rawValue) timeout", metadata: ["client": .string(context.channel.remoteAddress?.ipAddress ?? "")])
        switch expiry {
        case .idle, .body:
            // A body cut off may have had its answer begun already: the connection just closes.
            stop()
            context.close(promise: nil)
        case .header:
            answer(context, status: "408 Request Timeout", retryAfter: nil,
                   "The request's header took too long to arrive: it must come within \(limits.headerTimeout) of its first byte.\n")
        }
    }

    /// Writes a whole response straight to the socket and closes the connection: only when no
    /// response of the HTTP layer is under way (a refused connection, a request still arriving).
    private func answer(_ context: ChannelHandlerContext, status: String, retryAfter: Int?, _ text: String) {
        stop()
        guard !closing else { return }
        closing = true
        var head = "HTTP/1.1 \(status)\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: \(text.utf8.count)\r\nConnection: close\r\n"
        if let retryAfter { head += "Retry-After: \(retryAfter)\r\n" }
        let buffer = context.channel.allocator.buffer(string: head + "\r\n" + text)
        context.writeAndFlush(NIOAny(buffer)).assumeIsolated().whenComplete { _ in context.close(promise: nil) }
    }
}
