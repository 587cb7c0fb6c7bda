import Foundation
import LandfallJSON
import LandfallLinks
@testable import LandfallStorage
import LandfallWebhooks
import Testing

/// Taking due deliveries with a lease, recording attempts, retries, disabling a failing
/// endpoint, redelivery, batching clicks and purging.
@Suite struct WebhookDeliveryStorageTests {
    static func attempt(_ due: DueWebhookDelivery, at date: Date, status: Int?, error: String? = nil) -> WebhookAttempt {
        WebhookAttempt(deliveryID: due.deliveryID, number: due.attempt, attemptedAt: date, durationMilliseconds: 12,
                       statusCode: status, error: error, responseExcerpt: status == nil ? "" : "answer \(status ?? 0)")
    }

    @Test("A due delivery is taken once until its lease runs out, then again as its next attempt", arguments: Backend.all)
    func dueDeliveriesAreLeased(backend: Backend) async throws {
        try await backend.withStorage { storage in
            let endpoint = try Fixtures.endpoint()
            try await storage.insert(endpoint)
            let link = Fixtures.link("winter")
            try await storage.insert([link])
            let now = Date()
            let first = try await storage.takeDueWebhookDeliveries(now: now, lease: .seconds(30), limit: 10)
            #expect(first.count == 1)
            let due = try #require(first.first)
            #expect(due.attempt == 1)
            #expect(due.attemptInRound == 1)
            #expect(due.url == endpoint.url)
            #expect(due.secrets == [endpoint.secret])
            #expect(due.eventType == .linkCreated)
            #expect(try JSONValue.parse(due.body)["data"]?["link"]?["slug"]?.stringValue == "winter")
            #expect(try await storage.takeDueWebhookDeliveries(now: now.addingTimeInterval(29), lease: .seconds(30), limit: 10).isEmpty)
            let again = try await storage.takeDueWebhookDeliveries(now: now.addingTimeInterval(31), lease: .seconds(30), limit: 10)
            #expect(again.map(\.attempt) == [2])
            #expect(again.map(\.eventID) == [due.eventID])
        }
    }

    @Test("Instances taking at the same time take different deliveries", arguments: Backend.all)
    func concurrentTakersTakeDifferentDeliveries(backend: Backend) async throws {
        try await backend.withLocation { location in
            let storages = [try await Storage.open(location, logger: .quiet), try await Storage.open(location, logger: .quiet)]
            do {
                try await storages[0].insert(try Fixtures.endpoint())
                try await storages[0].insert((0..<60).map { Fixtures.link("link\($0)", offset: $0) })
                let now = Date()
                let taken = try await concurrently(6) { index in
                    try await storages[index % 2].takeDueWebhookDeliveries(now: now, lease: .seconds(30), limit: 10).map(\.deliveryID)
                }.flatMap { $0 }
                #expect(taken.count == 60)
                #expect(Set(taken).count == 60)
            } catch {
                for storage in storages { await storage.close() }
                throw error
            }
            for storage in storages { await storage.close() }
        }
    }

