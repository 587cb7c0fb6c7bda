import Foundation
import LandfallJSON
import LandfallLinks
import LandfallStorage
import LandfallWebhooks
import LandfallWire
import OpenAPIContract
import Testing

/// The events of the webhooks, as `openapi/landfall.yaml` documents them: every
/// ``WebhookEventType`` has its entry in the document's `webhooks` section, a POST of the
/// envelope with that type's data schema, and an event of each type made by the real builders
/// validates against the envelope and its data schema.
@Suite struct WebhookEventContractTests {
    static func document() throws -> OpenAPIDocument {
        try ResponseContract.shared.document.get()
    }

    /// The data schema each type is documented with.
    static let dataSchemas: [WebhookEventType: String] = [
        .linkCreated: "LinkEventData", .linkUpdated: "LinkEventData", .linkDisabled: "LinkEventData", .linkDeleted: "LinkEventData",
        .linkClicked: "LinkClickedData", .inviteRedeemed: "InvitationEventData", .inviteExhausted: "InvitationEventData",
        .installAttributed: "InstallAttributedData", .appOpened: "AppOpenedData", .settingsChanged: "SettingsChangedData",
        .webhookTest: "WebhookTestData",
    ]

    static let now = Date(timeIntervalSince1970: 1_795_716_000)

    /// An event of `type` made as the storage makes it.
    static func sample(_ type: WebhookEventType) throws -> WebhookEvent {
        var generator = SystemRandomNumberGenerator()
        let link = ShortLink(id: LinkID.generate(at: now, using: &generator), host: "go.daily.example.com", slug: "xmas",
                             target: "https://daily.example.com/puzzle/2026-12-24", preview: SocialPreview(title: "The Christmas Eve puzzle"),
                             campaign: Campaign(source: "newsletter", name: "winter-league"), data: ["referrer": "ada"], createdAt: now)
        let code = try #require(InviteCode(rawValue: "7KQ2MX4P9THCW3R"))
        let invitation = Invitation(code: code, batchID: "01a1fd8c-6a3b-7d4a-8c3e-6f1b2a9d0e47", uses: 2, redeemed: 2, note: "Winter beta",
                                    campaign: "beta", createdAt: now)
        let claim = PendingClaim(token: try #require(ClaimToken(rawValue: "lfc_3q2-7wEjRZ6Qb_pJkLm0xA")), url: link.url, deepLink: link.target,
                                 linkID: link.id, data: link.data, campaign: link.campaign, createdAt: now, expiresAt: now.addingTimeInterval(604_800),
                                 addressHash: "abc", hints: DeviceHints(platform: .ios, osVersion: "18.1"))
        switch type {
        case .linkCreated, .linkDeleted: return .link(type, link, at: now)
        case .linkUpdated, .linkDisabled:
            var changed = link
            changed.isDisabled = type == .linkDisabled
            changed.preview.title = type == .linkUpdated ? "Christmas Eve" : changed.preview.title
            return .linkChange(from: link, to: changed, at: now)
        case .linkClicked:
            return .clicks([
                LinkClicks(linkID: link.id, host: link.host, slug: link.slug, day: "2026-11-26", platform: .ios, referrerHost: "", count: 3),
                LinkClicks(linkID: link.id, host: link.host, slug: link.slug, day: "2026-11-26", platform: .crawler, referrerHost: "t.co", count: 1),
            ], at: now)
        case .inviteRedeemed, .inviteExhausted: return .redemption(type, of: invitation, platform: .android, at: now)
        case .installAttributed: return .attribution(of: claim, match: .weak, platform: .ios, at: now)
        case .appOpened:
            return .appOpened(AppEvent(id: "5f0c6d0e-8b1a-4c2e-9d3f-7a6b5c4d3e2f", type: .firstOpen, occurredAt: now, platform: .ios,
                                       linkID: link.id, url: link.url, campaign: "winter-league"))
        case .settingsChanged:
            return .settingsChange(from: RuntimeSettings.defaults.json, to: RuntimeSettings(invitationsRequired: true, updatedAt: now).json, at: now)
        case .webhookTest: return .test(endpointID: "wh_4Jd8Kq2LmN5pR7sT", at: now)
        }
    }

    @Test("every event type has its entry in the webhooks section: a POST of the envelope with its type and data schema",
          arguments: WebhookEventType.allCases)
    func everyTypeIsDocumented(type: WebhookEventType) throws {
        let dataSchema = try #require(Self.dataSchemas[type])
        let entry = try #require(try Self.document().root["webhooks"]?[type.rawValue]?["post"], "webhooks.\(type.rawValue) is not documented")
        #expect(entry["operationId"]?.stringValue?.isEmpty == false)
        #expect(entry["responses"]?["2XX"] != nil, "what the receiver answers")
        let headers = (entry["parameters"]?.arrayValue ?? []).compactMap { $0["$ref"]?.stringValue }
        #expect(headers == ["#/components/parameters/WebhookIDHeader", "#/components/parameters/WebhookTimestampHeader",
                            "#/components/parameters/WebhookSignatureHeader"])
        let parts = try #require(entry["requestBody"]?["content"]?["application/json"]?["schema"]?["allOf"]?.arrayValue)
        #expect(parts.first?["$ref"]?.stringValue == "#/components/schemas/WebhookEventEnvelope")
        #expect(parts.last?["properties"]?["type"]?["const"]?.stringValue == type.rawValue)
        #expect(parts.last?["properties"]?["data"]?["$ref"]?.stringValue == "#/components/schemas/\(dataSchema)")
        #expect(Set((try Self.document().root["webhooks"]?.objectMembers ?? []).map(\.key)) == Set(WebhookEventType.allCases.map(\.rawValue)),
                "and nothing else")
    }

    @Test("an event of each type made by the real builders validates against the envelope and its data schema",
          arguments: WebhookEventType.allCases)
    func sampleEventsValidate(type: WebhookEventType) throws {
        let event = try Self.sample(type)
        let dataSchema = try #require(Self.dataSchemas[type])
        let data = try #require(try JSONValue.parse(event.body)["data"])
        #expect(event.type == type)
        let document = try Self.document()
        let body = try JSONValue.parse(event.body)
        let envelope = try document.validate(body, againstSchemaAt: "#/components/schemas/WebhookEventEnvelope")
        #expect(envelope.isEmpty, "\(envelope)")
        let dataViolations = try document.validate(data, againstSchemaAt: "#/components/schemas/\(dataSchema)")
        #expect(dataViolations.isEmpty, "\(type.rawValue): \(dataViolations)\n\(event.body)")
    }

    @Test("the data schemas refuse what the builders never write", arguments: [
        ("LinkEventData", #"{"link": {}, "extra": 1}"#),
        ("LinkClickedData", #"{"clicks": []}"#),
        ("InstallAttributedData", #"{"match": "none"}"#),
        ("WebhookTestData", #"{"endpointID": "wh_short", "message": "x"}"#),
    ])
    func dataSchemasAreStrict(schema: String, json: String) throws {
        #expect(!(try Self.document().validate(try JSONValue.parse(json), againstSchemaAt: "#/components/schemas/\(schema)")).isEmpty)
    }
}
