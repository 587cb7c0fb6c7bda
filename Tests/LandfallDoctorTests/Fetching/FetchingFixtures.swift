import DoctorStandIns
import Foundation
import LandfallDoctor
import X509

/// What the network tests share: stand-in servers that are always stopped, a port nothing
/// listens on, timeouts, and the User-Agent the tests send.
enum FetchingFixtures {
    /// The User-Agent every test request sends.
    static let userAgent = "landfall-doctor-tests/1.0"

    /// Settings with the given overrides. The default timeouts are generous: loopback answers
    /// at once, but a full parallel test run on two cores can be slow to schedule a transfer;
    /// the tests of a hanging server pass short ones.
    static func settings(
        overrides: [String: String] = [:],
        connectTimeout: Double = 30,
        responseTimeout: Double = 30,
        bodyLimit: Int = 4 * 1_048_576,
        maximumRedirectHops: Int = 5
    ) -> DoctorNetworkSettings {
        DoctorNetworkSettings(
            connectTimeout: connectTimeout,
            responseTimeout: responseTimeout,
            addressOverrides: overrides,
            bodyLimit: bodyLimit,
            maximumRedirectHops: maximumRedirectHops
        )
    }

    /// Runs `body` with a started stand-in server and stops the server afterwards, whether
    /// `body` returns or throws.
    static func withStandIn<T>(
        identity: ServerIdentity?,
        reply: @escaping @Sendable (StandInRequest) -> StandInReply,
        _ body: (StandInServer) async throws -> T
    ) async throws -> T {
        try await StandInServer.with(identity: identity, reply: reply, body)
    }

    /// The DNS names a certificate covers (its subject alternative names).
    static func dnsNames(of certificate: Certificate) throws -> [String] {
        guard let names = try certificate.extensions.subjectAlternativeNames else { return [] }
        return names.compactMap { name in
            if case .dnsName(let dnsName) = name { return dnsName }
            return nil
        }
    }
}

extension Result where Failure == FetchFailure {
    /// The failure, or `nil` for a success.
    var fetchFailure: FetchFailure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }

    /// The value, or `nil` for a failure.
    var fetched: Success? {
        try? get()
    }
}