    @Test("A failed attempt waits for its retry; a success delivers; the last failure fails the delivery", arguments: Backend.all)
    func attemptsAreRecorded(backend: Backend) async throws {
        try await backend.withStorage { storage in
            let endpoint = try Fixtures.endpoint()
            try await storage.insert(endpoint)
            try await storage.insert([Fixtures.link("winter"), Fixtures.link("spring", offset: 1)])
            let now = Date()
            let due = try await storage.takeDueWebhookDeliveries(now: now, lease: .seconds(30), limit: 10)
            #expect(due.count == 2)
            let retryAt = now.addingTimeInterval(5)
            try await storage.recordWebhookAttempts([
                WebhookAttemptResult(attempt: Self.attempt(due[0], at: now, status: 500), outcome: .retry(at: retryAt), endpointID: endpoint.id),
                WebhookAttemptResult(attempt: Self.attempt(due[1], at: now, status: 204), outcome: .delivered, endpointID: endpoint.id),
            ], disableAfter: .seconds(86_400))
            let retried = try #require(try await storage.webhookDelivery(id: due[0].deliveryID))
            #expect(retried.status == .pending)
            #expect(retried.lastStatusCode == 500)
            #expect(retried.nextAttemptAt.map { abs($0.timeIntervalSince(retryAt)) < 0.002 } == true)
            let delivered = try #require(try await storage.webhookDelivery(id: due[1].deliveryID))
            #expect(delivered.status == .delivered)
            #expect(delivered.completedAt != nil)
            #expect(try await storage.webhookAttempts(deliveryID: due[1].deliveryID).map(\.responseExcerpt) == ["answer 204"])
            #expect(try await storage.webhookEndpoint(id: endpoint.id)?.lastSuccessAt != nil)

            #expect(try await storage.takeDueWebhookDeliveries(now: now.addingTimeInterval(4), lease: .seconds(30), limit: 10).isEmpty)
            let second = try await storage.takeDueWebhookDeliveries(now: now.addingTimeInterval(6), lease: .seconds(30), limit: 10)
            #expect(second.map(\.attemptInRound) == [2])
            try await storage.recordWebhookAttempts([
                WebhookAttemptResult(attempt: Self.attempt(second[0], at: now.addingTimeInterval(6), status: nil, error: "refused"),
                                     outcome: .failed, endpointID: endpoint.id),
            ], disableAfter: .seconds(86_400))
            let failed = try #require(try await storage.webhookDelivery(id: due[0].deliveryID))
            #expect(failed.status == .failed)
            #expect(failed.lastError == "refused")
            #expect(failed.lastStatusCode == nil)
            #expect(try await storage.webhookAttempts(deliveryID: due[0].deliveryID).map(\.number) == [1, 2])
            // It failed, but succeeded a moment before: the endpoint stays enabled.
            #expect(try await storage.webhookEndpoint(id: endpoint.id)?.isEnabled == true)
        }
    }

    @Test("An attempt recorded after its delivery was taken again does not change the delivery", arguments: Backend.all)
    func staleAttemptsDoNotOverwrite(backend: Backend) async throws {
        try await backend.withStorage { storage in
            let endpoint = try Fixtures.endpoint()
            try await storage.insert(endpoint)
            try await storage.insert([Fixtures.link("winter")])
            let now = Date()
            let first = try #require(try await storage.takeDueWebhookDeliveries(now: now, lease: .seconds(1), limit: 1).first)
            let second = try #require(try await storage.takeDueWebhookDeliveries(now: now.addingTimeInterval(2), lease: .seconds(30), limit: 1).first)
            try await storage.recordWebhookAttempts([
                WebhookAttemptResult(attempt: Self.attempt(second, at: now.addingTimeInterval(2), status: 200), outcome: .delivered, endpointID: endpoint.id),
                WebhookAttemptResult(attempt: Self.attempt(first, at: now.addingTimeInterval(3), status: 500), outcome: .failed, endpointID: endpoint.id),
            ], disableAfter: .seconds(86_400))
            #expect(try await storage.webhookDelivery(id: first.deliveryID)?.status == .delivered)
            #expect(try await storage.webhookAttempts(deliveryID: first.deliveryID).map(\.number) == [1, 2])
        }
    }

    @Test("An endpoint deleted while its delivery was attempted does not keep the other endpoints' attempts from being recorded",
          arguments: Backend.all)
    func attemptsOfADeletedEndpointAreDropped(backend: Backend) async throws {
        try await backend.withStorage { storage in
            let kept = try Fixtures.endpoint(url: "https://hooks.example.com/kept")
            let deleted = try Fixtures.endpoint(url: "https://hooks.example.com/deleted")
            try await storage.insert(kept)
            try await storage.insert(deleted)
            try await storage.insert([Fixtures.link("winter")])
            let now = Date()
            let due = try await storage.takeDueWebhookDeliveries(now: now, lease: .seconds(30), limit: 10)
            #expect(Set(due.map(\.endpointID)) == [kept.id, deleted.id])
            #expect(try await storage.deleteWebhookEndpoint(id: deleted.id))
            let disabled = try await storage.recordWebhookAttempts(due.map { delivery in
                WebhookAttemptResult(attempt: Self.attempt(delivery, at: now, status: 204), outcome: .delivered, endpointID: delivery.endpointID)
            }, disableAfter: .seconds(86_400))
            #expect(disabled.isEmpty)
            let keptDelivery = try #require(due.first { $0.endpointID == kept.id })
            #expect(try await storage.webhookDelivery(id: keptDelivery.deliveryID)?.status == .delivered)
            #expect(try await storage.webhookAttempts(deliveryID: keptDelivery.deliveryID).map(\.number) == [1])
            #expect(try await storage.webhookEndpoint(id: kept.id)?.lastSuccessAt != nil)
            let deletedDelivery = try #require(due.first { $0.endpointID == deleted.id })
            #expect(try await storage.webhookDelivery(id: deletedDelivery.deliveryID) == nil)
            #expect(try await storage.webhookAttempts(deliveryID: deletedDelivery.deliveryID).isEmpty)
        }
    }

