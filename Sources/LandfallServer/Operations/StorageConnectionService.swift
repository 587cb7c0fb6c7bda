import LandfallStorage
import Logging
import ServiceLifecycle

/// Waits for a storage that connects in the background (PostgreSQL unreachable when `landfall
/// serve` started) and then does what the server does right after opening the database: the
/// demo's seeding.
struct StorageConnectionService: Service {
    let storage: Storage
    /// What to do once connected.
    let whenConnected: @Sendable () async throws -> Void
    let logger: Logger

    func run() async throws {
        let connected = await cancelWhenGracefulShutdown { await storage.connected() }
        if connected, !Task.isShuttingDownGracefully {
            do {
                try await whenConnected()
            } catch {
                logger.error("connected to the database, but could not add the demo's links and admin", metadata: ["error": "\(error)"])
            }
        }
        // A service that returns ends the whole group (the server with it): wait for the shutdown.
        try? await gracefulShutdown()
    }
}
