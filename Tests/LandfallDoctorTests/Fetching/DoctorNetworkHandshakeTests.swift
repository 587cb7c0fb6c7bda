import DoctorStandIns
import Foundation
import LandfallDoctor
import Testing
import X509

/// `handshake(host:port:)` against loopback servers: it captures whatever chain the server
/// presents, judges none of it, and names each way a handshake can fail.
@Suite struct DoctorNetworkHandshakeTests {
    let authority: TestCertificateAuthority

    init() throws {
        authority = try TestCertificateAuthority()
    }

    /// Shakes hands with a TLS stand-in serving `identity`, as `host` mapped to 127.0.0.1.
    private func handshake(host: String, serving identity: ServerIdentity) async throws -> (Result<TLSObservation, FetchFailure>, port: Int) {
        try await FetchingFixtures.withStandIn(identity: identity, reply: { _ in .respond(status: 204) }) { server in
            let settings = FetchingFixtures.settings(overrides: [host: "127.0.0.1"])
            let result = try await withDoctorNetwork(settings) { network in
                await network.handshake(host: host, port: server.port)
            }
            #expect(server.requests.isEmpty)
            return (result, server.port)
        }
    }

    @Test func theChainIsCapturedLeafFirstAndNamesTheHost() async throws {
        let identity = try authority.issue(for: ["good.landfall.test"])
        let (result, port) = try await handshake(host: "good.landfall.test", serving: identity)

        let observation = try #require(result.fetched)
        #expect(observation.host == "good.landfall.test")
        #expect(observation.port == port)
        #expect(observation.address == "127.0.0.1")
        #expect(observation.presentedChain == identity.chain)
        #expect(try FetchingFixtures.dnsNames(of: observation.presentedChain[0]) == ["good.landfall.test"])
    }

    @Test func anIntermediateIsCapturedAfterTheLeafInTheServersOrder() async throws {
        let intermediate = try authority.issueIntermediate()
        let identity = try intermediate.issue(for: ["chain.landfall.test"])
        let (result, _) = try await handshake(host: "chain.landfall.test", serving: identity)

        let chain = try #require(result.fetched?.presentedChain)
        #expect(chain.count == 2)
        #expect(chain == identity.chain)
        #expect(chain[1] == intermediate.certificate)
    }

    @Test func aCertificateForAnotherHostIsCapturedNotJudged() async throws {
        let identity = try authority.issue(for: ["other.landfall.test"])
        let (result, _) = try await handshake(host: "good.landfall.test", serving: identity)

        let chain = try #require(result.fetched?.presentedChain)
        #expect(try FetchingFixtures.dnsNames(of: chain[0]) == ["other.landfall.test"])
    }

    @Test func anExpiredCertificateIsCapturedNotJudged() async throws {
        let identity = try authority.issue(
            for: ["good.landfall.test"],
            notValidBefore: Date.now - 30 * 86400,
            notValidAfter: Date.now - 86400
        )
        let (result, _) = try await handshake(host: "good.landfall.test", serving: identity)

        let leaf = try #require(result.fetched?.presentedChain.first)
        #expect(leaf.notValidAfter < Date.now)
        #expect(leaf == identity.leaf)
    }

    @Test func aSelfSignedCertificateIsCapturedNotJudged() async throws {
        let identity = try TestCertificateAuthority.selfSigned(for: ["good.landfall.test"])
        let (result, _) = try await handshake(host: "good.landfall.test", serving: identity)

        #expect(result.fetched?.presentedChain == identity.chain)
    }

    @Test func anAddressAsTheHostNeedsNoOverride() async throws {
        let identity = try authority.issue(for: ["good.landfall.test"])
        try await FetchingFixtures.withStandIn(identity: identity, reply: { _ in .respond(status: 204) }) { server in
            let result = try await withDoctorNetwork(FetchingFixtures.settings()) { network in
                await network.handshake(host: "127.0.0.1", port: server.port)
            }

            #expect(result.fetched?.address == "127.0.0.1")
            #expect(result.fetched?.presentedChain == identity.chain)
        }
    }

    @Test func aPlainHTTPPortFailsTheHandshake() async throws {
        try await FetchingFixtures.withStandIn(identity: nil, reply: { _ in .respond(status: 200) }) { server in
            let result = try await withDoctorNetwork(FetchingFixtures.settings()) { network in
                await network.handshake(host: "127.0.0.1", port: server.port)
            }

            guard case .tlsHandshake(let host, let port, let reason) = result.fetchFailure else {
                Issue.record("expected tlsHandshake, got \(String(describing: result.fetchFailure))")
                return
            }
            #expect(host == "127.0.0.1")
            #expect(port == server.port)
            #expect(reason.contains("does not speak TLS on this port"))
        }
    }

    @Test func aServerThatNeverShakesHandsIsAHandshakeTimeout() async throws {
        let server = try await StandInServer.silent()
        let settings = FetchingFixtures.settings(overrides: ["slow.landfall.test": "127.0.0.1"], responseTimeout: 0.5)
        let result = try await withDoctorNetwork(settings) { network in
            await network.handshake(host: "slow.landfall.test", port: server.port)
        }
        try await server.stop()

        #expect(result.fetchFailure == .handshakeTimeout(host: "slow.landfall.test", port: server.port, seconds: 0.5))
    }

    @Test func aClosedPortIsARefusedConnection() async throws {
        let closed = try ClosedPort()
        defer { closed.release() }
        let port = closed.port
        let settings = FetchingFixtures.settings(overrides: ["gone.landfall.test": "127.0.0.1"])
        let result = try await withDoctorNetwork(settings) { network in
            await network.handshake(host: "gone.landfall.test", port: port)
        }

        #expect(result.fetchFailure == .connectionRefused(host: "gone.landfall.test", port: port))
    }

    @Test(arguments: [0, 65536, -1])
    func aPortOutsideTheRangeIsRefusedBeforeConnecting(port: Int) async throws {
        let result = try await withDoctorNetwork(FetchingFixtures.settings()) { network in
            await network.handshake(host: "127.0.0.1", port: port)
        }

        #expect(result.fetchFailure == .other(url: "127.0.0.1:\(port)", reason: "the port \(port) is not between 1 and 65535"))
    }

    @Test func anUnresolvableNameIsReportedAsSuch() async throws {
        let result = try await withDoctorNetwork(FetchingFixtures.settings()) { network in
            await network.handshake(host: "nothing.invalid", port: 443)
        }

        guard case .nameNotResolved(let host, let reason) = result.fetchFailure else {
            Issue.record("expected nameNotResolved, got \(String(describing: result.fetchFailure))")
            return
        }
        #expect(host == "nothing.invalid")
        #expect(!reason.isEmpty)
    }
}
