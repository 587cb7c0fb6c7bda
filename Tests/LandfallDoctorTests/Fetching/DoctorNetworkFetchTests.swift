import DoctorStandIns
import Foundation
import LandfallDoctor
import Testing

/// `fetchOnce` and `fetch` against real loopback servers, HTTPS with a certificate authority
/// made by the test, the host names mapped to 127.0.0.1 the way `--resolve` does.
@Suite struct DoctorNetworkFetchTests {
    let authority: TestCertificateAuthority

    init() throws {
        authority = try TestCertificateAuthority()
    }

    @Test func aJSONFileArrivesWithItsStatusHeadersAndExactBody() async throws {
        let json = #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"/*"}]}]}}"#
        let identity = try authority.issue(for: ["good.landfall.test"])
        try await FetchingFixtures.withStandIn(identity: identity, reply: { _ in .json(json) }) { server in
            let url = server.url("/.well-known/apple-app-site-association?probe=1", host: "good.landfall.test")
            let settings = FetchingFixtures.settings(overrides: ["good.landfall.test": "127.0.0.1"])
            let result = try await withDoctorNetwork(settings) { network in
                await network.fetchOnce(url, userAgent: FetchingFixtures.userAgent)
            }

            let response = try #require(result.fetched)
            #expect(response.url == url)
            #expect(response.status == 200)
            #expect(response.header("content-type") == "application/json")
            #expect(response.header("Content-Length") == String(json.utf8.count))
            #expect(response.body == Array(json.utf8))
            #expect(response.bodyLength == json.utf8.count)
            #expect(!response.isTruncated)

            let request = try #require(server.requests.first)
            #expect(server.requests.count == 1)
            #expect(request.method == "GET")
            #expect(request.path == "/.well-known/apple-app-site-association?probe=1")
            #expect(request.host == "good.landfall.test:\(server.port)")
            #expect(request.header("User-Agent") == FetchingFixtures.userAgent)
            #expect(request.header("Accept-Encoding") == nil)
        }
    }

    @Test func anOverrideAppliesWhateverTheCaseOfTheHostInTheURL() async throws {
        let identity = try authority.issue(for: ["good.landfall.test"])
        try await FetchingFixtures.withStandIn(identity: identity, reply: { _ in .json("{}") }) { server in
            let url = server.url("/.well-known/assetlinks.json", host: "Good.Landfall.TEST")
            let settings = FetchingFixtures.settings(overrides: ["good.landfall.test": "127.0.0.1"])
            let result = try await withDoctorNetwork(settings) { network in
                await network.fetchOnce(url, userAgent: FetchingFixtures.userAgent)
            }

            #expect(result.fetched?.status == 200)
            #expect(server.requests.first?.host == "good.landfall.test:\(server.port)")
        }
    }

    @Test func aCompressedBodyIsKeptAsTheServerSentIt() async throws {
        let bytes: [UInt8] = [0x1F, 0x8B, 0x08, 0x00, 0x01, 0x02, 0x03]
        try await FetchingFixtures.withStandIn(identity: nil, reply: { _ in
            .respond(status: 200, headers: [("Content-Type", "application/json"), ("Content-Encoding", "gzip")], body: bytes)
        }) { server in
            let result = try await withDoctorNetwork(FetchingFixtures.settings()) { network in
                await network.fetchOnce(server.url("/.well-known/assetlinks.json"), userAgent: FetchingFixtures.userAgent)
            }

            #expect(result.fetched?.body == bytes)
            #expect(result.fetched?.header("Content-Encoding") == "gzip")
        }
    }

    @Test func aRedirectIsAnsweredNotFollowedByFetchOnce() async throws {
        try await FetchingFixtures.withStandIn(identity: nil, reply: { _ in .redirect(to: "/elsewhere") }) { server in
            let result = try await withDoctorNetwork(FetchingFixtures.settings()) { network in
                await network.fetchOnce(server.url("/.well-known/assetlinks.json"), userAgent: FetchingFixtures.userAgent)
            }

            #expect(result.fetched?.status == 301)
            #expect(result.fetched?.isRedirect == true)
            #expect(server.requests.count == 1)
        }
    }

