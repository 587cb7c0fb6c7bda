import Foundation
import LandfallKit

/// A transport failure, as when the device is offline.
struct NoConnection: Error, CustomStringConvertible {
    var description: String { "the Internet connection appears to be offline" }
}

/// A fake server: records every request and answers from a table of scripted answers per
/// `METHOD /path`. Each answer is used once, except the last, which repeats.
actor ScriptedTransport: LinkTransport {
    /// One scripted answer.
    enum Answer: Sendable {
        /// An HTTP answer with a JSON (or any) body.
        case status(Int, String = "{}", headers: [String: String] = [:])
        /// No answer: the transport throws.
        case noConnection
        /// The `POST /v1/events` answer for whatever batch was sent: all accepted.
        case acceptAllEvents
    }

    private var script: [String: [Answer]]
    private(set) var requests: [LinkRequest] = []

    init(_ script: [String: [Answer]] = [:]) {
        self.script = script
    }

    func answer(_ key: String, with answers: [Answer]) {
        script[key] = answers
    }

    func send(_ request: LinkRequest) async throws -> LinkResponse {
        requests.append(request)
        let key = "\(request.method.rawValue) \(request.url.path)"
        guard var answers = script[key], !answers.isEmpty else {
            return LinkResponse(status: 404, body: Data(#"{"error": {"code": "not_found", "message": "unscripted \#(key)"}}"#.utf8))
        }
        let answer = answers.count > 1 ? answers.removeFirst() : answers[0]
        script[key] = answers
        switch answer {
        case .noConnection:
            throw NoConnection()
        case .status(let status, let body, let headers):
            return LinkResponse(status: status, headers: headers, body: Data(body.utf8))
        case .acceptAllEvents:
            let count = (try? JSONDecoder().decode(SentEvents.self, from: request.body ?? Data()))?.events.count ?? 0
            return LinkResponse(status: 200, body: Data(#"{"accepted": \#(count), "duplicates": 0}"#.utf8))
        }
    }

    /// The requests sent to a path, in order.
    func requests(to path: String) -> [LinkRequest] {
        requests.filter { $0.url.path == path }
    }

    /// The events of every `POST /v1/events` batch, in order.
    func sentBatches() -> [[SentEvents.Event]] {
        requests(to: "/v1/events").compactMap { request in
            request.body.flatMap { try? JSONDecoder().decode(SentEvents.self, from: $0) }?.events
        }
    }
}

/// A `POST /v1/events` body as the server reads it.
struct SentEvents: Decodable {
    struct Event: Decodable, Equatable {
        var id: String
        var type: String
        var at: String
        var platform: String
        var url: String?
        var linkID: String?
    }

    var events: [Event]
}

/// Records the waits between retries and returns at once.
actor Sleeps {
    private(set) var durations: [Duration] = []

    func record(_ duration: Duration) {
        durations.append(duration)
    }
}

/// Records what route handlers saw, safely from any task.
actor Recorder {
    private(set) var opened: [String] = []

    func record(_ value: String) {
        opened.append(value)
    }
}
