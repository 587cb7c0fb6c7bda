import Foundation
import Hummingbird
import HummingbirdTesting
import LandfallLinks
import Testing
@testable import LandfallServer

/// A batch of invitations as `POST /v1/invites` returned it.
struct CreatedBatch {
    /// The batch id.
    let batch: String
    /// Every `Invitation` object, in the order of the answer.
    let invitations: [[String: Any]]
    /// Their codes, as written (`7KQ2M-X4P9T-HCW3R`).
    let codes: [String]
}

/// What the tests send to the public endpoints: JSON, from a client address a trusted proxy
/// names (`X-Forwarded-For`), with a browser's or an app's user agent.
enum PublicClient {
    /// The address tests use when the address does not matter.
    static let address = "203.0.113.10"

    /// The headers of a request from `address` as `userAgent`, with a JSON body.
    static func headers(from address: String = address, userAgent: String? = nil, _ other: HTTPFields = [:]) -> HTTPFields {
        var headers = other
        headers[.contentType] = headers[.contentType] ?? "application/json"
        headers[.init("X-Forwarded-For")!] = address
        if let userAgent { headers[.userAgent] = userAgent }
        return headers
    }
}

extension TestServer {
    /// A server that reads the client's address from `X-Forwarded-For` (as behind a proxy), so
    /// that a test can speak from several addresses over either transport.
    static func readingAddresses(site: SiteSource = .demo, database: TestDatabase, clock: MovableClock = MovableClock(at: Demo.noon),
                                 configure: (inout ServerConfiguration) -> Void = { _ in }) async throws -> TestServer {
        try await TestServer(site: site, clock: clock, database: database) { configuration in
            configuration.clientAddressHeader = "X-Forwarded-For"
            configuration.trustedProxies = IPAddressRange.loopback
            configure(&configuration)
        }
    }
}

extension ServerClient {
    /// Creates invitations from `body` (an `InvitationBatchDraft` as JSON) and requires the 201.
    func createInvitations(_ body: String = #"{"count": 1}"#, key: HTTPFields, host: String = Demo.site,
                           sourceLocation: SourceLocation = #_sourceLocation) async throws -> CreatedBatch {
        let response = try await execute("/v1/invites", method: .post, host: host, headers: key, body: body)
        try #require(response.status == .created, "\(response.status): \(response.text)", sourceLocation: sourceLocation)
        let json = try response.json
        let batch = try #require(json["batch"] as? String, "no batch in \(response.text)", sourceLocation: sourceLocation)
        let invitations = try #require(json["invitations"] as? [[String: Any]], "no invitations in \(response.text)",
                                       sourceLocation: sourceLocation)
        let codes = try invitations.map { try #require($0["code"] as? String, "no code in \($0)", sourceLocation: sourceLocation) }
        return CreatedBatch(batch: batch, invitations: invitations, codes: codes)
    }

    /// Creates one invitation from `body` and returns its code.
    func createInvitation(_ body: String = #"{"count": 1}"#, key: HTTPFields,
                          sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        let batch = try await createInvitations(body, key: key, sourceLocation: sourceLocation)
        return try #require(batch.codes.first, sourceLocation: sourceLocation)
    }

    /// `POST /v1/invites/redeem` of `code` as entered, from `address`.
    func redeem(_ code: String, platform: String? = nil, from address: String = PublicClient.address,
                host: String = Demo.site) async throws -> ServedResponse {
        let platformMember = platform.map { #", "platform": \#(JSONText.quoted($0))"# } ?? ""
        return try await execute("/v1/invites/redeem", method: .post, host: host, headers: PublicClient.headers(from: address),
                                 body: #"{"code": \#(JSONText.quoted(code))\#(platformMember)}"#)
    }

    /// `POST /v1/claims` with `body`, from `address`.
    func claim(_ body: String, from address: String = PublicClient.address, host: String = Demo.site) async throws -> ServedResponse {
        try await execute("/v1/claims", method: .post, host: host, headers: PublicClient.headers(from: address), body: body)
    }

    /// `POST /v1/claims` of `token` by an iPhone app, requiring the 200; the answer's JSON.
    func claim(token: String, platform: String = "ios", from address: String = PublicClient.address, host: String = Demo.site,
               sourceLocation: SourceLocation = #_sourceLocation) async throws -> [String: Any] {
        let response = try await claim(#"{"token": \#(JSONText.quoted(token)), "platform": \#(JSONText.quoted(platform))}"#, from: address,
                                       host: host)
        try #require(response.status == .ok, "\(response.status): \(response.text)", sourceLocation: sourceLocation)
        return try response.json
    }

    /// `POST /v1/events` with `body`, from `address`.
    func report(_ body: String, from address: String = PublicClient.address) async throws -> ServedResponse {
        try await execute("/v1/events", method: .post, headers: PublicClient.headers(from: address), body: body)
    }

    /// Shows the page at `path` on `host` to `userAgent` from `address`, requiring a 200, with
    /// its store buttons.
    func landingPage(_ path: String, host: String = Demo.site, as userAgent: String = Visitors.iPhone,
                     from address: String = PublicClient.address, headers: HTTPFields = [:],
                     sourceLocation: SourceLocation = #_sourceLocation) async throws -> (response: ServedResponse, buttons: StoreButtons) {
        var headers = headers
        headers[.userAgent] = userAgent
        headers[.init("X-Forwarded-For")!] = address
        let response = try await execute(path, host: host, headers: headers)
        try #require(response.status == .ok, "\(path) on \(host): \(response.status) \(response.text.prefix(300))", sourceLocation: sourceLocation)
        return (response, StoreButtons(HTMLPage(response.text)))
    }

    /// The claim token an iPhone at `address` gets from the page at `path` on `host`.
    func claimToken(from path: String, host: String = Demo.site, as userAgent: String = Visitors.iPhone,
                    address: String = PublicClient.address, headers: HTTPFields = [:],
                    sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        let (_, buttons) = try await landingPage(path, host: host, as: userAgent, from: address, headers: headers, sourceLocation: sourceLocation)
        return try #require(buttons.token, "no claim token on \(path)", sourceLocation: sourceLocation)
    }
}

/// The invitation codes the contract allows: 15 symbols of the alphabet in three groups of five.
enum InvitationCodes {
    static let alphabet = Set("23456789ABCDEFGHJKMNPQRSTUVWXYZ")

    /// The symbols of a code, whatever separators it is written with (an audit entry's, say).
    static func symbols(_ code: Any?) -> String? {
        (code as? String).map { $0.filter { $0 != "-" } }
    }

    /// Whether `text` is written as the API writes codes.
    static func isFormatted(_ text: String) -> Bool {
        let groups = text.split(separator: "-", omittingEmptySubsequences: false)
        return groups.count == 3 && groups.allSatisfy { $0.count == 5 && $0.allSatisfy(alphabet.contains) }
    }

    /// A well-formed code made from `seed` that no test creates (its prefix `7777` is kept
    /// out of created codes by checking, where it matters).
    static func unknown(_ seed: Int, prefix: String = "7777") -> String {
        let symbols = Array(alphabet.sorted())
        var rest = ""
        var value = seed
        for _ in 0..<(15 - prefix.count) {
            rest.append(symbols[value % symbols.count])
            value /= symbols.count
        }
        let all = Array(prefix + rest)
        return String(all[0..<5]) + "-" + String(all[5..<10]) + "-" + String(all[10..<15])
    }
}
