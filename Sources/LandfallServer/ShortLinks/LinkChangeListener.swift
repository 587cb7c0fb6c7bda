import LandfallStorage
import Logging
import ServiceLifecycle

/// Removes changed links from this instance's cache as soon as the database reports them:
/// this process's own writes, and on PostgreSQL every other instance's (`LISTEN/NOTIFY`), so
/// instances behind one load balancer agree within a second. When the listening connection
/// dropped and changes may have been missed (``LinkChange/anyLink``), it empties the cache.
/// The cache's time to live bounds how stale an entry can be if a notification is ever lost.
struct LinkChangeListener: Service {
    let storage: Storage
    let cache: LinkCache
    let logger: Logger

    func run() async throws {
        for await change in storage.changes().cancelOnGracefulShutdown() {
            switch change {
            case .link(_, let host, let slugs):
                cache.remove(host: host, slugs: slugs)
            case .anyLink:
                let removed = cache.removeAll()
                logger.notice("emptied the link cache: link changes made while the change listener was reconnecting were missed",
                              metadata: ["entries": "\(removed)"])
            }
        }
        // The stream also ends when the storage is closed; a service that returned early would
        // stop the whole server, so wait for the shutdown like the others.
        try? await gracefulShutdown()
    }
}
