import Foundation
import Testing

/// `landfall serve`'s proxy and connection options: a client address header is only believed
/// from the proxies named, and every value is checked before the server starts.
@Suite struct ServeConnectionOptionsTests {
    @Test("bad proxy and connection options are usage errors that say what is wrong", arguments: [
        (["serve", "--client-address-header", "X-Forwarded-For"],
         "--client-address-header X-Forwarded-For needs --trusted-proxy: the addresses of the proxies that set it"),
        (["serve", "--trusted-proxy", "127.0.0.1"], "--trusted-proxy needs --client-address-header"),
        (["serve", "--client-address-header", "X-Forwarded-For", "--trusted-proxy", "proxy.internal"],
         "--trusted-proxy 'proxy.internal' is not an address or a range such as 10.0.0.0/8 or 2001:db8::/32: 'proxy.internal' is not an IPv4 or IPv6 address"),
        (["serve", "--client-address-header", "X-Forwarded-For", "--trusted-proxy", "10.0.0.1/8"],
         "the address has bits set past its first 8; the range is written 10.0.0.0/8"),
        (["serve", "--client-address-header", "X Forwarded"], "--client-address-header must be a header name"),
        (["serve", "--idle-timeout", "0"], "--idle-timeout must be more than 0 and at most 86400 seconds, not 0.0"),
        (["serve", "--header-timeout", "nan"], "--header-timeout must be more than 0 and at most 86400 seconds"),
        (["serve", "--body-timeout", "100000"], "--body-timeout must be more than 0 and at most 86400 seconds, not 100000.0"),
        (["serve", "--connections-per-client=-1"], "--connections-per-client must be 0 (no limit) or more, not -1"),
    ])
    func badOptionsAreUsageErrors(arguments: [String], message: String) async throws {
        let result = try await LandfallExecutable.run(arguments)
        #expect(result.status == 2)
        #expect(result.standardError.contains(message), "\(result.standardError)")
    }

    @Test("--help teaches the proxy and connection options with their defaults")
    func helpShowsTheOptions() async throws {
        let result = try await LandfallExecutable.run(["serve", "--help"])
        #expect(result.status == 0)
        for text in ["--trusted-proxy <address>", "--client-address-header <name>", "--idle-timeout <seconds>",
                     "(default: 75.0)", "--header-timeout <seconds>", "(default: 10.0)", "--body-timeout <seconds>", "(default: 30.0)",
                     "--connections-per-client <count>", "(default: 128)"] {
            #expect(result.standardOutput.contains(text), "\(text)")
        }
    }
}
