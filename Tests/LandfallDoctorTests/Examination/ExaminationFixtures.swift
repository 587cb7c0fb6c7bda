import DoctorStandIns
import Foundation
import LandfallDoctor

/// What the examination tests share: one HTTPS stand-in answering for several host names on a
/// loopback port (each name mapped to 127.0.0.1 the way `--resolve` does), a certificate
/// authority the doctor trusts, timeouts, and the files a healthy site serves.
struct ExaminationFixtures {
    /// The app the stand-in's association file lists.
    static let appID = "ABCDE12345.com.example.daily"
    /// The Android package the stand-in's assetlinks.json lists.
    static let package = "com.example.daily"
    /// A SHA-256 certificate fingerprint in assetlinks.json's form.
    static let fingerprint = (0..<32).map { String(format: "%02X", $0 * 7 % 256) }.joined(separator: ":")

    /// Opens `/puzzle/*`, excludes `/archive/*` (the exclusion first), nothing else.
    static let association = #"""
        {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.daily"],
          "components": [{"/": "/archive/*", "exclude": true}, {"/": "/puzzle/*"}]}]}}
        """#
    /// Lists ``package`` with ``fingerprint`` for every URL.
    static let assetLinks = #"""
        [{"relation": ["delegate_permission/common.handle_all_urls"],
          "target": {"namespace": "android_app", "package_name": "com.example.daily",
                     "sha256_cert_fingerprints": ["\#(fingerprint)"]}}]
        """#

    /// The main host; ``appleFileOnly(_:)`` serves it.
    static let good = "good.landfall.test"

    let authority: TestCertificateAuthority

    init() throws {
        authority = try TestCertificateAuthority()
    }

    /// A path without its query.
    static func path(of request: StandInRequest) -> String {
        String(request.path.prefix { $0 != "?" })
    }

    /// The `Host` header without its port.
    static func host(of request: StandInRequest) -> String {
        String((request.host ?? "").prefix { $0 != ":" })
    }

    /// Serves ``association`` at the Apple path and 404 everywhere else.
    static func appleFileOnly(_ request: StandInRequest) -> StandInReply {
        path(of: request) == WellKnownFile.appleAssociation.path ? .json(association) : .respond(status: 404)
    }

    /// Runs `body` with an HTTPS stand-in whose certificate names `hosts`, answering with
    /// `reply`, and stops it afterwards whether `body` returns or throws.
    func withSite<T>(
        hosts: [String] = [ExaminationFixtures.good],
        reply: @escaping @Sendable (StandInRequest) -> StandInReply = ExaminationFixtures.appleFileOnly,
        _ body: (StandInServer) async throws -> T
    ) async throws -> T {
        try await StandInServer.with(identity: try authority.issue(for: hosts), reply: reply, body)
    }

    /// Network settings: `hosts` mapped to 127.0.0.1, the authority trusted, and generous
    /// timeouts (a full parallel test run on two cores can be slow to schedule a transfer); the
    /// tests of a hanging server pass a short `responseTimeout`.
    func settings(mapping hosts: [String], responseTimeout: Double = 30) -> DoctorNetworkSettings {
        DoctorNetworkSettings(
            connectTimeout: 30,
            responseTimeout: responseTimeout,
            extraTrustRoots: [authority.certificate],
            addressOverrides: Dictionary(uniqueKeysWithValues: hosts.map { ($0, "127.0.0.1") })
        )
    }

    /// Runs `body` with a doctor whose network maps `hosts` to 127.0.0.1 and trusts the authority.
    func withDoctor<T>(
        mapping hosts: [String] = [ExaminationFixtures.good],
        responseTimeout: Double = 30,
        _ body: (Doctor) async throws -> T
    ) async throws -> T {
        let trustRoots = Doctor.trustRoots(adding: [authority.certificate])
        return try await withDoctorNetwork(settings(mapping: hosts, responseTimeout: responseTimeout)) { network in
            try await body(Doctor(network: network, trustRoots: trustRoots))
        }
    }

    /// Examines `request` with a doctor mapping `hosts` to 127.0.0.1.
    func examine(_ request: DoctorRequest, mapping hosts: [String] = [ExaminationFixtures.good],
                 responseTimeout: Double = 30) async throws -> DoctorReport {
        try await withDoctor(mapping: hosts, responseTimeout: responseTimeout) { doctor in
            await doctor.examine(request)
        }
    }
}

extension DoctorReport {
    /// The sections about `host`, in order.
    func sections(about host: String) -> [DoctorSection] {
        sections.filter { $0.host == host }
    }

    /// The first section with `subject`.
    func section(_ subject: DoctorSection.Subject) -> DoctorSection? {
        sections.first { $0.subject == subject }
    }

    /// `subject host` of each section, for comparing the order at a glance.
    var outline: [String] {
        sections.map { $0.subject.rawValue + ($0.host.map { " " + $0 } ?? "") }
    }
}

extension DoctorSection {
    /// The first check with `id`.
    func check(_ id: String) -> DoctorCheck? {
        checks.first { $0.id == id }
    }
}

extension Result where Failure == UnavailableFile {
    /// The reason, or `nil` for a success.
    var unavailable: UnavailableFile? {
        if case .failure(let reason) = self { return reason }
        return nil
    }
}
