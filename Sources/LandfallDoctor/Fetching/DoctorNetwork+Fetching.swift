import AsyncHTTPClient
import Foundation
import NIOCore

extension DoctorNetwork {
    /// One `GET` of `url` (https or http), never following a redirect.
    ///
    /// The request sends `User-Agent: userAgent` and no `Accept-Encoding`, so the body arrives
    /// as the server stores it. The certificate is not verified here (``handshake(host:port:)``
    /// is what the certificate checks judge), so that every other problem of the file can still
    /// be reported. `--resolve` addresses are honoured with SNI and `Host` still naming the host.
    ///
    /// At most ``DoctorNetworkSettings/bodyLimit`` body bytes are kept; the rest is counted.
    ///
    /// - Returns: The response, or why there was none: `.connectTimeout` when no connection
    ///   *and TLS handshake* completed within the connect timeout (AsyncHTTPClient bounds the
    ///   two together, so an https server that accepts and then hangs in the handshake is
    ///   reported here as a connect timeout; ``handshake(host:port:)`` tells the two apart),
    ///   `.responseTimeout` when the server goes quiet for the response timeout or the whole
    ///   exchange outlasts both timeouts, `.connectionRefused`, `.nameNotResolved`,
    ///   `.tlsHandshake`, `.connectionClosed`, `.other` (including a URL that is not https or
    ///   http, has no host or a port outside 1–65535).
    public func fetchOnce(_ url: String, userAgent: String) async -> Result<FetchedResponse, FetchFailure> {
        let target: RequestTarget
        switch RequestTarget.parse(url) {
        case .success(let parsed): target = parsed
        case .failure(let failure): return .failure(failure)
        }
        var request = HTTPClientRequest(url: target.requestURL)
        request.method = .GET
        request.headers.add(name: "User-Agent", value: userAgent)
        let deadline = NIODeadline.now() + .fractionalSeconds(settings.connectTimeout + settings.responseTimeout)
        do {
            let response = try await client.execute(request, deadline: deadline)
            let limit = max(settings.bodyLimit, 0)
            var body: [UInt8] = []
            var length = 0
            for try await chunk in response.body {
                length += chunk.readableBytes
                let room = limit - body.count
                if room > 0 {
                    body.append(contentsOf: chunk.readableBytesView.prefix(room))
                }
            }
            return .success(FetchedResponse(
                url: url,
                status: Int(response.status.code),
                headers: response.headers.map { HeaderField(name: $0.name, value: $0.value) },
                body: body,
                bodyLength: length,
                isTruncated: length > body.count
            ))
        } catch {
            return .failure(.fetching(error, url: url, host: target.host, port: target.port, settings: settings))
        }
    }

    /// ``fetchOnce(_:userAgent:)``, and while the answer is a redirect, ``fetchOnce(_:userAgent:)``
    /// of its `Location` (resolved against the URL that answered), to report where it leads.
    ///
    /// At most ``DoctorNetworkSettings/maximumRedirectHops`` further requests are made; when the
    /// last of them is a redirect too, the trail ends with ``FetchTrail/stoppedAtHopLimit``. A hop
    /// that gets no response ends the trail with its ``FetchTrail/failure``.
    public func fetch(_ url: String, userAgent: String) async -> FetchTrail {
        var trail = FetchTrail()
        var current = url
        var hops = 0
        while true {
            let response: FetchedResponse
            switch await fetchOnce(current, userAgent: userAgent) {
            case .success(let answer):
                response = answer
            case .failure(let failure):
                trail.failure = failure
                return trail
            }
            trail.responses.append(response)
            guard response.isRedirect, let location = response.header("Location") else {
                return trail
            }
            guard hops < settings.maximumRedirectHops else {
                trail.stoppedAtHopLimit = true
                return trail
            }
            guard let next = URL(string: location, relativeTo: URL(string: current))?.absoluteString else {
                trail.failure = .other(url: current, reason: "its redirect's Location \"\(location)\" is not a URL")
                return trail
            }
            hops += 1
            current = next
        }
    }
}
