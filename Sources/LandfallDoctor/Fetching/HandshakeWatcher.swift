import NIOCore
import NIOSSL
import NIOTLS  // TLSUserEvent; NIOSSL depends on it (Package.swift should list the NIOTLS product)

/// Sits behind the TLS handler of one connection and completes `promise` when the handshake
/// finishes, fails, times out (``Timeout``) or the connection closes first
/// (``ClosedDuringHandshake``). The timer starts when the connection is active.
final class HandshakeWatcher: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    /// The handshake did not finish within the timeout; the connection was closed.
    struct Timeout: Error {}
    /// The connection closed before the handshake finished.
    struct ClosedDuringHandshake: Error {}

    private let promise: EventLoopPromise<Void>
    private let timeout: TimeAmount
    private var timer: Scheduled<Void>?

    init(promise: EventLoopPromise<Void>, timeout: TimeAmount) {
        self.promise = promise
        self.timeout = timeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive {
            startTimer(context: context)
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        finish(.failure(ClosedDuringHandshake()))
    }

    func channelActive(context: ChannelHandlerContext) {
        startTimer(context: context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        finish(.failure(ClosedDuringHandshake()))
        context.fireChannelInactive()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case TLSUserEvent.handshakeCompleted = event {
            finish(.success(()))
        }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        finish(.failure(error))
        context.close(promise: nil)
    }

    private func startTimer(context: ChannelHandlerContext) {
        guard timer == nil else { return }
        let promise = self.promise
        timer = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) {
            promise.fail(Timeout())
            context.close(promise: nil)
        }
    }

    /// Completes the promise (a promise completes once; later calls do nothing) and stops the timer.
    private func finish(_ result: Result<Void, any Error>) {
        timer?.cancel()
        promise.completeWith(result)
    }
}
