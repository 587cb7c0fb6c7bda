import AsyncHTTPClient
import DoctorStandIns
import Foundation
import NIOCore
import NIOHTTP1
import NIOSSL

/// An HTTP client that trusts a test authority: HTTP/2 when the server offers it, or HTTP/1.1
/// only, keeping its connections open between requests.
struct HTTPSClient {
    let client: HTTPClient

    init(trusting authority: TestCertificateAuthority, http1Only: Bool = false) throws {
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.trustRoots = .certificates([try NIOSSLCertificate(bytes: Array(authority.certificatePEM.utf8), format: .pem)])
        var configuration = HTTPClient.Configuration(tlsConfiguration: tls)
        configuration.httpVersion = http1Only ? .http1Only : .automatic
        configuration.timeout = .init(connect: .seconds(5), read: .seconds(10))
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    /// What one GET answered.
    struct Answer {
        var status: Int
        var version: HTTPVersion
        var body: String
    }

    /// GETs `url`; with `closing`, asks the server to close the connection after the answer,
    /// so the next request makes a new connection (and a new TLS handshake).
    func get(_ url: String, closing: Bool = false) async throws -> Answer {
        var request = HTTPClientRequest(url: url)
        if closing { request.headers.add(name: "connection", value: "close") }
        let response = try await client.execute(request, timeout: .seconds(10))
        let body = try await response.body.collect(upTo: 1 << 20)
        return Answer(status: Int(response.status.code), version: response.version, body: String(buffer: body))
    }

    /// POSTs to `url` a request whose body never comes: the header, then a body stream that
    /// sends nothing and never ends. Returns how the request ended: the server's answer, or the
    /// error the client got when the server reset the stream or closed the connection; `nil`
    /// when nothing ended it within `patience`.
    func postStalledBody(_ url: String, patience: Duration) async -> Result<Int, any Error>? {
        let client = client
        return await withTaskGroup(of: Result<Int, any Error>?.self) { group in
            group.addTask {
                var request = HTTPClientRequest(url: url)
                request.method = .POST
                request.headers.add(name: "content-type", value: "application/json")
                let (never, _) = AsyncStream<ByteBuffer>.makeStream()
                request.body = .stream(never, length: .unknown)
                do {
                    let response = try await client.execute(request, timeout: .seconds(120))
                    return .success(Int(response.status.code))
                } catch {
                    return .failure(error)
                }
            }
            group.addTask {
                try? await Task.sleep(for: patience)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }

    func shutdown() async throws {
        try await client.shutdown()
    }
}
