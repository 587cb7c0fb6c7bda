import LandfallStorage
import Logging
import ServiceLifecycle
import UnixSignals

/// Reloads the site on every SIGHUP, without stopping the server: the new site is loaded and
/// checked beside the running one and swapped in whole; a site with an error is refused and
/// the running one kept.
struct ReloadService: Service {
    let sites: SiteHolder
    let storage: Storage
    let logger: Logger

    func run() async throws {
        let signals = await UnixSignalsSequence(trapping: .sighup)
        for await _ in signals.cancelOnGracefulShutdown() {
            do {
                let loaded = try sites.reload()
                logger.notice("site reloaded", metadata: [
                    "source": "\(loaded.sourceName)", "routes": "\(loaded.configuration.routes.count)",
                ])
                await LinkHostCaseCheck.warn(hosts: loaded.configuration.hosts, storage: storage, logger: logger)
            } catch {
                logger.error("site reload refused; still serving the previous site", metadata: ["error": "\(error)"])
            }
        }
    }
}
