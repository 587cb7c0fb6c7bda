import Foundation
import NIOConcurrencyHelpers

/// The subscribers of ``Storage/changes()``: each gets every change published after it
/// subscribed, until it stops iterating or the storage closes.
final class ChangeHub: Sendable {
    private struct Subscribers {
        var continuations: [UUID: AsyncStream<LinkChange>.Continuation] = [:]
        var isFinished = false
    }

    private let subscribers = NIOLockedValueBox(Subscribers())

    /// A new stream of the changes published from now on.
    func subscribe() -> AsyncStream<LinkChange> {
        let (stream, continuation) = AsyncStream<LinkChange>.makeStream(bufferingPolicy: .bufferingNewest(Self.bufferSize))
        let id = UUID()
        let isFinished = subscribers.withLockedValue { subscribers in
            if !subscribers.isFinished { subscribers.continuations[id] = continuation }
            return subscribers.isFinished
        }
        if isFinished {
            continuation.finish()
        } else {
            continuation.onTermination = { [weak self] _ in
                self?.subscribers.withLockedValue { _ = $0.continuations.removeValue(forKey: id) }
            }
        }
        return stream
    }

    /// Hands `changes` to every subscriber. A subscriber more than ``bufferSize`` changes behind
    /// loses the oldest, and gets ``LinkChange/anyLink`` after the newest: whatever it keeps
    /// of links, it forgets.
    func publish(_ changes: [LinkChange]) {
        guard !changes.isEmpty else { return }
        let continuations = subscribers.withLockedValue { Array($0.continuations.values) }
        for continuation in continuations {
            for change in changes {
                if case .dropped = continuation.yield(change) { continuation.yield(.anyLink) }
            }
        }
    }

    /// How many changes a subscriber may be behind.
    static let bufferSize = 10_000

    /// Ends every stream; later subscribers get a finished one.
    func finish() {
        let continuations = subscribers.withLockedValue { subscribers in
            subscribers.isFinished = true
            defer { subscribers.continuations = [:] }
            return Array(subscribers.continuations.values)
        }
        for continuation in continuations {
            continuation.finish()
        }
    }
}
