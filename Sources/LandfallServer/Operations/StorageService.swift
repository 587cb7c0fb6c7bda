import LandfallStorage
import ServiceLifecycle

/// Keeps the database open while the server runs and closes it on shutdown.
struct StorageService: Service {
    let storage: Storage

    func run() async throws {
        try? await gracefulShutdown()
        await storage.close()
    }
}
