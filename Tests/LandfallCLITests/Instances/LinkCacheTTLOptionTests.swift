import Testing

/// `landfall serve --link-cache-ttl SECONDS`: how long a short link looked up is answered
/// from memory.
@Suite struct LinkCacheTTLOptionTests {
    @Test("a link cache time to live outside 1...86400 seconds is a usage error that says what is allowed",
          arguments: ["0", "-5", "86401"])
    func outOfRangeIsRefused(value: String) async throws {
        let result = try await LandfallExecutable.run(["serve", "--link-cache-ttl=\(value)"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("--link-cache-ttl must be 1...86400 seconds, not \(value)"), "\(result.standardError)")
    }

    @Test("serve --help describes the link cache time to live")
    func helpDescribesIt() async throws {
        let result = try await LandfallExecutable.run(["serve", "--help"])
        #expect(result.standardOutput.contains("--link-cache-ttl <seconds>"), "\(result.standardOutput)")
    }
}