    @Test("Recording attempts while one of their endpoints is being deleted: both succeed, every time", arguments: Backend.all)
    func recordingRacesADelete(backend: Backend) async throws {
        try await backend.withStorage { storage in
            for round in 0..<20 {
                let kept = try Fixtures.endpoint(url: "https://hooks.example.com/kept\(round)")
                let deleted = try Fixtures.endpoint(url: "https://hooks.example.com/deleted\(round)")
                try await storage.insert(kept)
                try await storage.insert(deleted)
                try await storage.insert([Fixtures.link("round\(round)", offset: round)])
                let now = Date()
                let due = try await storage.takeDueWebhookDeliveries(now: now, lease: .seconds(30), limit: 10)
                #expect(due.count == 2)
                let results = due.map { delivery in
                    WebhookAttemptResult(attempt: Self.attempt(delivery, at: now, status: 204), outcome: .delivered, endpointID: delivery.endpointID)
                }
                _ = try await concurrently(2) { task in
                    if task == 0 {
                        _ = try await storage.recordWebhookAttempts(results, disableAfter: .seconds(86_400))
                    } else {
                        _ = try await storage.deleteWebhookEndpoint(id: deleted.id)
                    }
                }
                let keptDelivery = try #require(due.first { $0.endpointID == kept.id })
                #expect(try await storage.webhookDelivery(id: keptDelivery.deliveryID)?.status == .delivered)
                #expect(try await storage.webhookEndpoint(id: deleted.id) == nil)
                _ = try await storage.deleteWebhookEndpoint(id: kept.id)
            }
        }
    }

    @Test("An endpoint whose deliveries failed for longer than the limit is disabled with the reason", arguments: Backend.all)
    func failingEndpointsAreDisabled(backend: Backend) async throws {
        try await backend.withStorage { storage in
            let endpoint = try Fixtures.endpoint()
            try await storage.insert(endpoint)
            try await storage.insert([Fixtures.link("winter"), Fixtures.link("spring", offset: 1)])
            let start = Date()
            let due = try await storage.takeDueWebhookDeliveries(now: start, lease: .seconds(30), limit: 10)
            let first = try await storage.recordWebhookAttempts([
                WebhookAttemptResult(attempt: Self.attempt(due[0], at: start, status: 503), outcome: .failed, endpointID: endpoint.id),
            ], disableAfter: .seconds(3_600))
            #expect(first.isEmpty)
            #expect(try await storage.webhookEndpoint(id: endpoint.id)?.failingSince != nil)
            let later = start.addingTimeInterval(3_601)
            let disabled = try await storage.recordWebhookAttempts([
                WebhookAttemptResult(attempt: Self.attempt(due[1], at: later, status: 503), outcome: .failed, endpointID: endpoint.id),
            ], disableAfter: .seconds(3_600))
            #expect(disabled.map(\.id) == [endpoint.id])
            let stored = try #require(try await storage.webhookEndpoint(id: endpoint.id))
            #expect(!stored.isEnabled)
            #expect(stored.disabledReason == "disabled after every delivery failed for 1 hour; the last: HTTP 503")

            // Nothing is taken for a disabled endpoint; enabling it again starts its clock anew.
            try await storage.insert([Fixtures.link("autumn", offset: 2)])
            #expect(try await storage.takeDueWebhookDeliveries(now: later, lease: .seconds(30), limit: 10).isEmpty)
            #expect(try await storage.deliveries(of: endpoint.id).count == 2)
            let enabled = try await storage.updateWebhookEndpoint(id: endpoint.id, at: later) { $0.disabledAt = nil }
            #expect(enabled?.failingSince == nil)
            #expect(enabled?.disabledReason == nil)
        }
    }

