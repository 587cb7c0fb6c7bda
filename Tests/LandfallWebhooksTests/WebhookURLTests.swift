import Testing
@testable import LandfallWebhooks

/// Endpoint URLs: what is accepted and how it is normalised, what is refused (with and without
/// `allowPrivateNetworks`) with a message naming the problem, and the delivery-time check of
/// the addresses a host resolved to.
@Suite("Webhook URLs")
struct WebhookURLTests {
    struct Accepted: Sendable, CustomTestStringConvertible {
        let text: String
        let normalised: String
        let scheme: String
        let host: String
        let port: Int
        let pathAndQuery: String
        var testDescription: String { text }
    }

    @Test("A public https URL is accepted and normalised, with or without private networks", arguments: [
        Accepted(text: "https://hooks.example.com/landfall", normalised: "https://hooks.example.com/landfall",
                 scheme: "https", host: "hooks.example.com", port: 443, pathAndQuery: "/landfall"),
        Accepted(text: "HTTPS://Hooks.Example.COM/Landfall?Token=AbC", normalised: "https://hooks.example.com/Landfall?Token=AbC",
                 scheme: "https", host: "hooks.example.com", port: 443, pathAndQuery: "/Landfall?Token=AbC"),
        Accepted(text: "https://hooks.example.com", normalised: "https://hooks.example.com/",
                 scheme: "https", host: "hooks.example.com", port: 443, pathAndQuery: "/"),
        Accepted(text: "https://hooks.example.com:8443/in?a=1&b=%20", normalised: "https://hooks.example.com:8443/in?a=1&b=%20",
                 scheme: "https", host: "hooks.example.com", port: 8443, pathAndQuery: "/in?a=1&b=%20"),
        Accepted(text: "https://8.8.8.8/hook", normalised: "https://8.8.8.8/hook",
                 scheme: "https", host: "8.8.8.8", port: 443, pathAndQuery: "/hook"),
        Accepted(text: "https://[2606:4700:4700::1111]:444/", normalised: "https://[2606:4700:4700::1111]:444/",
                 scheme: "https", host: "2606:4700:4700::1111", port: 444, pathAndQuery: "/"),
        Accepted(text: "https://hooks.example.com:1/", normalised: "https://hooks.example.com:1/",
                 scheme: "https", host: "hooks.example.com", port: 1, pathAndQuery: "/"),
        Accepted(text: "https://hooks.example.com:65535/", normalised: "https://hooks.example.com:65535/",
                 scheme: "https", host: "hooks.example.com", port: 65_535, pathAndQuery: "/"),
    ])
    func acceptsPublicHTTPS(accepted: Accepted) throws {
        for allowPrivateNetworks in [false, true] {
            let url = try WebhookURL(accepted.text, allowPrivateNetworks: allowPrivateNetworks)
            #expect(url.text == accepted.normalised)
            #expect(url.scheme == accepted.scheme)
            #expect(url.host == accepted.host)
            #expect(url.port == accepted.port)
            #expect(url.pathAndQuery == accepted.pathAndQuery)
            #expect(try WebhookURL(url.text, allowPrivateNetworks: allowPrivateNetworks) == url)
        }
    }

