import Foundation
import Hummingbird
import LandfallLinks
import LandfallStorage
@testable import LandfallServer

extension TestServer {
    /// Stores a new API key with `scope` and returns the header that presents it.
    func authorization(_ scope: APIKeyScope = .write, name: String = "test") async throws -> HTTPFields {
        let (text, record) = APIKeys.generate(name: name, scope: scope, at: clock.reading())
        try await parts.storage.insert(record)
        return [.authorization: "Bearer \(text)", .contentType: "application/json"]
    }
}

extension ServedResponse {
    /// The body as JSON (Foundation's reading: objects are `[String: Any]`).
    var json: [String: Any] {
        get throws {
            guard let object = try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] else {
                throw NotAnObject(text: text)
            }
            return object
        }
    }

    /// The `error.code` of an API error body.
    var errorCode: String? { (try? json)?["error"].flatMap { ($0 as? [String: Any])?["code"] as? String } }

    /// The `error.field` of an API error body.
    var errorField: String? { (try? json)?["error"].flatMap { ($0 as? [String: Any])?["field"] as? String } }

    struct NotAnObject: Error, CustomStringConvertible {
        let text: String
        var description: String { "not a JSON object: \(text.prefix(300))" }
    }
}

/// User agents the tests visit short links with.
enum Visitors {
    static let iPhone = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1"
    static let android = "Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36"
    static let desktop = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"
    static let messages = "facebookexternalhit/1.1 Facebot Twitterbot/1.0"
    static let slack = "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)"
}

extension TestServer {
    /// Stores a new API key with `scope` and returns its id (for revoking it) with the header
    /// that presents it.
    func apiKey(_ scope: APIKeyScope = .write, name: String = "test") async throws -> (id: String, authorization: HTTPFields) {
        let (text, record) = APIKeys.generate(name: name, scope: scope, at: clock.reading())
        try await parts.storage.insert(record)
        return (record.id, [.authorization: "Bearer \(text)", .contentType: "application/json"])
    }
}
