import DeepLinkRouting
import Foundation
import LandfallKit

enum Fixtures {
    /// A fixed "now": 2026-11-21T10:00:00Z.
    static let now = Date(timeIntervalSince1970: 1_795_255_200)

    static let baseURL = URL(string: "https://go.daily.example.com")!

    static let configuration = LinkClientConfiguration(
        baseURL: baseURL, linkHosts: ["go.daily.example.com"], platform: .ios,
        retry: RetryPolicy(maxAttempts: 4, jitter: 0))

    /// A client over `transport` whose waits are recorded in `sleeps` and return at once.
    static func client(_ transport: ScriptedTransport, sleeps: Sleeps = Sleeps(), state: LinkClientState = LinkClientState(),
                       configuration: LinkClientConfiguration = configuration) -> LinkClient {
        LinkClient(configuration: configuration, state: state, transport: transport,
                   sleep: { await sleeps.record($0) }, now: { now })
    }

    static let token = "lfc_3q2-7wEjRZ6Qb_pJkLm0xA"
    static let linkID = "019b4f2e-7a10-7c4e-9b1f-3f0d2a6b8c11"

    /// `GET /v1/resolve` for https://go.daily.example.com/xmas.
    static let resolution = """
        {"url": "https://go.daily.example.com/xmas", "deepLink": "https://daily.example.com/puzzle/2026-12-24",
         "data": {"referrer": "ada"},
         "campaign": {"source": "newsletter", "medium": "email", "name": "winter-league", "term": null, "content": null},
         "id": "\(linkID)"}
        """

    /// A link of a claim answer, leading to `deepLink`.
    static func claimedLink(_ deepLink: String, id: String? = linkID) -> String {
        """
        {"url": "https://go.daily.example.com/xmas", "deepLink": "\(deepLink)", "data": {},
         "campaign": {"source": null, "medium": null, "name": null, "term": null, "content": null},
         "id": \(id.map { "\"\($0)\"" } ?? "null")}
        """
    }

    static func error(_ code: String, _ message: String = "refused", field: String? = nil) -> String {
        #"{"error": {"code": "\#(code)", "message": "\#(message)"\#(field.map { #", "field": "\#($0)""# } ?? "")}}"#
    }

    /// The app's router: a puzzle route, a profile that needs sign-in, and a fallback.
    static func router(_ recorder: Recorder) throws -> Router {
        try Router(
            sources: [.host("daily.example.com", includingWWW: true), .host("go.daily.example.com"), .scheme("daily")],
            routes: [
                Route("/puzzle/:date", name: "puzzle", parameters: ["date": .day]) { match in
                    await recorder.record("puzzle \(match.parameters["date"] ?? "")")
                },
                Route("/user/:id", name: "profile", requires: [.signedIn]) { match in
                    await recorder.record("profile \(match.parameters["id"] ?? "")")
                },
            ],
            fallback: { link in await recorder.record("fallback \(link.path)") })
    }
}
