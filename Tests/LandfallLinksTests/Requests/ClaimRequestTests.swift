import AppSiteAssociation
import LandfallJSON
import LandfallLinks
import Testing

/// The body of `POST /v1/claims`: the token, the hints normalized, the opt-in to a weak match,
/// and every way it can be wrong.
@Suite struct ClaimRequestTests {
    static let token = "lfc_3q2-7wEjRZ6Qb_pJkLm0xA"

    @Test func aFullBodyIsReadWithItsHintsNormalized() throws {
        let body = """
            {"token": "\(Self.token)", "platform": "ios", "osVersion": "18.1.2", "language": "en-US", "screen": "844x390", "allowWeakMatch": true}
            """
        let request = try ClaimRequest(json: Array(body.utf8))
        #expect(request == ClaimRequest(token: ClaimToken(rawValue: Self.token),
                                        hints: DeviceHints(platform: .ios, osVersion: "18.1", language: "en", screen: "390x844"),
                                        allowsWeakMatch: true))
    }

    @Test func aTokenAloneIsEnough() throws {
        let request = try ClaimRequest(json: Array(#"{"token": "\#(Self.token)", "platform": "android"}"#.utf8))
        #expect(request.token?.rawValue == Self.token)
        #expect(request.hints == DeviceHints(platform: .android))
        #expect(!request.allowsWeakMatch)
    }

    @Test func hintsAloneAreEnoughWhenTheAppOptsIn() throws {
        let request = try ClaimRequest(json: Array(#"{"platform": "android", "osVersion": "14", "allowWeakMatch": true}"#.utf8))
        #expect(request.token == nil)
        #expect(request.hints.osVersion == "14.0")
        #expect(request.allowsWeakMatch)
    }

    @Test(arguments: [
        #"{"platform": "ios", "osVersion": "beta", "language": "english!", "screen": "0x0", "allowWeakMatch": true}"#,
        #"{"platform": "ios", "osVersion": "", "language": "*", "screen": "99999x1", "allowWeakMatch": true}"#,
    ])
    func hintsThatCannotBeNormalizedAreLeftOut(_ body: String) throws {
        let request = try ClaimRequest(json: Array(body.utf8))
        #expect(request.hints == DeviceHints(platform: .ios))
        #expect(request.allowsWeakMatch)
    }

    @Test func aStrangeScreenDoesNotCostAStrongClaim() throws {
        let request = try ClaimRequest(json: Array(#"{"token": "\#(Self.token)", "platform": "ios", "osVersion": "18.1", "screen": "0x844"}"#.utf8))
        #expect(request.token?.rawValue == Self.token)
        #expect(request.hints == DeviceHints(platform: .ios, osVersion: "18.1"))
    }

    static let neither = #"has neither a token nor "allowWeakMatch": true, so nothing could match; send the token of the claim URL, or opt in to a weak match"#

    static let badBodies: [BadBody] = [
        BadBody("a null hint", #"{"token": "\#(token)", "platform": "ios", "osVersion": null}"#,
                ("osVersion", "may not be null; leave it out for an unknown OS version")),
        BadBody("a null token", #"{"token": null, "platform": "ios", "allowWeakMatch": true}"#,
                ("token", "may not be null; leave it out for no token (a weak match only)")),
        BadBody("a null flag", #"{"token": "\#(token)", "platform": "ios", "allowWeakMatch": null}"#,
                ("allowWeakMatch", "may not be null; leave it out for no weak match (false)")),
        BadBody("an empty object", "{}", ("platform", #"missing; give the app's platform, "ios" or "android""#), ("", neither)),
        BadBody("neither a token nor the opt-in", #"{"platform": "ios", "osVersion": "18.1"}"#, ("", neither)),
        BadBody("the opt-in turned down and no token", #"{"platform": "ios", "allowWeakMatch": false}"#, ("", neither)),
        BadBody("a forged token", #"{"token": "lfc_short", "platform": "ios"}"#,
                ("token", "'lfc_short' is not a claim token; a token is lfc_ followed by 22 characters of A-Z, a-z, 0-9, - and _, as at the end of the claim URL")),
        BadBody("a token with stray bits in its last character", #"{"token": "lfc_3q2-7wEjRZ6Qb_pJkLm0xB", "platform": "ios"}"#,
                ("token", "'lfc_3q2-7wEjRZ6Qb_pJkLm0xB' is not a claim token; a token is lfc_ followed by 22 characters of A-Z, a-z, 0-9, - and _, as at the end of the claim URL")),
        BadBody("the whole claim URL as the token", #"{"token": "https://go.example.com/v1/claims/lfc_3q2-7wEjRZ6Qb_pJkLm0xA", "platform": "ios"}"#,
                ("token", "'https://go.example.com/v1/claims/lfc_3q2…' is not a claim token; a token is lfc_ followed by 22 characters of A-Z, a-z, 0-9, - and _, as at the end of the claim URL")),
        BadBody("an empty token", #"{"token": "", "platform": "ios"}"#, ("token", "must not be empty")),
        BadBody("a number as token", #"{"token": 5, "platform": "ios"}"#, ("token", "expected a string, found a number")),
        BadBody("a null platform", #"{"token": "\#(token)", "platform": null}"#, ("platform", #"may not be null; write "ios" or "android""#)),
        BadBody("a desktop platform", #"{"token": "\#(token)", "platform": "desktop"}"#,
                ("platform", #"'desktop' is not an app platform; write "ios" or "android""#)),
        BadBody("a hint over 64 characters", "{\"platform\": \"ios\", \"osVersion\": \"\(text(65, "1"))\", \"allowWeakMatch\": true}",
                ("osVersion", "is 65 characters long; at most 64 are allowed")),
        BadBody("a screen as a number", #"{"platform": "ios", "screen": 390, "allowWeakMatch": true}"#, ("screen", "expected a string, found a number")),
        BadBody("the opt-in as a string", #"{"platform": "ios", "allowWeakMatch": "yes"}"#, ("allowWeakMatch", "expected true or false, found a string")),
        BadBody("the opt-in misspelt", #"{"platform": "ios", "allowWeakMatches": true}"#,
                ("", neither), ("allowWeakMatches", "unknown field; did you mean 'allowWeakMatch'?")),
    ]

    @Test(arguments: badBodies)
    func aBadBodyIsRefusedNamingEveryProblem(_ bad: BadBody) {
        #expect(throws: InvalidRequestBody(errors: bad.errors)) { try ClaimRequest(json: Array(bad.body.utf8)) }
    }

    @Test(arguments: [
        ClaimRequest(token: ClaimToken(rawValue: token), hints: DeviceHints(platform: .ios)),
        ClaimRequest(token: nil, hints: DeviceHints(platform: .android, osVersion: "14.0", language: "pt", screen: "412x915"), allowsWeakMatch: true),
    ])
    func aRequestWrittenAsJSONReadsBackTheSame(_ request: ClaimRequest) throws {
        #expect(try ClaimRequest(json: Array(JSONWriter.compact.string(for: request.jsonValue).utf8)) == request)
    }
}