    @Test("Redelivery starts a new round of attempts of a delivered or failed delivery", arguments: Backend.all)
    func redeliveryStartsANewRound(backend: Backend) async throws {
        try await backend.withStorage { storage in
            let endpoint = try Fixtures.endpoint()
            try await storage.insert(endpoint)
            try await storage.insert([Fixtures.link("winter")])
            let now = Date()
            let due = try #require(try await storage.takeDueWebhookDeliveries(now: now, lease: .seconds(30), limit: 1).first)
            #expect(try await storage.redeliverWebhook(id: due.deliveryID, at: now)?.status == .pending)
            #expect(try await storage.takeDueWebhookDeliveries(now: now, lease: .seconds(30), limit: 1).isEmpty)
            try await storage.recordWebhookAttempts([
                WebhookAttemptResult(attempt: Self.attempt(due, at: now, status: 410), outcome: .failed, endpointID: endpoint.id),
            ], disableAfter: .seconds(86_400))
            #expect(try await storage.redeliverFailedWebhooks(endpointID: endpoint.id, since: Fixtures.at(-1_000), at: now) == 1)
            let again = try #require(try await storage.takeDueWebhookDeliveries(now: now, lease: .seconds(30), limit: 1).first)
            #expect(again.attempt == 2)
            #expect(again.attemptInRound == 1)
            #expect(again.eventID == due.eventID)
            #expect(try await storage.redeliverWebhook(id: "dlv_none", at: now) == nil)
        }
    }

    @Test("Clicks wait their interval, then become one link.clicked event per endpoint with every count", arguments: Backend.all)
    func clicksAreBatched(backend: Backend) async throws {
        try await backend.withStorage { storage in
            let clicks = try Fixtures.endpoint(["link.clicked"])
            let other = try Fixtures.endpoint(["link.created"])
            try await storage.insert(clicks)
            try await storage.insert(other)
            let winter = Fixtures.link("winter")
            let spring = Fixtures.link("spring", offset: 1)
            try await storage.insert([winter, spring])
            try await storage.record([Fixtures.count(winter, 2), Fixtures.count(spring, .android, referrer: "t.co", 1)])
            try await storage.record([Fixtures.count(winter, 3)])
            let now = Date()
            #expect(try await storage.batchPendingClicks(waitingSince: now.addingTimeInterval(-5), at: now) == 0)
            #expect(try await storage.batchPendingClicks(waitingSince: now.addingTimeInterval(5), at: now) == 1)
            #expect(try await storage.batchPendingClicks(waitingSince: now.addingTimeInterval(5), at: now) == 0)

            let events = try await storage.storedWebhookEventJSON().filter { $0["type"]?.stringValue == "link.clicked" }
            #expect(events.count == 1)
            let reported = try #require(events.first?["data"]?["clicks"]?.arrayValue)
            #expect(reported.map { $0["slug"]?.stringValue } == ["spring", "winter"] || reported.map { $0["slug"]?.stringValue } == ["winter", "spring"])
            let winterCount = reported.first { $0["slug"]?.stringValue == "winter" }?["count"]
            #expect(winterCount == .integer(5))
            #expect(reported.first { $0["slug"]?.stringValue == "spring" }?["referrerHost"]?.stringValue == "t.co")
            #expect(try await storage.deliveries(of: clicks.id).map(\.eventType) == [.linkClicked])
            #expect(try await storage.deliveries(of: other.id).map(\.eventType) == [.linkCreated, .linkCreated])
        }
    }

