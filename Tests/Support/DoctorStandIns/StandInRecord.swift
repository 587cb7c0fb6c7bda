import Foundation
import NIOCore

/// What a ``StandInServer`` shares between its connections: the requests received and the
/// connections still open (so that stopping closes them all).
///
/// `@unchecked Sendable` is safe: every stored property is read and written only while
/// `lock` is held, and nothing escapes the lock but copies (and `Channel`s, which are `Sendable`).
final class StandInRecord: @unchecked Sendable {
    private let lock = NSLock()
    private var received: [StandInRequest] = []
    private var open: [ObjectIdentifier: any Channel] = [:]
    private var isStopped = false

    /// The requests so far, in order.
    var requests: [StandInRequest] {
        lock.withLock { received }
    }

    /// Records a request.
    func append(_ request: StandInRequest) {
        lock.withLock { received.append(request) }
    }

    /// Keeps track of a new connection until it closes.
    ///
    /// - Throws: ``StandInServerError/stopped`` after ``stop()``: the connection is refused.
    func admit(_ channel: any Channel) throws {
        let key = ObjectIdentifier(channel)
        try lock.withLock {
            if isStopped { throw StandInServerError.stopped }
            open[key] = channel
        }
        channel.closeFuture.whenComplete { _ in
            self.lock.withLock { _ = self.open.removeValue(forKey: key) }
        }
    }

    /// Refuses connections from now on and returns those still open, for closing.
    func stop() -> [any Channel] {
        lock.withLock {
            isStopped = true
            return Array(open.values)
        }
    }
}
