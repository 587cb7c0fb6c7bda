import Foundation
import Logging
import NIOConcurrencyHelpers
import LandfallLinks
import PostgresNIO

/// One connection that runs `LISTEN landfall_links` and hands each change another instance
/// announced to ``Storage``'s subscribers. When the connection drops, it connects again,
/// waiting longer after each failure (0.1 s doubling up to 5 s).
///
/// Changes committed while it is not listening are never delivered, so once it listens again
/// it delivers ``LinkChange/anyLink``: caches forget everything, and nothing stale survives a
/// reconnect. (Not when the connection is lost: the first attempt to connect again follows
/// within 0.1 s, and while the database cannot be reached nobody can change a link in it, so
/// emptying caches then would only throw away what they may serve during an outage.)
///
/// Changes this instance made itself carry its origin and are skipped: ``Storage`` delivers
/// those as soon as their transaction commits.
final class PostgresChangeListener: Sendable {
    /// The notification channel.
    static let channel = "landfall_links"
    /// What the listening connection calls itself in `pg_stat_activity`.
    static let applicationName = "landfall listener"

    private let task: Task<Void, Never>
    private let current: NIOLockedValueBox<PostgresConnection?>

    private init(task: Task<Void, Never>, current: NIOLockedValueBox<PostgresConnection?>) {
        self.task = task
        self.current = current
    }

    /// Connects, starts listening, and returns once `LISTEN` is in effect (so a change
    /// committed after this returns is delivered).
    ///
    /// - Throws: The connection's error when the first connection or `LISTEN` fails.
    static func start(
        configuration: PostgresConnection.Configuration, origin: String, logger: Logger,
        deliver: @escaping @Sendable (LinkChange) -> Void
    ) async throws -> PostgresChangeListener {
        var configuration = configuration
        configuration.options.additionalStartupParameters = [("application_name", applicationName)]
        let connectionIDs = NIOLockedValueBox(0)
        let connect: @Sendable () async throws -> PostgresConnection = { [configuration] in
            let id = connectionIDs.withLockedValue { id in
                id += 1
                return id
            }
            return try await PostgresConnection.connect(configuration: configuration, id: id, logger: logger)
        }
        let first = try await connect()
        let current = NIOLockedValueBox<PostgresConnection?>(first)
        let (readiness, ready) = AsyncStream<(any Error)?>.makeStream()
        let task = Task {
            await listen(first: first, connect: connect, current: current, origin: origin, logger: logger, ready: ready, deliver: deliver)
        }
        for await failure in readiness {
            if let failure {
                task.cancel()
                await task.value
                throw failure
            }
            break
        }
        return PostgresChangeListener(task: task, current: current)
    }

    /// Listens until cancelled, reconnecting when the connection drops.
    private static func listen(
        first: PostgresConnection, connect: @Sendable () async throws -> PostgresConnection,
        current: NIOLockedValueBox<PostgresConnection?>, origin: String, logger: Logger,
        ready: AsyncStream<(any Error)?>.Continuation, deliver: @Sendable (LinkChange) -> Void
    ) async {
        var next: PostgresConnection? = first
        var isListening = false
        var delay = Duration.milliseconds(100)
        defer { ready.finish() }
        while !Task.isCancelled {
            do {
                let connection: PostgresConnection
                if let next { connection = next } else { connection = try await connect() }
                next = nil
                current.withLockedValue { $0 = connection }
                // A connection made while ``stop()`` ran (which closes only the connection it
                // finds, and none while one is being made) is closed here: listening on it would
                // never end, and the shutdown would wait for this task forever.
                if Task.isCancelled {
                    try? await connection.close()
                    return
                }
                do {
                    try await connection.listen(on: channel) { notifications in
                        if !isListening {
                            isListening = true
                            ready.yield(nil)
                        } else {
                            logger.notice("listening for link changes again; the ones made meanwhile were missed, so caches forget every link")
                            deliver(.anyLink)
                        }
                        delay = .milliseconds(100)
                        for try await notification in notifications {
                            handle(notification.payload, origin: origin, logger: logger, deliver: deliver)
                        }
                    }
                } catch {
                    try? await connection.close()
                    throw error
                }
                try? await connection.close()
            } catch {
                if !isListening {
                    ready.yield(error)
                    return
                }
                if Task.isCancelled { return }
                logger.warning("the connection listening for link changes failed; connecting again in \(delay)", metadata: [
                    "error": "\(PostgresBackend.describe(error))",
                ])
            }
            current.withLockedValue { $0 = nil }
            try? await Task.sleep(for: delay)
            delay = min(delay * 2, .seconds(5))
        }
    }

    /// Delivers the change in `payload` unless this instance made it.
    private static func handle(_ payload: String, origin: String, logger: Logger, deliver: (LinkChange) -> Void) {
        guard let notice = ChangeNotice(payload: payload) else {
            logger.warning("ignored a link change notification that is not landfall's", metadata: ["payload": "\(payload.prefix(200))"])
            return
        }
        guard notice.origin != origin else { return }
        deliver(notice.change)
    }

    /// Stops listening and closes the connection.
    func stop() async {
        task.cancel()
        // Closing the connection ends the notification sequence the task waits in.
        if let connection = current.withLockedValue({ $0 }) {
            try? await connection.close()
        }
        await task.value
    }
}

/// What a `pg_notify` on ``PostgresChangeListener/channel`` carries: the change, and which
/// ``Storage`` made it. A ``LinkChange/link(id:host:slugs:)`` change has `id`, `host` and
/// `slugs`; ``LinkChange/anyLink`` has none of them.
struct ChangeNotice: Codable, Sendable {
    /// The ``Storage`` object that made the change (a random id per object).
    var origin: String
    /// The link's id.
    var id: LinkID?
    /// The link's host.
    var host: String?
    /// The slugs it had and has.
    var slugs: [String]?

    init(origin: String, change: LinkChange) {
        self.origin = origin
        if case .link(let id, let host, let slugs) = change {
            self.id = id
            self.host = host
            self.slugs = slugs
        }
    }

    var change: LinkChange {
        guard let id, let host else { return .anyLink }
        return .link(id: id, host: host, slugs: slugs ?? [])
    }

    /// Reads a notification's payload (or a row of SQLite's change log); `nil` when it is not one.
    init?(payload: String) {
        guard let notice = try? JSONDecoder().decode(ChangeNotice.self, from: Data(payload.utf8)) else { return nil }
        self = notice
    }

    /// The JSON text sent as the notification's payload.
    var payload: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
