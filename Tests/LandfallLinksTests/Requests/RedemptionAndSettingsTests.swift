import AppSiteAssociation
import LandfallJSON
import LandfallLinks
import Testing

/// The bodies of `POST /v1/invites/redeem` and `PATCH /v1/settings`.
@Suite struct RedemptionRequestTests {
    @Test(arguments: [
        (#"{"code": "7kq2m-x4p9t-hcw3r"}"#, RedemptionRequest(code: "7kq2m-x4p9t-hcw3r")),
        (#"{"code": "7KQ2M X4P9T HCW3R", "platform": "android"}"#, RedemptionRequest(code: "7KQ2M X4P9T HCW3R", platform: .android)),
        (#"{"code": "not a code at all"}"#, RedemptionRequest(code: "not a code at all")),
        (#"{"code": ""}"#, RedemptionRequest(code: "")),
    ])
    func theCodeIsKeptAsSent(_ body: String, _ expected: RedemptionRequest) throws {
        #expect(try RedemptionRequest(json: Array(body.utf8)) == expected)
    }

    @Test func aMalformedCodeIsTheServersQuestionNotTheBodys() throws {
        let request = try RedemptionRequest(json: Array(#"{"code": "7KQ2M-X4P0T-HCW3R"}"#.utf8))
        #expect(throws: InviteCodeError.self) { try InviteCode(parsing: request.code) }
    }

    static let badBodies: [BadBody] = [
        BadBody("no code", "{}", ("code", #"missing; give the invitation code as entered, as in "code": "7KQ2M-X4P9T-HCW3R""#)),
        BadBody("a null code", #"{"code": null}"#, ("code", #"may not be null; give the invitation code as entered, as in "code": "7KQ2M-X4P9T-HCW3R""#)),
        BadBody("a number as code", #"{"code": 12345}"#, ("code", "expected a string, found a number")),
        BadBody("a code text over 64 characters", "{\"code\": \"\(text(65, "A"))\"}", ("code", "is 65 characters long; at most 64 are allowed")),
        BadBody("a null platform", #"{"code": "x", "platform": null}"#,
                ("platform", "may not be null; leave it out for a redemption counted without a platform")),
        BadBody("a desktop platform", #"{"code": "x", "platform": "desktop"}"#, ("platform", #"'desktop' is not an app platform; write "ios" or "android""#)),
        BadBody("a platform in capitals", #"{"code": "x", "platform": "iOS"}"#,
                ("platform", #"'iOS' is not an app platform; write "ios" or "android" (in lowercase)"#)),
        BadBody("a misspelt field", #"{"cod": "x"}"#, ("code", #"missing; give the invitation code as entered, as in "code": "7KQ2M-X4P9T-HCW3R""#),
                ("cod", "unknown field; did you mean 'code'?")),
    ]

    @Test(arguments: badBodies)
    func aBadBodyIsRefusedNamingEveryProblem(_ bad: BadBody) {
        #expect(throws: InvalidRequestBody(errors: bad.errors)) { try RedemptionRequest(json: Array(bad.body.utf8)) }
    }

    @Test(arguments: [RedemptionRequest(code: "7kq2m x4p9t hcw3r"), RedemptionRequest(code: "A", platform: .ios)])
    func aRequestWrittenAsJSONReadsBackTheSame(_ request: RedemptionRequest) throws {
        #expect(try RedemptionRequest(json: Array(JSONWriter.compact.string(for: request.jsonValue).utf8)) == request)
    }
}

@Suite struct SettingsPatchTests {
    @Test(arguments: [(#"{"invitationsRequired": true}"#, true), (#"{"invitationsRequired": false}"#, false)])
    func theSwitchIsRead(_ body: String, _ value: Bool) throws {
        let patch = try SettingsPatch(json: Array(body.utf8))
        #expect(patch.invitationsRequired == value)
        #expect(try SettingsPatch(json: Array(JSONWriter.compact.string(for: patch.jsonValue).utf8)) == patch)
    }

    static let badBodies: [BadBody] = [
        BadBody("an empty object", "{}", ("", #"changes nothing; name a setting to change, such as {"invitationsRequired": true}"#)),
        BadBody("null", #"{"invitationsRequired": null}"#, ("invitationsRequired", "may not be null; write true or false")),
        BadBody("a string", #"{"invitationsRequired": "yes"}"#, ("invitationsRequired", "expected true or false, found a string")),
        BadBody("a misspelt setting", #"{"invitationRequired": true}"#, ("invitationRequired", "unknown field; did you mean 'invitationsRequired'?")),
        BadBody("not an object", "true", ("", "expected a JSON object, found a Boolean")),
    ]

    @Test(arguments: badBodies)
    func aBadBodyIsRefusedNamingEveryProblem(_ bad: BadBody) {
        #expect(throws: InvalidRequestBody(errors: bad.errors)) { try SettingsPatch(json: Array(bad.body.utf8)) }
    }
}
