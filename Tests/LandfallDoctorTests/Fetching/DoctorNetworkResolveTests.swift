import LandfallDoctor
import Testing

/// `resolve(_:)`: `--resolve` first, then the system resolver.
@Suite struct DoctorNetworkResolveTests {
    @Test func anOverrideAnswersWithoutDNSWhateverTheCase() async throws {
        let settings = FetchingFixtures.settings(overrides: ["links.landfall.test": "[2001:db8::7]"])
        let resolution = try await withDoctorNetwork(settings) { network in
            await network.resolve("Links.Landfall.Test")
        }

        #expect(resolution == .overridden("2001:db8::7"))
    }

    @Test func anAddressResolvesToItself() async throws {
        let resolution = try await withDoctorNetwork(FetchingFixtures.settings()) { network in
            await network.resolve("127.0.0.1")
        }

        #expect(resolution == .addresses(["127.0.0.1"]))
    }

    @Test func localhostResolvesToALoopbackAddressOnce() async throws {
        let resolution = try await withDoctorNetwork(FetchingFixtures.settings()) { network in
            await network.resolve("localhost")
        }

        guard case .addresses(let addresses) = resolution else {
            Issue.record("expected addresses, got \(resolution)")
            return
        }
        #expect(addresses.contains { $0 == "127.0.0.1" || $0 == "::1" })
        #expect(Set(addresses).count == addresses.count)
    }

    @Test func anInvalidNameFailsWithTheResolversReason() async throws {
        let resolution = try await withDoctorNetwork(FetchingFixtures.settings()) { network in
            await network.resolve("nothing.invalid")
        }

        guard case .failed(let reason) = resolution else {
            Issue.record("expected a failure, got \(resolution)")
            return
        }
        #expect(!reason.isEmpty)
    }
}
