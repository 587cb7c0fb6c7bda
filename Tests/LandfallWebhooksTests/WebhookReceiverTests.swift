import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LandfallWebhooks
import Testing
import WebhookReceiver

/// The receiver every webhook test delivers to does what those tests rely on: it records each
/// delivery with whether `standardwebhooks` verified it, answers as its mode says for as many
/// deliveries as asked, and comes back on the same port after a restart.
@Suite("The webhook test receiver", .enabled(if: WebhookReceiver.shouldRun))
struct WebhookReceiverTests {
    static let secret = WebhookSecret.generate()

    /// POSTs `body` signed with `secrets` (Landfall's headers) and returns the status answered.
    static func deliver(to url: String, id: String, body: String, secrets: [WebhookSecret]) async throws -> Int {
        let timestamp = Int(Date().timeIntervalSince1970)
        var request = URLRequest(url: try #require(URL(string: url)), timeoutInterval: 10)
        request.httpMethod = "POST"
        request.httpBody = Data(body.utf8)
        request.setValue(id, forHTTPHeaderField: "webhook-id")
        request.setValue(String(timestamp), forHTTPHeaderField: "webhook-timestamp")
        request.setValue(WebhookSignature.header(id: id, timestamp: timestamp, body: Array(body.utf8), secrets: secrets),
                         forHTTPHeaderField: "webhook-signature")
        request.setValue("application/json", forHTTPHeaderField: "content-type")
        request.setValue("Landfall-Webhooks/1", forHTTPHeaderField: "user-agent")
        let (_, response) = try await URLSession.shared.data(for: request)
        return try #require(response as? HTTPURLResponse).statusCode
    }

    @Test("A delivery signed with its secret is recorded as verified and answered 204; another secret's, 400")
    func recordsWhetherADeliveryVerifies() async throws {
        let receiver = try await WebhookReceiver.start(secrets: [Self.secret.text])
        let body = #"{"id":"evt_1","type":"link.created","timestamp":"2026-11-26T18:00:00.000Z","data":{"title":"é 🎉"}}"#
        #expect(try await Self.deliver(to: receiver.url(path: "/hooks"), id: "evt_1", body: body, secrets: [Self.secret]) == 204)
        #expect(try await Self.deliver(to: receiver.url(path: "/hooks"), id: "evt_2", body: body, secrets: [WebhookSecret.generate()]) == 400)

        let received = try await receiver.waitForDeliveries(count: 2, within: .seconds(10))
        try #require(received.count == 2)
        #expect(received.map(\.verified) == [true, false])
        #expect(received.map(\.answered) == [204, 400])
        #expect(received.map(\.id) == ["evt_1", "evt_2"])
        #expect(received[0].type == "link.created" && received[0].eventID == "evt_1")
        #expect(received[0].rawBody == body && received[0].path == "/hooks")
        #expect(received[0].userAgent == "Landfall-Webhooks/1" && received[0].contentType == "application/json")
        #expect(received[1].error == "No matching signature found")
        await receiver.stop()
    }

    struct ModeCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let mode: WebhookReceiver.Mode
        let status: Int
    }

    @Test("A fault mode answers the next deliveries it was set for, then the receiver is back to 204", arguments: [
        ModeCase(testDescription: "fail", mode: .fail(status: 503), status: 503),
        ModeCase(testDescription: "fail with the default status", mode: .fail(), status: 500),
        ModeCase(testDescription: "hang for a moment", mode: .hang(seconds: 0.2), status: 204),
    ])
    func faultModesCountDown(modeCase: ModeCase) async throws {
        let receiver = try await WebhookReceiver.start(secrets: [Self.secret.text])
        try await receiver.setMode(modeCase.mode, count: 2)
        var statuses: [Int] = []
        for index in 0..<3 {
            statuses.append(try await Self.deliver(to: receiver.url(path: "/hooks"), id: "evt_\(index)", body: "{}", secrets: [Self.secret]))
        }
        #expect(statuses == [modeCase.status, modeCase.status, 204])
        #expect(try receiver.received().map(\.answered) == statuses)
        await receiver.stop()
    }

    @Test("A refused mode or secret throws the receiver's reason")
    func refusesBadControl() async throws {
        let receiver = try await WebhookReceiver.start(secrets: [Self.secret.text])
        let error = await #expect(throws: WebhookReceiver.Failure.self) { try await receiver.setSecrets(["not-a-secret"]) }
        #expect(error?.description.contains("does not start with whsec_") == true)
        await #expect(throws: WebhookReceiver.Failure.self) { try await receiver.setMode(.fail(status: 42)) }
        await receiver.stop()
    }

    @Test("After a restart it listens on the same port, with the secrets set and the deliveries recorded before")
    func restartKeepsThePortTheSecretsAndTheRecord() async throws {
        let receiver = try await WebhookReceiver.start(secrets: [Self.secret.text])
        let rotated = WebhookSecret.generate()
        try await receiver.setSecrets([rotated.text])
        let port = receiver.port
        #expect(try await Self.deliver(to: receiver.url(path: "/a"), id: "evt_before", body: "{}", secrets: [rotated]) == 204)

        try await receiver.restart(after: .milliseconds(300))
        #expect(receiver.port == port)
        #expect(try await Self.deliver(to: receiver.url(path: "/b"), id: "evt_after", body: "{}", secrets: [rotated]) == 204)
        #expect(try receiver.received().map(\.id) == ["evt_before", "evt_after"])
        #expect(try receiver.received().allSatisfy(\.verified))
        await receiver.stop()
    }
}
