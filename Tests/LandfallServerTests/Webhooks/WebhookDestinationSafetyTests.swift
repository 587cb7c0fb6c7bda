import Foundation
import LandfallStorage
import LandfallWebhooks
import Testing
@testable import LandfallServer

/// Server-side request forgery: a delivery resolves the endpoint's host itself, refuses it when
/// any address is inside a private network (unless the site allows private networks), and never
/// connects there — checked at every attempt, not only when the endpoint was added.
@Suite struct WebhookDestinationSafetyTests {
    static func due(_ url: String) -> DueWebhookDelivery {
        DueWebhookDelivery(deliveryID: "dlv_0190000000007000800000000000000a", attempt: 1, attemptInRound: 1, endpointID: "wh_AAAAAAAAAAAAAAAA",
                           url: url, secrets: [.generate()], eventID: "evt_0190000000007000800000000000000a", eventType: .webhookTest,
                           body: #"{"id":"evt_0190000000007000800000000000000a"}"#)
    }

    /// A name, what the injected resolver says it is, and the words the refusal must contain.
    static let names: [(String, [String], String)] = [
        ("loopback.example.com", ["127.0.0.1"], "resolves to 127.0.0.1, a loopback address"),
        ("office.example.com", ["10.1.2.3"], "resolves to 10.1.2.3, a private address"),
        ("metadata.example.com", ["169.254.169.254"], "resolves to 169.254.169.254, a metadata address"),
        ("aws6.example.com", ["fd00:ec2::254"], "resolves to fd00:ec2::254, a metadata address"),
        ("mixed.example.com", ["93.184.216.34", "192.168.0.10"], "resolves to 192.168.0.10, a private address"),
        ("mapped.example.com", ["::ffff:127.0.0.1"], "resolves to ::ffff:127.0.0.1, a loopback address"),
        ("linklocal.example.com", ["fe80::1"], "resolves to fe80::1, a link-local address"),
        ("nowhere.example.com", [], "resolved to no address"),
    ]

    @Test("A name that resolves into a private network is refused at delivery, with no connection made", arguments: names)
    func privateResolutionsAreRefused(host: String, addresses: [String], refusal: String) async throws {
        let sender = WebhookSender(resolver: .fixed([host: addresses]), timeout: .seconds(2))
        let attempt = await sender.send(Self.due("https://\(host)/hook"), allowPrivateNetworks: false, at: Date())
        await sender.shutdown()
        #expect(attempt.statusCode == nil)
        #expect(attempt.error?.contains(refusal) == true, "\(attempt.error ?? "no error")")
        #expect(attempt.error?.contains("webhooks.allowPrivateNetworks") == true || addresses.isEmpty)
        #expect(attempt.durationMilliseconds < 1_000)
    }

    @Test("An address written in the URL is checked too, and so is a URL stored before the site stopped allowing private networks", arguments: [
        "http://127.0.0.1:9/hook", "https://169.254.169.254/latest/meta-data/", "https://[::1]/hook", "https://2130706433/hook", "https://localhost/hook",
    ])
    func storedPrivateURLsAreRefusedAtDelivery(url: String) async throws {
        let sender = WebhookSender(resolver: .fixed([:]), timeout: .seconds(2))
        let attempt = await sender.send(Self.due(url), allowPrivateNetworks: false, at: Date())
        await sender.shutdown()
        #expect(attempt.statusCode == nil)
        #expect(attempt.error?.hasPrefix("the endpoint's URL is refused now:") == true, "\(attempt.error ?? "no error")")
    }

    @Test("A name the resolver does not know is an attempt that failed, saying why")
    func unresolvableNamesFail() async throws {
        let sender = WebhookSender(resolver: .fixed([:]), timeout: .seconds(2))
        let attempt = await sender.send(Self.due("https://unknown.example.com/hook"), allowPrivateNetworks: false, at: Date())
        await sender.shutdown()
        #expect(attempt.error == "unknown.example.com could not be resolved: no such host")
    }

    @Test("Where private networks are allowed, a name resolving to loopback is connected to the address checked")
    func allowedPrivateNamesConnectToTheCheckedAddress() async throws {
        // Nothing listens on port 9 of 127.0.0.1: the refusal of the connection shows that the
        // name was connected to through the address the resolver gave.
        let sender = WebhookSender(resolver: .fixed(["receiver.example.com": ["127.0.0.1"]]), timeout: .seconds(2))
        let attempt = await sender.send(Self.due("http://receiver.example.com:9/hook"), allowPrivateNetworks: true, at: Date())
        await sender.shutdown()
        #expect(attempt.statusCode == nil)
        #expect(attempt.error?.contains("receiver.example.com (127.0.0.1):9") == true, "\(attempt.error ?? "no error")")
    }
}

/// The sender keeps at most ``WebhookSender/clientLimit`` HTTP clients; those set aside for
/// others are closed after the batch, not kept until the server stops.
@Suite struct WebhookSenderClientTests {
    @Test("Clients set aside beyond the limit are closed after the batch")
    func retiredClientsAreClosed() async throws {
        let names = (0...(WebhookSender.clientLimit + 1)).map { "receiver-\($0).example.com" }
        let sender = WebhookSender(resolver: .fixed(Dictionary(uniqueKeysWithValues: names.map { ($0, ["127.0.0.1"]) })), timeout: .seconds(2))
        for name in names {
            // Nothing listens on port 9: each attempt fails at once, after making its client.
            _ = await sender.send(WebhookDestinationSafetyTests.due("http://\(name):9/hook"), allowPrivateNetworks: true, at: Date())
        }
        #expect(sender.retiredClientCount == 2)
        await sender.closeRetiredClients()
        #expect(sender.retiredClientCount == 0)
        await sender.shutdown()
    }
}
