import Testing
@testable import LandfallServer

/// ``RequestHost``: the `Host` a request names, split into a lowercase name and a port, or
/// refused.
@Suite struct RequestHostTests {
    static let longestName = String(repeating: "a", count: 255)
    static let tooLongName = String(repeating: "a", count: 256)

    @Test("a host is read as its lowercase name and its port", arguments: [
        (authority: "daily.example.com", name: "daily.example.com", port: nil as Int?),
        (authority: "daily.example.com:8080", name: "daily.example.com", port: 8080),
        (authority: "localhost", name: "localhost", port: nil),
        (authority: "localhost:1", name: "localhost", port: 1),
        (authority: "localhost:65535", name: "localhost", port: 65535),
        (authority: "127.0.0.1:8080", name: "127.0.0.1", port: 8080),
        (authority: "Daily.Example.COM", name: "daily.example.com", port: nil),
        (authority: "DAILY.EXAMPLE.COM:443", name: "daily.example.com", port: 443),
        (authority: "daily.example.com.", name: "daily.example.com", port: nil),
        (authority: "daily.example.com.:443", name: "daily.example.com", port: 443),
        (authority: "go-links.example.com", name: "go-links.example.com", port: nil),
        (authority: "[::1]", name: "[::1]", port: nil),
        (authority: "[::1]:8080", name: "[::1]", port: 8080),
        (authority: "[2001:DB8::A]", name: "[2001:db8::a]", port: nil),
        (authority: "[::ffff:192.0.2.1]:443", name: "[::ffff:192.0.2.1]", port: 443),
        (authority: longestName, name: longestName, port: nil),
    ])
    func parsesNameAndPort(authority: String, name: String, port: Int?) throws {
        let host = try #require(RequestHost(authority))
        #expect(host.name == name)
        #expect(host.port == port)
    }

    @Test("a host that is not a name, an IPv6 address or a valid port is refused", arguments: [
        "",
        ".",
        "daily.example.com:",
        "daily.example.com:0",
        "daily.example.com:65536",
        "daily.example.com:+443",
        "daily.example.com:-1",
        "daily.example.com: 443",
        "daily.example.com:443 ",
        "daily.example.com:80:80",
        "daily.example.com:http",
        "daily_puzzle.example.com",
        "daily example.com",
        "user@daily.example.com",
        "daily.example.com/path",
        "daily%2eexample.com",
        "bücher.example",
        "::1",
        "[::1",
        "[::1]8080",
        "[::1]:",
        "[::1]:99999",
        "[::g]",
        "[fe80::1%eth0]",
        tooLongName,
    ])
    func refusesMalformedHosts(authority: String) {
        #expect(RequestHost(authority) == nil)
    }

    @Test("no Host at all is refused")
    func refusesNoHost() {
        #expect(RequestHost(nil) == nil)
    }

    @Test("the authority writes the port back only when there was one", arguments: [
        (authority: "Daily.Example.com.", written: "daily.example.com"),
        (authority: "localhost:8080", written: "localhost:8080"),
        (authority: "[::1]:8080", written: "[::1]:8080"),
    ])
    func authorityIsNameAndPort(authority: String, written: String) throws {
        #expect(try #require(RequestHost(authority)).authority == written)
    }

    @Test("two spellings of one host are equal; another port is another host")
    func equality() {
        #expect(RequestHost("DAILY.example.com.") == RequestHost("daily.example.com"))
        #expect(RequestHost("daily.example.com:8080") != RequestHost("daily.example.com"))
    }
}
