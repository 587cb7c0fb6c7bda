import AsyncHTTPClient
import Foundation
import LandfallStorage
import LandfallWebhooks
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// Sends one webhook delivery: resolves its host, refuses addresses inside private networks
/// (unless the site allows them), connects to the address it checked (so a name cannot resolve
/// to a public address for the check and a private one for the connection), and POSTs the
/// signed event, never following a redirect, within the timeout.
///
/// It keeps one HTTP client per host and checked address (their connections are reused), and
/// one for hosts written as addresses; ``shutdown()`` closes them.
final class WebhookSender: Sendable {
    let resolver: WebhookResolver
    let timeout: Duration
    /// How many attempts run at once (the connections kept per host).
    let concurrency: Int
    private let clients = NIOLockedValueBox<[String: HTTPClient]>([:])
    private let retired = NIOLockedValueBox<[HTTPClient]>([])

    /// At most this many clients are kept; one of them is set aside (and closed after the batch) when another is needed.
    static let clientLimit = 64
    /// `user-agent` of every delivery.
    static let userAgent = "Landfall-Webhooks/1"

    init(resolver: WebhookResolver, timeout: Duration, concurrency: Int = 8) {
        self.resolver = resolver
        self.timeout = timeout
        self.concurrency = max(1, concurrency)
    }

    /// Attempts `delivery` at `date` and says how it went (never throws: every failure is an
    /// attempt with an error).
    func send(_ delivery: DueWebhookDelivery, allowPrivateNetworks: Bool, at date: Date) async -> WebhookAttempt {
        let started = ContinuousClock.now
        func attempt(status: Int? = nil, error: String? = nil, excerpt: String = "") -> WebhookAttempt {
            let elapsed = ContinuousClock.now - started
            return WebhookAttempt(deliveryID: delivery.deliveryID, number: delivery.attempt, attemptedAt: date,
                                  durationMilliseconds: Int(elapsed.nanoseconds / 1_000_000), statusCode: status,
                                  error: error, responseExcerpt: excerpt)
        }
        let url: WebhookURL
        do {
            url = try WebhookURL(delivery.url, allowPrivateNetworks: allowPrivateNetworks)
        } catch {
            return attempt(error: "the endpoint's URL is refused now: \(error.message)")
        }
        let addresses: [String]
        if NetworkAddressKind.classify(url.host) != nil {
            addresses = [url.host]
        } else {
            switch await resolver.lookUp(url.host) {
            case .success(let found): addresses = found
            case .failure(let failure): return attempt(error: "\(url.host) could not be resolved: \(failure.reason)")
            }
        }
        if let refusal = WebhookURL.refusal(ofResolved: addresses, host: url.host, allowPrivateNetworks: allowPrivateNetworks) {
            return attempt(error: refusal.message)
        }
        guard let address = addresses.first else { return attempt(error: "\(url.host) resolved to no address") }
        let client = client(host: url.host, address: address)

        let timestamp = Int(date.timeIntervalSince1970)
        let body = Array(delivery.body.utf8)
        var request = HTTPClientRequest(url: url.text)
        request.method = .POST
        request.headers.add(name: "content-type", value: "application/json")
        request.headers.add(name: "user-agent", value: Self.userAgent)
        request.headers.add(name: "webhook-id", value: delivery.eventID)
        request.headers.add(name: "webhook-timestamp", value: String(timestamp))
        request.headers.add(name: "webhook-signature",
                            value: WebhookSignature.header(id: delivery.eventID, timestamp: timestamp, body: body, secrets: delivery.secrets))
        request.body = .bytes(ByteBuffer(bytes: body))
        do {
            let response = try await client.execute(request, deadline: .now() + TimeAmount.nanoseconds(timeout.nanoseconds))
            var excerpt: [UInt8] = []
            for try await chunk in response.body {
                excerpt.append(contentsOf: chunk.readableBytesView.prefix(WebhookAttempt.excerptLimit - excerpt.count))
                if excerpt.count >= WebhookAttempt.excerptLimit { break }
            }
            let text = String(decoding: excerpt, as: UTF8.self)
            let status = Int(response.status.code)
            switch status {
            case 200..<300:
                return attempt(status: status, excerpt: text)
            case 300..<400:
                let location = response.headers.first(name: "location").map { " to \($0)" } ?? ""
                return attempt(status: status, error: "answered a redirect (\(status))\(location): redirects are not followed; give the endpoint's final URL",
                               excerpt: text)
            default:
                return attempt(status: status, error: "answered \(status) \(response.status.reasonPhrase)", excerpt: text)
            }
        } catch {
            return attempt(error: Self.reason(error, url: url, address: address))
        }
    }