    @Test("A URL that is never accepted is refused, saying what is wrong", arguments: [
        ("", "the URL is empty"),
        ("hooks.example.com/landfall", "is not an absolute URL"),
        ("/landfall", "is not an absolute URL"),
        ("ftp://hooks.example.com/", "the scheme is ftp; webhooks are sent over https"),
        ("javascript:alert(1)", "the scheme is javascript"),
        ("https://user:secret@hooks.example.com/", "has a user name or password"),
        ("https://user@hooks.example.com/", "has a user name or password"),
        ("https://hooks.example.com/in#part", "has a fragment"),
        ("https://hooks.example.com/in#", "has a fragment"),
        ("https:///landfall", "has no host"),
        ("https://hooks.example.com:0/", "the port 0 is outside 1...65535"),
        ("https://hooks.example.com:65536/", "the port 65536 is outside 1...65535"),
        ("https://hooks.example.com/" + String(repeating: "a", count: 1_975), "is 2001 characters long; at most 2000"),
        ("https://hooks.example.com/in out", "spaces or control characters"),
        (" https://hooks.example.com/", "spaces or control characters"),
        ("https://hooks.example.com/\n", "spaces or control characters"),
        ("https://hooks.example.com/\t", "spaces or control characters"),
        ("https://hooks.example.com/\u{7F}", "spaces or control characters"),
        ("https://hooks.example.com/\u{85}", "spaces or control characters"),
        ("https://hooks.example.com/\u{2028}", "spaces or control characters"),
        ("https://1.2.3.999/", "is neither an IPv4 address nor a name"),
        ("https://hooks.example.123/", "is neither an IPv4 address nor a name"),
        ("https://0x7g.1/", "is neither an IPv4 address nor a name"),
        ("https://8.8.8.0x/", "8.8.8.0x is neither an IPv4 address nor a name"),
        ("https://%31%32%37.0.0.1/", "is percent-encoded; write it as plain letters"),
        ("https://%6c%6fcalhost/", "is percent-encoded"),
        ("https://hooks.example.com:99999999999999999999/", "the port 99999999999999999999 is outside 1...65535"),
        ("https://[v1.fe80::a]/", "v1.fe80::a, between brackets, is not an IPv6 address"),
        ("https://[1.2.3.4]/", "1.2.3.4, between brackets, is not an IPv6 address"),
        ("https://[::ffff:0x7f.0.0.1]/", "::ffff:0x7f.0.0.1, between brackets, is not an IPv6 address"),
        ("https://localhost../", "localhost.. has an empty label"),
        ("https://hooks..example.com/", "hooks..example.com has an empty label"),
        ("https://.example.com/", ".example.com has an empty label"),
        ("https://hooks.example.com/\u{9B}", "spaces or control characters"),
        ("https://hooks.example.com/\u{80}", "spaces or control characters"),
        ("https://bücher.example/", "the host bücher.example has characters outside ASCII; write it in its ASCII form (xn--"),
    ])
    func refusesAlways(text: String, message: String) {
        for allowPrivateNetworks in [false, true] {
            #expect {
                try WebhookURL(text, allowPrivateNetworks: allowPrivateNetworks)
            } throws: { error in
                (error as? WebhookURLError)?.message.contains(message) == true
            }
        }
    }

    @Test("A destination inside a private network is refused, naming it, unless private networks are allowed", arguments: [
        ("http://hooks.example.com/", "over https only (http is accepted only where webhooks.allowPrivateNetworks is true)"),
        ("https://127.0.0.1/", "127.0.0.1 is a loopback address"),
        ("https://[::1]:8080/", "::1 is a loopback address"),
        ("https://10.0.0.7/", "10.0.0.7 is a private address"),
        ("https://192.168.1.20/hook", "192.168.1.20 is a private address"),
        ("https://[fd12::1]/", "fd12::1 is a private address"),
        ("https://169.254.169.254/latest/meta-data/", "169.254.169.254 is a metadata address"),
        ("https://[fe80::1%25eth0]/", "is a link-local address"),
        ("https://0.0.0.0/", "0.0.0.0 is an unspecified address"),
        ("https://224.0.0.1/", "is a multicast address"),
        ("https://203.0.113.9/", "203.0.113.9 is a reserved address"),
        ("https://[::ffff:127.0.0.1]/", "is a loopback address"),
        ("https://2130706433/", "is a loopback address"),
        ("https://0x7f.1/", "is a loopback address"),
        ("https://017700000001/", "is a loopback address"),
        ("https://127.0.0.1./", "is a loopback address"),
        ("https://localhost/", "localhost names this machine or a private network"),
        ("https://LOCALHOST:8443/", "localhost names this machine or a private network"),
        ("https://localhost./", "names this machine or a private network"),
        ("https://admin.localhost/", "admin.localhost names this machine or a private network"),
        ("https://db.internal/", "db.internal names this machine or a private network"),
        ("https://printer.local/", "printer.local names this machine or a private network"),
        ("https://metadata.google.internal/computeMetadata/v1/", "metadata.google.internal names this machine"),
        ("https://router.home.arpa/", "router.home.arpa names this machine or a private network"),
        ("https://intranet/", "intranet names this machine or a private network"),
    ])
    func refusesPrivateDestinations(text: String, message: String) throws {
        #expect {
            try WebhookURL(text, allowPrivateNetworks: false)
        } throws: { error in
            let description = (error as? WebhookURLError)?.message ?? ""
            return description.contains(message) && description.contains("webhooks.allowPrivateNetworks")
        }
        let allowed = try WebhookURL(text, allowPrivateNetworks: true)
        #expect(["http", "https"].contains(allowed.scheme))
    }

    @Test("Where private networks are allowed, http and local hosts keep their ports and paths")
    func privateNetworksAllowLocalHTTP() throws {
        let url = try WebhookURL("http://LocalHost:8080/hooks?x=1", allowPrivateNetworks: true)
        #expect(url.text == "http://localhost:8080/hooks?x=1")
        #expect(url.host == "localhost")
        #expect(url.port == 8080)
        #expect(try WebhookURL("http://127.0.0.1/", allowPrivateNetworks: true).port == 80)
        #expect(try WebhookURL("http://[::1]/in", allowPrivateNetworks: true).text == "http://[::1]/in")
    }

    @Test("The resolved addresses are refused at the first that is not public, naming it and its kind", arguments: [
        (["8.8.8.8", "10.0.0.1", "127.0.0.1"], "hooks.example.com resolves to 10.0.0.1, a private address"),
        (["::1"], "resolves to ::1, a loopback address"),
        (["2606:4700:4700::1111", "169.254.169.254"], "resolves to 169.254.169.254, a metadata address"),
        (["::ffff:192.168.0.1"], "a private address"),
        (["0.0.0.0"], "resolves to 0.0.0.0, an unspecified address"),
        (["not-an-address"], "resolves to not-an-address, a reserved address"),
    ])
    func refusesPrivateResolvedAddresses(addresses: [String], message: String) throws {
        let refusal = try #require(WebhookURL.refusal(ofResolved: addresses, host: "hooks.example.com", allowPrivateNetworks: false))
        #expect(refusal.message.contains(message))
        #expect(WebhookURL.refusal(ofResolved: addresses, host: "hooks.example.com", allowPrivateNetworks: true) == nil)
    }

    @Test("Public resolved addresses are accepted")
    func acceptsPublicResolvedAddresses() {
        #expect(WebhookURL.refusal(ofResolved: ["8.8.8.8", "2606:4700:4700::1111"], host: "hooks.example.com", allowPrivateNetworks: false) == nil)
    }

    @Test("A host that resolved to no address is refused, even where private networks are allowed", arguments: [false, true])
    func refusesNoAddress(allowPrivateNetworks: Bool) {
        let refusal = WebhookURL.refusal(ofResolved: [], host: "hooks.example.com", allowPrivateNetworks: allowPrivateNetworks)
        #expect(refusal?.message == "hooks.example.com resolved to no address")
    }
}
