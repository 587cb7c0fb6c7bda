import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1

/// Turns NIO's HTTP/1 messages into `HTTPRequest`s and `HTTPResponse`s back (what
/// `HTTP1ToHTTPServerCodec` does, in the same one step), reading each request's head as RFC
/// 9112 says while its version and target form are still known, and keeping the connection's
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
final class HTTP1ServerCodec: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
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
    /// Whether the connection is TLS: the requests' scheme is `https`.
    private let secure: Bool
    /// What each request read and not yet answered asked for, oldest first (more than one only
    /// when a client pipelines).
    private var pending: [Persistence] = []
    /// Whether the connection closes once the answer being written ends.
    private var closesAfterAnswer = false

    init(timeline: ConnectionTimeline, secure: Bool = false) {
        self.timeline = timeline
        self.secure = secure
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(var head):
            timeline.headRead()
            // Most requests are HTTP/1.1 in origin form without a Connection header.
            if Self.needsNormalizing(head) {
                pending.append(Self.normalize(&head))
            } else {
                pending.append(.keepAlive)
            }
            do {
                let request = try HTTPRequest(head, secure: secure, splitCookie: false)
                context.fireChannelRead(wrapInboundOut(.head(request)))
            } catch {
                context.fireErrorCaught(error)
            }
        case .body(let body):
            context.fireChannelRead(wrapInboundOut(.body(body)))
        case .end(let trailers):
            timeline.endRead()
            context.fireChannelRead(wrapInboundOut(.end(trailers.map { HTTPFields($0, splitCookie: false) })))
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let response):
            var head = HTTPResponseHead(response)
            if !pending.isEmpty, response.status.code >= 200 {
                apply(pending.removeFirst(), to: &head)
            }
            context.write(wrapOutboundOut(.head(head)), promise: promise)
        case .body(let body):
            context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: promise)
        case .end(let trailers):
            timeline.responseEnded()
            let end = wrapOutboundOut(.end(trailers.map(HTTPHeaders.init)))
            guard closesAfterAnswer else {
                context.write(end, promise: promise)
                return
            }
            let written = promise ?? context.eventLoop.makePromise()
            context.writeAndFlush(end, promise: written)
            written.futureResult.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
        }
    }

    /// Marks an answer's head with what its request asked of the connection.
    private func apply(_ persistence: Persistence, to head: inout HTTPResponseHead) {
        switch persistence {
        case .keepAlive:
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
    }

    /// Whether ``normalize(_:)`` could change `head` or answer anything but keep-alive.
    static func needsNormalizing(_ head: HTTPRequestHead) -> Bool {
        head.version != .http1_1 || head.uri.utf8.first != UInt8(ascii: "/") || head.headers.contains(name: "connection")
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