    @Test("Purging deletes deliveries completed before the cutoff, their events, and expired previous secrets", arguments: Backend.all)
    func purgingDeletesOldDeliveries(backend: Backend) async throws {
        try await backend.withStorage { storage in
            let endpoint = try Fixtures.endpoint()
            try await storage.insert(endpoint)
            try await storage.insert([Fixtures.link("winter"), Fixtures.link("spring", offset: 1)])
            let now = Date()
            let due = try await storage.takeDueWebhookDeliveries(now: now, lease: .seconds(30), limit: 1)
            try await storage.recordWebhookAttempts([
                WebhookAttemptResult(attempt: Self.attempt(due[0], at: now, status: 200), outcome: .delivered, endpointID: endpoint.id),
            ], disableAfter: .seconds(86_400))
            _ = try await storage.rotateWebhookSecret(id: endpoint.id, to: .generate(), previousUntil: now.addingTimeInterval(10), at: now)
            #expect(try await storage.purgeWebhookHistory(completedBefore: now, now: now) == 0)
            #expect(try await storage.purgeWebhookHistory(completedBefore: now.addingTimeInterval(1), now: now.addingTimeInterval(11)) == 1)
            // The pending delivery and its event stay.
            #expect(try await storage.deliveries(of: endpoint.id).count == 1)
            #expect(try await storage.storedWebhookEvents().count == 1)
            let stored = try #require(try await storage.webhookEndpoint(id: endpoint.id))
            #expect(stored.previousSecret == nil)
            #expect(stored.signingSecrets(at: now) == [stored.secret])
        }
    }

    @Test("Purging a batch at a time deletes every completed delivery and its event, and keeps the pending ones", arguments: Backend.all)
    func purgingInBatchesDeletesEveryOldDelivery(backend: Backend) async throws {
        try await backend.withStorage { storage in
            let endpoint = try Fixtures.endpoint()
            try await storage.insert(endpoint)
            try await storage.insert((0..<5).map { Fixtures.link("link\($0)", offset: $0) })
            let now = Date()
            let due = try await storage.takeDueWebhookDeliveries(now: now, lease: .seconds(30), limit: 4)
            #expect(due.count == 4)
            try await storage.recordWebhookAttempts(due.map {
                WebhookAttemptResult(attempt: Self.attempt($0, at: now, status: 200), outcome: .delivered, endpointID: endpoint.id)
            }, disableAfter: .seconds(86_400))

            #expect(try await storage.purgeWebhookHistory(completedBefore: now.addingTimeInterval(1), now: now, batchSize: 1) == 4)

            #expect(try await storage.deliveries(of: endpoint.id).count == 1)
            #expect(try await storage.storedWebhookEvents().count == 1)
            #expect(try await storage.purgeWebhookHistory(completedBefore: now.addingTimeInterval(1), now: now, batchSize: 1) == 0)
        }
    }

    @Test("Rotating a secret signs with both for the day after, then with the new one", arguments: Backend.all)
    func rotationKeepsTheOldSecretForADay(backend: Backend) async throws {
        try await backend.withStorage { storage in
            let endpoint = try Fixtures.endpoint()
            try await storage.insert(endpoint)
            let now = Date()
            let secret = WebhookSecret.generate()
            let rotated = try #require(try await storage.rotateWebhookSecret(id: endpoint.id, to: secret, previousUntil: now.addingTimeInterval(86_400), at: now))
            #expect(rotated.signingSecrets(at: now) == [secret, endpoint.secret])
            #expect(rotated.signingSecrets(at: now.addingTimeInterval(86_401)) == [secret])
            #expect(try await storage.webhookEndpoint(id: endpoint.id)?.signingSecrets(at: now) == [secret, endpoint.secret])
            #expect(try await storage.rotateWebhookSecret(id: "wh_none", to: secret, previousUntil: now, at: now) == nil)
        }
    }

    @Test("Deleting an endpoint deletes its deliveries and the events no one else is sent", arguments: Backend.all)
    func deletingAnEndpointCascades(backend: Backend) async throws {
        try await backend.withStorage { storage in
            let one = try Fixtures.endpoint(["link.created", "link.deleted"])
            let other = try Fixtures.endpoint(["link.created"])
            try await storage.insert(one)
            try await storage.insert(other)
            let link = Fixtures.link("winter")
            try await storage.insert([link])
            #expect(try await storage.delete(id: link.id))
            #expect(try await storage.deleteWebhookEndpoint(id: one.id))
            #expect(try await storage.deleteWebhookEndpoint(id: one.id) == false)
            #expect(try await storage.storedWebhookEventTypes() == ["link.created"])
            #expect(try await storage.deliveries(of: other.id).count == 1)
            #expect(try await storage.webhookEndpoints().map(\.id) == [other.id])
        }
    }
}
