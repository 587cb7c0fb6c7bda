import Testing

/// `landfall serve --link-cache-ttl DURATION`: how long a short link looked up is answered
/// from memory, written as `--stale-if-error` is (`10s`, `2m`, or seconds alone).
@Suite struct LinkCacheTTLOptionTests {
    @Test("a link cache time to live outside 1s...1d is a usage error that says what is allowed",
          arguments: ["0", "0s", "86401", "25h", "2d"])
    func outOfRangeIsRefused(value: String) async throws {
        let result = try await LandfallExecutable.run(["serve", "--link-cache-ttl=\(value)"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("--link-cache-ttl must be 1s...1d (1 to 86400 seconds), not \(value)"), "\(result.standardError)")
    }

    @Test("a link cache time to live that is not a duration is a usage error that says how to write one",
          arguments: ["-5", "ten", "10 parsecs"])
    func notADurationIsRefused(value: String) async throws {
        let result = try await LandfallExecutable.run(["serve", "--link-cache-ttl=\(value)"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("--link-cache-ttl: "), "\(result.standardError)")
    }

    @Test("serve --help describes the link cache time to live")
    func helpDescribesIt() async throws {
        let result = try await LandfallExecutable.run(["serve", "--help"])
        #expect(result.standardOutput.contains("--link-cache-ttl <duration>"), "\(result.standardOutput)")
    }
}
