import LandfallLinks
import Testing

/// The bodies of `POST /v1/webhooks` and `PATCH /v1/webhooks/{id}`: their shape (the server
/// checks the URL and the event names further).
@Suite struct WebhookEndpointDraftTests {
    @Test(arguments: [
        (#"{"url": "https://crm.example.com/landfall", "events": ["*"]}"#,
         WebhookEndpointDraft(url: "https://crm.example.com/landfall", events: ["*"])),
        (#"{"url": "https://crm.example.com/x", "events": ["link.created", "invite.redeemed"], "description": "  CRM  "}"#,
         WebhookEndpointDraft(url: "https://crm.example.com/x", events: ["link.created", "invite.redeemed"], description: "CRM")),
        (#"{"url": "x", "events": [], "description": ""}"#, WebhookEndpointDraft(url: "x", events: [], description: "")),
    ])
    func theFieldsAreReadAsSentTheDescriptionTrimmed(_ body: String, _ expected: WebhookEndpointDraft) throws {
        #expect(try WebhookEndpointDraft(json: Array(body.utf8)) == expected)
    }

    static let badBodies: [BadBody] = [
        BadBody("an empty object", "{}",
                ("url", #"missing; give where to send the events, such as "https://crm.example.com/landfall""#),
                ("events", #"missing; give the event types wanted, such as ["link.created"], or ["*"] for all"#)),
        BadBody("an unknown field", #"{"url": "https://a.example", "events": ["*"], "secret": "whsec_x"}"#,
                ("secret", "unknown field; the fields here are url, events, description")),
        BadBody("a misspelt field", #"{"url": "https://a.example", "event": ["*"]}"#,
                ("events", #"missing; give the event types wanted, such as ["link.created"], or ["*"] for all"#),
                ("event", "unknown field; did you mean 'events'?")),
        BadBody("events as a string", #"{"url": "https://a.example", "events": "*"}"#,
                ("events", #"expected an array of event types, such as ["link.created"], or ["*"] for all, found a string"#)),
        BadBody("a number among the events", #"{"url": "https://a.example", "events": ["link.created", 3]}"#,
                ("events[1]", "expected a string, found a number")),
        BadBody("an empty url", #"{"url": "", "events": ["*"]}"#, ("url", "must not be empty")),
        BadBody("a url too long", "{\"url\": \"https://a.example/\(text(2031))\", \"events\": [\"*\"]}", ("url", "is 2049 characters long; at most 2048 are allowed")),
        BadBody("a null description", #"{"url": "https://a.example", "events": ["*"], "description": null}"#,
                ("description", #"may not be null; write "" for no description"#)),
        BadBody("a description of two lines", #"{"url": "https://a.example", "events": ["*"], "description": "a\nb"}"#,
                ("description", "must be one line of text, without control characters such as tabs or line breaks")),
        BadBody("a description with a tab", #"{"url": "https://a.example", "events": ["*"], "description": "a\tb"}"#,
                ("description", "must be one line of text, without control characters such as tabs or line breaks")),
        BadBody("a description too long", "{\"url\": \"https://a.example\", \"events\": [\"*\"], \"description\": \"\(text(201))\"}",
                ("description", "is 201 characters long; at most 200 are allowed")),
    ]

    @Test(arguments: badBodies)
    func aBadBodyIsRefusedNamingEveryProblem(_ bad: BadBody) {
        #expect(throws: InvalidRequestBody(errors: bad.errors)) { try WebhookEndpointDraft(json: Array(bad.body.utf8)) }
    }
}

@Suite struct WebhookEndpointPatchTests {
    @Test(arguments: [
        (#"{"enabled": false}"#, WebhookEndpointPatch(enabled: false)),
        (#"{"url": "https://b.example", "events": ["link.clicked"], "description": "", "enabled": true}"#,
         WebhookEndpointPatch(url: "https://b.example", events: ["link.clicked"], description: "", enabled: true)),
    ])
    func theFieldsGivenAreRead(_ body: String, _ expected: WebhookEndpointPatch) throws {
        #expect(try WebhookEndpointPatch(json: Array(body.utf8)) == expected)
    }

    static let badBodies: [BadBody] = [
        BadBody("an empty object", "{}", ("", #"changes nothing; name a field to change, such as {"enabled": false}"#)),
        BadBody("a null url", #"{"url": null}"#, ("url", "may not be null; an endpoint always has a URL")),
        BadBody("null events", #"{"events": null}"#, ("events", #"may not be null; give event types, or ["*"] for all"#)),
        BadBody("enabled as a string", #"{"enabled": "no"}"#, ("enabled", "expected true or false, found a string")),
        BadBody("a null enabled", #"{"enabled": null}"#, ("enabled", "may not be null; write true or false")),
        BadBody("an unknown field", #"{"disabled": true}"#, ("disabled", "unknown field; the fields here are url, events, description, enabled")),
    ]

    @Test(arguments: badBodies)
    func aBadBodyIsRefusedNamingEveryProblem(_ bad: BadBody) {
        #expect(throws: InvalidRequestBody(errors: bad.errors)) { try WebhookEndpointPatch(json: Array(bad.body.utf8)) }
    }
}
