import NIOConcurrencyHelpers
import PostgresNIO

/// One call of ``PostgresBackend``'s `withConnection`: first it waits for a connection of the
/// pool, then its body runs on that connection, then it has ended. The caller waits on
/// ``value()``; a watch looks at the call every ``PostgresCall/lookInterval`` and may end the
/// wait early, with ``giveUp(_:)`` while no connection came, or with ``abandon(at:_:)`` when the
/// body's connection closed under it.
///
/// Why the second: PostgresNIO writes each statement to its channel without a promise for the
/// write. Once the channel has closed and NIO has taken its pipeline apart, such a write goes
/// nowhere, and the statement is neither answered nor failed: a `COMMIT` or a `ROLLBACK` sent
/// just as PostgreSQL stopped kept its caller, and `landfall serve`'s graceful shutdown,
/// waiting for ever. While the channel closes, PostgresNIO fails the statements it has; so a
/// body still running ``closedGrace`` after its connection closed waits for a write that was
/// lost, and the call ends with an error. A statement that was never sent changed nothing, and
/// PostgreSQL rolls back a transaction whose connection closed before its `COMMIT` arrived.
final class PostgresCall<Result: Sendable>: Sendable {
    enum Phase: Sendable {
        /// Waiting for a connection of the pool, since then.
        case waiting(since: ContinuousClock.Instant)
        /// The body runs on `connection`, which was first seen closed at `closedSince`.
        case running(PostgresConnection, closedSince: ContinuousClock.Instant?)
        /// The caller has its answer (or its error); a connection handed out now runs nothing,
        /// and a late result of the body is dropped.
        case ended
    }

    /// How often the watch looks at the call.
    static var lookInterval: Duration { .milliseconds(500) }
    /// How long a body may go on after its connection closed before its call ends.
    static var closedGrace: Duration { .seconds(1) }

    private let phase = NIOLockedValueBox(Phase.waiting(since: .now))
    /// The call's answer: one result, or an error.
    private let outcomes: AsyncThrowingStream<Result, any Error>
    private let outcome: AsyncThrowingStream<Result, any Error>.Continuation

    init() {
        (outcomes, outcome) = AsyncThrowingStream<Result, any Error>.makeStream()
    }

    /// The phase the call is in.
    var current: Phase { phase.withLockedValue { $0 } }

    /// The pool handed out `connection`: true when the body is to run on it, false when the
    /// wait was given up meanwhile.
    func start(on connection: PostgresConnection) -> Bool {
        phase.withLockedValue { phase in
            guard case .waiting = phase else { return false }
            phase = .running(connection, closedSince: nil)
            return true
        }
    }

    /// Delivers the body's answer, or the pool's error, unless the call ended before.
    func finish(_ result: Swift.Result<Result, any Error>) {
        let delivers = phase.withLockedValue { phase in
            if case .ended = phase { return false }
            phase = .ended
            return true
        }
        guard delivers else { return }
        switch result {
        case .success(let value):
            outcome.yield(value)
            outcome.finish()
        case .failure(let error):
            outcome.finish(throwing: error)
        }
    }

    /// Ends the wait with `error` if no connection came yet (a body that runs is waited for);
    /// tells whether it did.
    @discardableResult
    func giveUp(_ error: any Error) -> Bool {
        let ends = phase.withLockedValue { phase in
            guard case .waiting = phase else { return false }
            phase = .ended
            return true
        }
        if ends { outcome.finish(throwing: error) }
        return ends
    }

    /// Ends the call with `error` if its body still runs on a connection that closed at least
    /// ``closedGrace`` before `now`; notes when it first finds the connection closed. Tells
    /// whether it ended the call.
    func abandon(at now: ContinuousClock.Instant, _ error: @autoclosure () -> any Error) -> Bool {
        let ends = phase.withLockedValue { phase in
            guard case .running(let connection, let closedSince) = phase, connection.isClosed else { return false }
            guard let closedSince else {
                phase = .running(connection, closedSince: now)
                return false
            }
            guard now - closedSince >= Self.closedGrace else { return false }
            phase = .ended
            return true
        }
        if ends { outcome.finish(throwing: error()) }
        return ends
    }

    /// The caller's wait: the body's answer, or the error that ended the call.
    func value() async throws -> Result {
        for try await result in outcomes { return result }
        throw CancellationError()
    }
}
