import Foundation
import LandfallKit
import LandfallWire
import Testing

@Suite struct LinkClientResolveTests {
    @Test func aShortLinkIsResolvedToItsDeepLinkDataAndID() async throws {
        let transport = ScriptedTransport(["GET /v1/resolve": [.status(200, Fixtures.resolution)]])
        let client = Fixtures.client(transport)
        let link = try await client.resolve(URL(string: "https://go.daily.example.com/xmas")!)
        #expect(link == ResolvedLink(
            url: "https://go.daily.example.com/xmas", deepLink: "https://daily.example.com/puzzle/2026-12-24",
            data: ["referrer": "ada"], campaign: Campaign(source: "newsletter", medium: "email", name: "winter-league"),
            id: Fixtures.linkID))
        let request = try #require(await transport.requests.first)
        #expect(request.method == .get)
        #expect(request.url.absoluteString
            == "https://go.daily.example.com/v1/resolve?url=https%3A%2F%2Fgo.daily.example.com%2Fxmas&platform=ios&opened=true")
    }

    @Test func theLinkToResolveIsAQueryParameterOfTheBaseURLWhateverItsSchemeAndPort() async throws {
        let transport = ScriptedTransport(["GET /v1/resolve": [.status(200, Fixtures.resolution)]])
        var configuration = Fixtures.configuration
        configuration.baseURL = URL(string: "http://127.0.0.1:8080/")!
        let client = Fixtures.client(transport, configuration: configuration)
        _ = try await client.resolve(URL(string: "https://go.daily.example.com/?link=https://daily.example.com/a&apn=x")!)
        let request = try #require(await transport.requests.first)
        #expect(request.url.absoluteString == "http://127.0.0.1:8080/v1/resolve?url=https%3A%2F%2Fgo.daily.example.com%2F%3Flink%3Dhttps%3A%2F%2Fdaily.example.com%2Fa%26apn%3Dx&platform=ios&opened=true")
        #expect(request.headers["Host"] == nil)
    }

    @Test func aLongLinkResolvesWithoutAnID() async throws {
        let body = #"{"url": "https://go.daily.example.com/?link=x", "deepLink": "https://daily.example.com/a", "data": {}, "campaign": {}}"#
        let client = Fixtures.client(ScriptedTransport(["GET /v1/resolve": [.status(200, body)]]))
        let link = try await client.resolve(URL(string: "https://go.daily.example.com/?link=x")!)
        #expect(link.id == nil)
        #expect(link.campaign.isEmpty)
        #expect(link.deepLinkURL == URL(string: "https://daily.example.com/a"))
    }

    @Test func anAnswerThatIsNotTheDocumentedJSONIsAnInvalidResponse() async throws {
        let client = Fixtures.client(ScriptedTransport(["GET /v1/resolve": [.status(200, #"{"deepLink": 3}"#)]]))
        await #expect(throws: LinkClientError.self) {
            try await client.resolve(URL(string: "https://go.daily.example.com/xmas")!)
        }
        do {
            _ = try await client.resolve(URL(string: "https://go.daily.example.com/xmas")!)
        } catch {
            guard case .invalidResponse = error else { Issue.record("expected an invalid response, got \(error)"); return }
        }
    }

    @Test func aBaseURLWithoutAHostIsAnInvalidRequestAndSendsNothing() async throws {
        let transport = ScriptedTransport()
        var configuration = Fixtures.configuration
        configuration.baseURL = URL(string: "file:///tmp/landfall")!
        let client = Fixtures.client(transport, configuration: configuration)
        do {
            _ = try await client.settings()
            Issue.record("expected an error")
        } catch {
            guard case .invalidRequest = error else { Issue.record("expected an invalid request, got \(error)"); return }
        }
        #expect(await transport.requests.isEmpty)
    }

    @Test func aBaseURLWithAPathKeepsIt() async throws {
        let transport = ScriptedTransport(["GET /landfall/v1/settings": [.status(200, #"{"invitationsRequired": true, "updatedAt": null}"#)]])
        var configuration = Fixtures.configuration
        configuration.baseURL = URL(string: "https://example.com/landfall/")!
        let settings = try await Fixtures.client(transport, configuration: configuration).settings()
        #expect(settings.invitationsRequired)
        #expect(await transport.requests.first?.url.absoluteString == "https://example.com/landfall/v1/settings")
    }
}