    /// Closes the clients set aside to make room for others (``clientLimit``). Call it when no
    /// attempt is in flight: the delivery service does after each batch.
    func closeRetiredClients() async {
        let all = retired.withLockedValue { retired in
            defer { retired = [] }
            return retired
        }
        for client in all {
            try? await client.shutdown()
        }
    }

    /// How many clients are set aside and not closed yet (tests).
    var retiredClientCount: Int { retired.withLockedValue(\.count) }

    /// Closes every client.
    func shutdown() async {
        let all = clients.withLockedValue { clients in
            defer { clients = [:] }
            return Array(clients.values)
        } + retired.withLockedValue { retired in
            defer { retired = [] }
            return retired
        }
        for client in all {
            try? await client.shutdown()
        }
    }

    /// The client that connects `host` to `address`.
    private func client(host: String, address: String) -> HTTPClient {
        let key = host == address ? address : "\(host)=\(address)"
        let (client, evicted) = clients.withLockedValue { clients -> (HTTPClient, HTTPClient?) in
            if let client = clients[key] { return (client, nil) }
            var evicted: HTTPClient?
            if clients.count >= Self.clientLimit, let some = clients.keys.first {
                evicted = clients.removeValue(forKey: some)
            }
            let client = Self.makeClient(overriding: host == address ? [:] : [host: address], timeout: timeout, concurrency: concurrency)
            clients[key] = client
            return (client, evicted)
        }
        if let evicted {
            // Not reused; closed by closeRetiredClients() once its attempts have finished.
            retired.withLockedValue { $0.append(evicted) }
        }
        return client
    }

    private static func makeClient(overriding: [String: String], timeout: Duration, concurrency: Int) -> HTTPClient {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: HTTPClient.Configuration.Timeout(connect: .nanoseconds(timeout.nanoseconds),
                                                      read: .nanoseconds(timeout.nanoseconds)),
            decompression: .disabled
        )
        configuration.dnsOverride = overriding
        configuration.connectionPool.retryConnectionEstablishment = false
        // As many connections to one host as attempts run at once (AsyncHTTPClient keeps 8, and
        // opens and closes one for each attempt beyond them).
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = concurrency
        return HTTPClient(eventLoopGroup: MultiThreadedEventLoopGroup.singleton, configuration: configuration)
    }

    /// An attempt's error in words.
    static func reason(_ error: any Error, url: WebhookURL, address: String) -> String {
        let place = url.host == address ? "\(address):\(url.port)" : "\(url.host) (\(address)):\(url.port)"
        if let error = error as? HTTPClientError {
            switch error {
            case .deadlineExceeded, .readTimeout:
                return "no answer within the timeout from \(place)"
            case .connectTimeout:
                return "could not connect to \(place) within the timeout"
            case .remoteConnectionClosed:
                return "\(place) closed the connection before answering"
            default:
                return "\(place): \(error)"
            }
        }
        let text = String(describing: error)
        if text.contains("refused") || text.contains("ECONNREFUSED") || text.contains("errno: 111") {
            return "\(place) refused the connection"
        }
        return "\(place): \(text)"
    }
}
