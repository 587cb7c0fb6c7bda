import AppSiteAssociation
import Foundation
import X509

/// Checks live domains the way Apple's CDN and Android's verifier do, and reports every
/// finding as a ``DoctorReport``.
///
/// For each host (the targets, the entitlements' `applinks:` hosts and the hosts of the URLs
/// asked about): DNS, the TLS certificate, then each association file (status, redirects,
/// content type, size, HTML instead of JSON, byte-order mark, JSON, the full lint, the apps),
/// Apple's CDN copy with `--cdn`, and whether each URL opens the app. Then any sitemaps.
///
/// ```swift
/// let report = try await withDoctorNetwork(DoctorNetworkSettings()) { network in
///     let doctor = Doctor(network: network, trustRoots: Doctor.trustRoots(adding: []))
///     return await doctor.examine(DoctorRequest(targets: [try DoctorTarget(parsing: "example.com")]))
/// }
/// report.outcome.exitStatus // 0, 1 or 2
/// ```
public struct Doctor: Sendable {
    /// The I/O.
    public let network: DoctorNetwork
    /// The authorities a certificate must chain to.
    public let trustRoots: CertificateStore

    /// The user agent of Apple's CDN fetcher, sent for Apple's file so that bot protection
    /// that blocks it shows here too.
    public static let appleUserAgent = "AASA-Bot/1.0.0"
    /// The user agent sent for everything else.
    public static let userAgent = "landfall-doctor/1.0"

    /// Creates a doctor.
    public init(network: DoctorNetwork, trustRoots: CertificateStore) {
        self.network = network
        self.trustRoots = trustRoots
    }

    /// The system's trusted authorities plus `extra` ones (`--ca-file`).
    public static func trustRoots(adding extra: [Certificate]) -> CertificateStore {
        var store = CertificateStore.systemTrustRoots
        store.append(contentsOf: extra)
        return store
    }

    /// Runs every check `request` asks for.
    public func examine(_ request: DoctorRequest) async -> DoctorReport {
        var report = DoctorReport(target: request.targets.map(\.description).joined(separator: ", "))
        var plan = DoctorPlan(request: request)
        if let entitlements = request.entitlements {
            report.sections.append(DoctorSection(
                subject: .entitlements, title: "entitlements (\(entitlements.name))",
                checks: EntitlementsChecks.checks(for: entitlements.file, named: entitlements.name,
                                                  targets: request.targets.map(\.host))))
        }
        if let manifest = request.manifest {
            report.sections.append(DoctorSection(
                subject: .manifest, title: "Android manifest (\(manifest.name))",
                checks: ManifestChecks.checks(for: manifest.manifest, named: manifest.name, targets: request.targets.map(\.host))))
        }
        for target in plan.targets {
            let examined = await examineHost(target, request: request)
            report.sections += examined.sections
            plan.record(examined)
        }
        let urlChecks = plan.urlChecks(appIDs: request.appIDs)
        if !urlChecks.isEmpty {
            report.sections.append(DoctorSection(subject: .urls, title: "URLs", checks: urlChecks))
        }
        if !request.sitemaps.isEmpty {
            let sitemaps = await examineSitemaps(request, plan: &plan)
            report.sections.append(sitemaps.section)
            report.sitemaps = sitemaps.summaries
        }
        return report
    }
}
