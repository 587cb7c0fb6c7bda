import NIOCore
import NIOHTTP1

/// The per-connection handler of a ``StandInServer``: records each request once it is
/// complete, asks the server's `reply` closure what to do, and writes that response.
final class StandInHTTPHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let record: StandInRecord
    private let reply: @Sendable (StandInRequest) -> StandInReply
    private var head: HTTPRequestHead?

    init(record: StandInRecord, reply: @escaping @Sendable (StandInRequest) -> StandInReply) {
        self.record = record
        self.reply = reply
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            self.head = head
        case .body:
            break
        case .end:
            guard let head else { return }
            self.head = nil
            let request = StandInRequest(
                method: head.method.rawValue,
                path: head.uri,
                host: head.headers.first(name: "Host"),
                headers: head.headers.map { ($0.name, $0.value) }
            )
            record.append(request)
            switch reply(request) {
            case .neverAnswer:
                break
            case let .respond(status, headers, body):
                respond(context: context, to: head, status: status, headers: headers, body: body)
            }
        }
    }

    private func respond(
        context: ChannelHandlerContext,
        to request: HTTPRequestHead,
        status: Int,
        headers: [(String, String)],
        body: [UInt8]
    ) {
        var fields = HTTPHeaders(headers)
        if !fields.contains(name: "Content-Length") && !fields.contains(name: "Transfer-Encoding") {
            fields.add(name: "Content-Length", value: String(body.count))
        }
        let head = HTTPResponseHead(version: request.version, status: HTTPResponseStatus(statusCode: status), headers: fields)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        if !body.isEmpty {
            context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: body)))), promise: nil)
        }
        if request.isKeepAlive {
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        } else {
            context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in
                context.close(promise: nil)
            }
        }
    }
}
