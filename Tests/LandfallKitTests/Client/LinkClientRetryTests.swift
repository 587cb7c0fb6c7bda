import Foundation
import LandfallKit
import Testing

@Suite struct LinkClientRetryTests {
    static let settings = #"{"invitationsRequired": false, "updatedAt": null}"#

    @Test func transportFailuresAreRetriedWithExponentialBackoffThenSucceed() async throws {
        let transport = ScriptedTransport(["GET /v1/settings": [.noConnection, .noConnection, .status(200, Self.settings)]])
        let sleeps = Sleeps()
        let settings = try await Fixtures.client(transport, sleeps: sleeps).settings()
        #expect(settings == RemoteSettings(invitationsRequired: false))
        #expect(await transport.requests.count == 3)
        #expect(await sleeps.durations == [.milliseconds(500), .seconds(1)])
    }

    @Test func aServerFailureIsRetried() async throws {
        let transport = ScriptedTransport(["GET /v1/settings": [.status(503, Fixtures.error("unavailable")), .status(200, Self.settings)]])
        let sleeps = Sleeps()
        _ = try await Fixtures.client(transport, sleeps: sleeps).settings()
        #expect(await transport.requests.count == 2)
        #expect(await sleeps.durations == [.milliseconds(500)])
    }

    @Test func a429IsRetriedAfterExactlyTheRetryAfterTheServerAsked() async throws {
        let transport = ScriptedTransport(["GET /v1/settings": [
            .status(429, Fixtures.error("rate_limited"), headers: ["retry-after": "7"]), .status(200, Self.settings),
        ]])
        let sleeps = Sleeps()
        _ = try await Fixtures.client(transport, sleeps: sleeps).settings()
        #expect(await transport.requests.count == 2)
        #expect(await sleeps.durations == [.seconds(7)])
    }

    @Test func aRetryAfterLongerThanThePolicyAllowsEndsTheRetries() async throws {
        let transport = ScriptedTransport(["GET /v1/settings": [
            .status(429, Fixtures.error("rate_limited"), headers: ["Retry-After": "600"]), .status(200, Self.settings),
        ]])
        let sleeps = Sleeps()
        do {
            _ = try await Fixtures.client(transport, sleeps: sleeps).settings()
            Issue.record("expected rate limited")
        } catch {
            guard case .rateLimited(let problem) = error else { Issue.record("expected rate limited, got \(error)"); return }
            #expect(problem.retryAfter == .seconds(600))
            #expect(problem.code == "rate_limited")
        }
        #expect(await transport.requests.count == 1)
        #expect(await sleeps.durations.isEmpty)
    }

    @Test func theClientGivesUpAfterTheLastAttempt() async throws {
        let transport = ScriptedTransport(["GET /v1/settings": [.noConnection]])
        let sleeps = Sleeps()
        do {
            _ = try await Fixtures.client(transport, sleeps: sleeps).settings()
            Issue.record("expected unreachable")
        } catch {
            guard case .unreachable(let reason) = error else { Issue.record("expected unreachable, got \(error)"); return }
            #expect(reason.contains("offline"))
            #expect(error.isTemporary)
        }
        #expect(await transport.requests.count == 4)
        #expect(await sleeps.durations == [.milliseconds(500), .seconds(1), .seconds(2)])
    }

    @Test func aServerFailureOnEveryAttemptIsReportedWithTheServersProblem() async throws {
        let transport = ScriptedTransport(["GET /v1/settings": [.status(502, "<html>Bad Gateway</html>")]])
        do {
            _ = try await Fixtures.client(transport).settings()
            Issue.record("expected a server failure")
        } catch {
            guard case .serverFailed(let problem) = error else { Issue.record("expected a server failure, got \(error)"); return }
            #expect(problem.code == "http_502")
            #expect(problem.message.contains("Bad Gateway"))
        }
    }

    @Test(arguments: [400, 401, 403, 404, 409, 410, 413, 415])
    func aClientErrorIsNeverRetried(status: Int) async throws {
        let transport = ScriptedTransport(["GET /v1/resolve": [
            .status(status, Fixtures.error("not_found", "No short link has this address.", field: "url")),
            .status(200, Fixtures.resolution),
        ]])
        let sleeps = Sleeps()
        do {
            _ = try await Fixtures.client(transport, sleeps: sleeps).resolve(URL(string: "https://go.daily.example.com/nope")!)
            Issue.record("expected a refusal")
        } catch {
            guard case .refused(let problem) = error else { Issue.record("expected a refusal, got \(error)"); return }
            #expect(problem.status == status)
            #expect(problem.field == "url")
            #expect(!error.isTemporary)
        }
        #expect(await transport.requests.count == 1)
        #expect(await sleeps.durations.isEmpty)
    }

    @Test func aCancelledTaskStopsRetrying() async throws {
        let transport = ScriptedTransport(["GET /v1/settings": [.noConnection]])
        let client = LinkClient(configuration: Fixtures.configuration, transport: transport,
                                sleep: { _ in throw CancellationError() })
        let task = Task { () async -> Result<RemoteSettings, LinkClientError> in
            withUnsafeCurrentTask { $0?.cancel() }
            do throws(LinkClientError) {
                return .success(try await client.settings())
            } catch {
                return .failure(error)
            }
        }
        let result = await task.value
        guard case .failure(.cancelled) = result else { Issue.record("expected cancelled, got \(result)"); return }
        #expect(await transport.requests.count <= 1)
    }

    @Test(arguments: [(1, 0.0, 500), (2, 0.0, 1000), (3, 0.0, 2000), (10, 0.0, 30_000), (1, 1.0, 250), (3, 0.5, 1500)])
    func theBackoffDoublesUpToItsMaximumAndJitterShortensIt(retry: Int, random: Double, milliseconds: Int) {
        let policy = RetryPolicy(initialDelay: .milliseconds(500), maxDelay: .seconds(30), jitter: 0.5)
        #expect(policy.delay(beforeRetry: retry, random: random) == .milliseconds(milliseconds))
    }

    @Test func aPolicyOfNoneTriesOnce() async throws {
        let transport = ScriptedTransport(["GET /v1/settings": [.noConnection, .status(200, Self.settings)]])
        var configuration = Fixtures.configuration
        configuration.retry = .none
        await #expect(throws: LinkClientError.self) {
            try await Fixtures.client(transport, configuration: configuration).settings()
        }
        #expect(await transport.requests.count == 1)
    }
}
