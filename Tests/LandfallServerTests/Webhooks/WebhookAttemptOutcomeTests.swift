import Foundation
import LandfallStorage
import LandfallWebhooks
import Testing
@testable import LandfallServer

/// What an attempt leads to: delivered, the next attempt of the schedule counted from the
/// attempt's end, or failed once the round's attempts are spent.
@Suite struct WebhookAttemptOutcomeTests {
    static let start = Date(timeIntervalSince1970: 1_795_176_000)
    static let schedule = WebhookRetrySchedule(delays: [5, 30], jitter: 0)

    static func attempt(status: Int?, milliseconds: Int) -> WebhookAttempt {
        WebhookAttempt(deliveryID: "dlv_0190000000007000800000000000000a", number: 1, attemptedAt: start,
                       durationMilliseconds: milliseconds, statusCode: status, error: status == nil ? "no answer within the timeout" : nil,
                       responseExcerpt: "")
    }

    static func delivery(inRound attempt: Int) -> DueWebhookDelivery {
        DueWebhookDelivery(deliveryID: "dlv_0190000000007000800000000000000a", attempt: attempt, attemptInRound: attempt,
                           endpointID: "wh_AAAAAAAAAAAAAAAA", url: "https://hooks.example.com/", secrets: [.generate()],
                           eventID: "evt_0190000000007000800000000000000a", eventType: .linkCreated, body: "{}")
    }

    @Test("An attempt's outcome", arguments: [
        // (status, duration ms, attempt in round, expected: nil = delivered, -1 = failed, else seconds after the start)
        (200, 40, 1, nil),
        (204, 40, 3, nil),
        (500, 40, 1, 5.04),
        (307, 40, 2, 30.04),
        (nil, 10_000, 1, 15.0),   // a timeout: the next attempt 5 s after it gave up, not 5 s after it began
        (nil, 10_000, 2, 40.0),
        (500, 40, 3, -1),
    ] as [(Int?, Int, Int, Double?)])
    func outcomes(status: Int?, milliseconds: Int, inRound: Int, expected: Double?) {
        let outcome = WebhookDeliveryService.outcome(of: Self.attempt(status: status, milliseconds: milliseconds),
                                                     for: Self.delivery(inRound: inRound), schedule: Self.schedule)
        guard let expected else {
            #expect(outcome == .delivered)
            return
        }
        #expect(outcome == (expected < 0 ? .failed : .retry(at: Self.start.addingTimeInterval(expected))))
    }
}
