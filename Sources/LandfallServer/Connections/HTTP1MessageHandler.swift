import NIOCore
import NIOHTTP1

/// Reads each HTTP/1 request's head as RFC 9112 says, before it becomes an `HTTPRequest` (which
/// no longer knows its version or its request target's form), and keeps the connection's
/// ``ConnectionTimeline``:
///
/// - **Absolute-form targets** (`GET http://go.example.com/abc HTTP/1.1`): the target's
///   authority is the request's host and a `Host` header is ignored (RFC 9112 §3.2.2), so the
///   host a request is routed by is the one it names.
/// - **Persistence** (RFC 9112 §9.3): an HTTP/1.0 request without `Connection: keep-alive`, or
///   any request whose `Connection` header lists `close` (in any case, among other options),
///   is answered with `Connection: close` and the connection closes after the answer.
///   HTTP/1.0 is answered in HTTP/1.0, so a body is never sent in chunks such a client cannot
///   read; one kept alive gets `Connection: keep-alive` when its answer has a length, and is
///   closed after it when it has none.
final class HTTP1MessageHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// How the answer to a request must treat the connection.
    enum Persistence {
        case keepAlive
        /// HTTP/1.0 with `Connection: keep-alive`.
        case keepAliveHTTP10
        case close
        case closeHTTP10
    }

    private let timeline: ConnectionTimeline
    /// What each request read and not yet answered asked for, oldest first (more than one only
    /// when a client pipelines).
    private var pending: [Persistence] = []
    /// Whether the connection closes once the answer being written ends.
    private var closesAfterAnswer = false

    init(timeline: ConnectionTimeline) {
        self.timeline = timeline
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(var head):
            timeline.headRead(now: .now())
            let persistence = Self.normalize(&head)
            pending.append(persistence)
            context.fireChannelRead(wrapInboundOut(.head(head)))
        case .body:
            context.fireChannelRead(data)
        case .end:
            timeline.endRead(now: .now())
            context.fireChannelRead(data)
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(var head):
            guard !pending.isEmpty, head.status.code >= 200 else {
                context.write(data, promise: promise)
                return
            }
            switch pending.removeFirst() {
            case .keepAlive:
                context.write(data, promise: promise)
                return
            case .close:
                head.headers.replaceOrAdd(name: "connection", value: "close")
            case .closeHTTP10:
                head.version = .http1_0
                head.headers.replaceOrAdd(name: "connection", value: "close")
            case .keepAliveHTTP10:
                head.version = .http1_0
                if head.headers.contains(name: "content-length") {
                    head.headers.replaceOrAdd(name: "connection", value: "keep-alive")
                } else {
                    head.headers.replaceOrAdd(name: "connection", value: "close")
                    closesAfterAnswer = true
                }
            }
            context.write(wrapOutboundOut(.head(head)), promise: promise)
        case .body:
            context.write(data, promise: promise)
        case .end:
            timeline.responseEnded(now: .now())
            guard closesAfterAnswer else {
                context.write(data, promise: promise)
                return
            }
            let written = promise ?? context.eventLoop.makePromise()
            context.writeAndFlush(data, promise: written)
            written.futureResult.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
        }
    }

    /// Applies RFC 9112's rules to `head` (see the type's documentation): a `Host` from an
    /// absolute-form target, `Connection: close` when the connection must close (which is
    /// what the HTTP layer closes on), and returns how the answer must treat the connection.
    static func normalize(_ head: inout HTTPRequestHead) -> Persistence {
        if let authority = absoluteFormAuthority(head.uri) {
            head.headers.replaceOrAdd(name: "host", value: String(authority))
        }
        let options = head.headers[canonicalForm: "connection"].map { $0.lowercased() }
        let isHTTP10 = head.version.major == 1 && head.version.minor == 0
        let closes = options.contains("close") || (isHTTP10 && !options.contains("keep-alive"))
        if closes {
            head.headers.replaceOrAdd(name: "connection", value: "close")
            return isHTTP10 ? .closeHTTP10 : .close
        }
        return isHTTP10 ? .keepAliveHTTP10 : .keepAlive
    }

    /// The authority of an absolute-form target (`http://host:port/path`), as written, or
    /// `nil` for any other form. An empty authority is returned as it is, for the host check
    /// to refuse.
    static func absoluteFormAuthority(_ target: String) -> Substring? {
        guard target.utf8.first != UInt8(ascii: "/"), let separator = target.range(of: "://") else { return nil }
        let scheme = target[..<separator.lowerBound].lowercased()
        guard scheme == "http" || scheme == "https" else { return nil }
        let rest = target[separator.upperBound...]
        return rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    }
}
