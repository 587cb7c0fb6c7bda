import Foundation
import LandfallStorage
import Logging
import ServiceLifecycle
import UnixSignals

/// Reloads the site, and the TLS certificate and key when the server has them, on every
/// SIGHUP, without stopping the server: each is loaded and checked beside the one in use and
/// swapped in whole; one with an error is refused and the one in use kept. The two are
/// independent: a broken site does not keep a renewed certificate out, nor the reverse.
/// Connections already open keep the certificate they were made with.
struct ReloadService: Service {
    let sites: SiteHolder
    let certificates: CertificateHolder?
    let storage: Storage
    let clock: @Sendable () -> Date
    let logger: Logger

    func run() async throws {
        let signals = await UnixSignalsSequence(trapping: .sighup)
        for await _ in signals.cancelOnGracefulShutdown() {
            await reloadSite()
            if let certificates { reloadCertificate(certificates) }
        }
    }

    private func reloadSite() async {
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

    private func reloadCertificate(_ certificates: CertificateHolder) {
        let previous = certificates.certificate.serialNumber
        do {
            let loaded = try certificates.reload()
            logger.notice("TLS certificate reloaded", metadata: [
                "serial": "\(loaded.serialNumber)", "previous": "\(previous)", "notValidAfter": "\(loaded.leaf.notValidAfter.formatted(.iso8601))",
            ])
            for warning in loaded.warnings(at: clock()) { logger.warning("\(warning)") }
        } catch {
            logger.error("TLS certificate reload refused; still serving the previous certificate",
                         metadata: ["error": "\(error)", "serial": "\(previous)"])
        }
    }
}
