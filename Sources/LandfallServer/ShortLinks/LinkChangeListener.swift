import LandfallStorage
import ServiceLifecycle

/// Removes changed links from this instance's cache as soon as the database reports them:
/// this process's own writes, and on PostgreSQL every other instance's (`LISTEN/NOTIFY`), so
/// instances behind one load balancer agree within a second. The cache's time to live bounds
/// how stale an entry can be if a notification is ever lost.
struct LinkChangeListener: Service {
    let storage: Storage
    let cache: LinkCache

    func run() async throws {
        for await change in storage.changes().cancelOnGracefulShutdown() {
            cache.remove(host: change.host, slugs: change.slugs)
        }
        // The stream also ends when the storage is closed; a service that returned early would
        // stop the whole server, so wait for the shutdown like the others.
        try? await gracefulShutdown()
    }
}