    @Test func aRedirectToWwwGivesATrailOfBothResponses() async throws {
        let identity = try authority.issue(for: ["example.landfall.test", "www.example.landfall.test"])
        let path = "/.well-known/apple-app-site-association"
        try await FetchingFixtures.withStandIn(identity: identity, reply: { request in
            // The Host header is example.landfall.test:<port>; the redirect adds www.
            request.host?.hasPrefix("www.") == true
                ? .json(#"{"applinks":{}}"#)
                : .redirect(to: "https://www.\(request.host ?? "")\(path)")
        }) { server in
            let settings = FetchingFixtures.settings(overrides: [
                "example.landfall.test": "127.0.0.1", "www.example.landfall.test": "127.0.0.1",
            ])
            let trail = try await withDoctorNetwork(settings) { network in
                await network.fetch(server.url(path, host: "example.landfall.test"), userAgent: FetchingFixtures.userAgent)
            }

            #expect(trail.responses.map(\.status) == [301, 200])
            #expect(trail.responses.map(\.url) == [
                server.url(path, host: "example.landfall.test"), server.url(path, host: "www.example.landfall.test"),
            ])
            #expect(trail.isRedirected)
            #expect(trail.last?.body == Array(#"{"applinks":{}}"#.utf8))
            #expect(trail.failure == nil)
            #expect(!trail.stoppedAtHopLimit)
            #expect(server.requests.map(\.host) == [
                "example.landfall.test:\(server.port)", "www.example.landfall.test:\(server.port)",
            ])
        }
    }

    @Test func aRedirectLoopStopsAtTheHopLimit() async throws {
        try await FetchingFixtures.withStandIn(identity: nil, reply: { request in
            .redirect(to: request.path == "/a" ? "/b" : "/a", status: 302)
        }) { server in
            let settings = FetchingFixtures.settings(maximumRedirectHops: 3)
            let trail = try await withDoctorNetwork(settings) { network in
                await network.fetch(server.url("/a"), userAgent: FetchingFixtures.userAgent)
            }

            #expect(trail.responses.map(\.url) == ["/a", "/b", "/a", "/b"].map { server.url($0) })
            #expect(trail.stoppedAtHopLimit)
            #expect(trail.failure == nil)
            #expect(server.requests.count == 4)
        }
    }

    @Test func aRedirectToPlainHTTPIsFollowedToReportIt() async throws {
        let identity = try authority.issue(for: ["secure.landfall.test"])
        try await FetchingFixtures.withStandIn(identity: nil, reply: { _ in .json("{}") }) { plain in
            let target = plain.url("/.well-known/assetlinks.json")
            try await FetchingFixtures.withStandIn(identity: identity, reply: { _ in .redirect(to: target, status: 308) }) { secure in
                let settings = FetchingFixtures.settings(overrides: ["secure.landfall.test": "127.0.0.1"])
                let trail = try await withDoctorNetwork(settings) { network in
                    await network.fetch(
                        secure.url("/.well-known/assetlinks.json", host: "secure.landfall.test"),
                        userAgent: FetchingFixtures.userAgent
                    )
                }

                #expect(trail.responses.map(\.status) == [308, 200])
                #expect(trail.last?.url == target)
                #expect(target.hasPrefix("http://"))
                #expect(plain.requests.count == 1)
            }
        }
    }

    @Test func aRedirectToAClosedPortEndsTheTrailWithTheFailure() async throws {
        let closedPort = try ClosedPort()
        defer { closedPort.release() }
        let closed = closedPort.port
        try await FetchingFixtures.withStandIn(identity: nil, reply: { _ in
            .redirect(to: "http://127.0.0.1:\(closed)/gone")
        }) { server in
            let trail = try await withDoctorNetwork(FetchingFixtures.settings()) { network in
                await network.fetch(server.url("/"), userAgent: FetchingFixtures.userAgent)
            }

            #expect(trail.responses.map(\.status) == [301])
            #expect(trail.failure == .connectionRefused(host: "127.0.0.1", port: closed))
        }
    }

    @Test func aBodyLargerThanTheLimitIsTruncatedAndCountedInFull() async throws {
        let body = (0..<100_000).map { UInt8($0 % 251) }
        try await FetchingFixtures.withStandIn(identity: nil, reply: { _ in .respond(status: 200, body: body) }) { server in
            let settings = FetchingFixtures.settings(bodyLimit: 1000)
            let result = try await withDoctorNetwork(settings) { network in
                await network.fetchOnce(server.url("/big"), userAgent: FetchingFixtures.userAgent)
            }

            let response = try #require(result.fetched)
            #expect(response.isTruncated)
            #expect(response.bodyLength == 100_000)
            #expect(response.body == Array(body.prefix(1000)))
        }
    }

    @Test func aServerThatNeverAnswersIsAResponseTimeout() async throws {
        try await FetchingFixtures.withStandIn(identity: nil, reply: { _ in .neverAnswer }) { server in
            let url = server.url("/.well-known/assetlinks.json")
            let settings = FetchingFixtures.settings(connectTimeout: 1, responseTimeout: 0.5)
            let result = try await withDoctorNetwork(settings) { network in
                await network.fetchOnce(url, userAgent: FetchingFixtures.userAgent)
            }

            #expect(result.fetchFailure == .responseTimeout(url: url, seconds: 0.5))
            #expect(server.requests.count == 1)
        }
    }

    @Test func httpsToAPlainHTTPPortFailsTheHandshake() async throws {
        try await FetchingFixtures.withStandIn(identity: nil, reply: { _ in .json("{}") }) { server in
            let result = try await withDoctorNetwork(FetchingFixtures.settings()) { network in
                await network.fetchOnce("https://127.0.0.1:\(server.port)/", userAgent: FetchingFixtures.userAgent)
            }

            guard case .tlsHandshake(let host, let port, let reason) = result.fetchFailure else {
                Issue.record("expected tlsHandshake, got \(String(describing: result.fetchFailure))")
                return
            }
            #expect(host == "127.0.0.1")
            #expect(port == server.port)
            #expect(reason.contains("does not speak TLS on this port"))
        }
    }

    /// AsyncHTTPClient bounds connecting and the TLS handshake together by the connect timeout
    /// and reports both as a connect timeout; `handshake(host:port:)` tells them apart.
    @Test func aHandshakeThatHangsDuringAFetchEndsAtTheConnectTimeout() async throws {
        let server = try await StandInServer.silent()
        let url = "https://slow.landfall.test:\(server.port)/.well-known/assetlinks.json"
        let settings = FetchingFixtures.settings(
            overrides: ["slow.landfall.test": "127.0.0.1"], connectTimeout: 0.5, responseTimeout: 1
        )
        let result = try await withDoctorNetwork(settings) { network in
            await network.fetchOnce(url, userAgent: FetchingFixtures.userAgent)
        }
        try await server.stop()

        #expect(result.fetchFailure == .connectTimeout(host: "slow.landfall.test", port: server.port, seconds: 0.5))
    }

    @Test func aClosedPortIsARefusedConnection() async throws {
        let closed = try ClosedPort()
        defer { closed.release() }
        let port = closed.port
        let result = try await withDoctorNetwork(FetchingFixtures.settings()) { network in
            await network.fetchOnce("https://127.0.0.1:\(port)/", userAgent: FetchingFixtures.userAgent)
        }

        #expect(result.fetchFailure == .connectionRefused(host: "127.0.0.1", port: port))
    }

    @Test func anUnresolvableNameIsReportedAsSuch() async throws {
        let result = try await withDoctorNetwork(FetchingFixtures.settings()) { network in
            await network.fetchOnce("https://nothing.invalid/.well-known/assetlinks.json", userAgent: FetchingFixtures.userAgent)
        }

        guard case .nameNotResolved(let host, let reason) = result.fetchFailure else {
            Issue.record("expected nameNotResolved, got \(String(describing: result.fetchFailure))")
            return
        }
        #expect(host == "nothing.invalid")
        #expect(!reason.isEmpty)
    }

    @Test(arguments: [
        ("ftp://example.com/file", "only https:// and http:// URLs can be requested"),
        ("https:///no-host", "the URL has no host"),
        ("mailto:someone@example.com", "only https:// and http:// URLs can be requested"),
        ("https://exa mple.com/", "not a URL"),
        ("https://example.com:99999/", "the port 99999 is not between 1 and 65535"),
        ("https://example.com:0/", "the port 0 is not between 1 and 65535"),
    ])
    func aURLThatCannotBeRequestedSaysWhy(url: String, reason: String) async throws {
        let result = try await withDoctorNetwork(FetchingFixtures.settings()) { network in
            await network.fetchOnce(url, userAgent: FetchingFixtures.userAgent)
        }

        #expect(result.fetchFailure == .other(url: url, reason: reason))
    }

    @Test func theNetworkIsShutDownAfterWithDoctorNetwork() async throws {
        let network = try await withDoctorNetwork(FetchingFixtures.settings()) { $0 }

        await #expect(throws: (any Error).self) {
            try await network.shutdown()
        }
    }
}
