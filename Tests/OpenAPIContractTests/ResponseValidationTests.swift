import OpenAPIContract
import Testing

/// Whole responses of real operations checked against `openapi/landfall.yaml`: the documented
/// status and media type, and deliberately wrong bodies reported at the right place.
@Suite struct ResponseValidationTests {
    static let linkPath = "/v1/links/019b4f2e-7a10-7c4e-9b1f-3f0d2a6b8c11"

    func violations(_ method: String = "GET", _ path: String = linkPath, status: Int = 200, contentType: String? = "application/json",
                    body: [UInt8]) throws -> [SchemaViolation] {
        try Fixtures.specification().validate(method: method, path: path, status: status, contentType: contentType, body: body)
    }

    @Test func aLinkAsTheServerWritesItConforms() throws {
        #expect(try violations(body: JSONObjectText.link.bytes) == [])
        #expect(try violations(contentType: "application/json; charset=utf-8", body: JSONObjectText.link.bytes) == [])
        #expect(try violations("POST", "/v1/links", status: 201, contentType: "Application/JSON", body: JSONObjectText.link.bytes) == [])
    }

    @Test func aLinkWithoutItsIdIsReportedAtId() throws {
        let found = try violations(body: JSONObjectText.link.removing("id").bytes)
        #expect(found.map(\.summary) == ["required at /id"])
        #expect(found.first?.description
            == "GET /v1/links/{id} → 200: /id: expected the required property id, found no such property (#/components/schemas/Link/required)")
    }

    @Test func clicksAsAStringIsReportedAtClicks() throws {
        let found = try violations(body: JSONObjectText.link.setting("clicks", #""12""#).bytes)
        #expect(found.map(\.summary) == ["type at /clicks"])
        #expect(found.first?.found == #"a string ("12")"#)
    }

    @Test func booleansAndNumbersAreNotTakenForOneAnother() throws {
        #expect(try violations(body: JSONObjectText.link.setting("disabled", "0").bytes).map(\.summary) == ["type at /disabled"])
        #expect(try violations(body: JSONObjectText.link.setting("clicks", "true").bytes).map(\.summary) == ["type at /clicks"])
        #expect(try violations(body: JSONObjectText.link.setting("clicks", "1.5").bytes).map(\.summary) == ["type at /clicks"])
        #expect(try violations(body: JSONObjectText.link.setting("clicks", "-1").bytes).map(\.summary) == ["minimum at /clicks"])
    }

    @Test func anExtraFieldWhereAdditionalPropertiesIsFalseIsReportedAtTheField() throws {
        let preview = #"{"title": null, "description": null, "imageURL": null, "subtitle": "x"}"#
        let found = try violations(body: JSONObjectText.link.setting("preview", preview).bytes)
        #expect(found.map(\.summary) == ["additionalProperties at /preview/subtitle"])
        #expect(found.first?.expected == "no property other than title, description, imageURL")
    }

    @Test func anExtraFieldWhereTheSchemaAllowsOneIsFine() throws {
        // `Link` itself does not close its properties.
        #expect(try violations(body: JSONObjectText.link.setting("future", "1").bytes) == [])
    }

    @Test func aBadDateTimeInANullableFieldIsReportedAsItsFormat() throws {
        let found = try violations(body: JSONObjectText.link.setting("expiresAt", #""2027-01-31""#).bytes)
        #expect(found.map(\.summary) == ["format at /expiresAt"])
        #expect(try violations(body: JSONObjectText.link.setting("expiresAt", "null").bytes) == [])
    }

    @Test func anErrorBodyWithAnUndocumentedCodeIsReportedAtTheCode() throws {
        let body = Fixtures.bytes(#"{"error": {"code": "teapot", "message": "short and stout"}}"#)
        let found = try violations(status: 404, body: body)
        #expect(found.map(\.summary) == ["enum at /error/code"])
        #expect(found.first?.response == "GET /v1/links/{id} → 404")
    }

    @Test func anErrorBodyWithAnExtraMemberOrNoMessageIsReported() throws {
        let extra = Fixtures.bytes(#"{"error": {"code": "not_found", "message": "no link"}, "debug": "trace"}"#)
        #expect(try violations(status: 404, body: extra).map(\.summary) == ["additionalProperties at /debug"])
        let noMessage = Fixtures.bytes(#"{"error": {"code": "not_found", "field": 3}}"#)
        #expect(try violations(status: 404, body: noMessage).map(\.summary) == ["required at /error/message", "type at /error/field"])
    }

    @Test func aWrongItemOfAPageIsReportedAtItsIndex() throws {
        let links = (0..<5).map { index in
            index == 3 ? JSONObjectText.link.setting("slug", "42").text : JSONObjectText.link.text
        }
        let body = Fixtures.bytes(#"{"links": [\#(links.joined(separator: ","))], "nextCursor": null}"#)
        #expect(try violations("GET", "/v1/links", body: body).map(\.summary) == ["type at /links/3/slug"])
    }

    @Test func aClaimedLinkWithoutItsIdIsReportedInsideTheLinkNotAsANoMatchOfOneOf() throws {
        let body = Fixtures.bytes("""
            {"match": "strong", "reason": null, "link": {"url": "https://go.daily.example.com/xmas",
             "deepLink": "https://daily.example.com/puzzle/2026-12-24", "data": {}, "campaign": {}}}
            """)
        #expect(try violations("POST", "/v1/claims", body: body).map(\.summary) == ["required at /link/id"])
    }

    @Test func aStatusAnsweredByTheDefaultResponseSaysSo() throws {
        let body = Fixtures.bytes(#"{"error": {"code": "unavailable", "message": "the database does not answer"}}"#)
        #expect(try violations(status: 503, body: body) == [])
        // A link where the default (an error) was answered: the body is checked as an error.
        let found = try violations("POST", "/v1/links/019b/disable", status: 201, body: JSONObjectText.link.bytes)
        #expect(found.first?.response == "POST /v1/links/{id}/disable → 201 (as default)")
        #expect(found.map(\.summary).contains("required at /error"))
    }

    @Test func aBodyOnADocumented204IsAViolationAndNoBodyIsFine() throws {
        #expect(try violations("DELETE", status: 204, contentType: nil, body: []) == [])
        let found = try violations("DELETE", status: 204, body: Fixtures.bytes("{}"))
        #expect(found.map(\.kind) == [.unexpectedBody])
        #expect(found.first?.description.hasPrefix("DELETE /v1/links/{id} → 204: expected no body") == true)
    }

    @Test func aRedirectWithoutABodyConforms() throws {
        #expect(try violations("GET", "/v1/claims/lfc_3q2-7wEjRZ6Qb_pJkLm0xA", status: 302, contentType: nil, body: []) == [])
    }

    @Test func csvIsAcceptedOnlyWhereItIsDocumented() throws {
        let csv = Fixtures.bytes("day,type,platform,referrer,campaign,detail,count\n")
        #expect(try violations("GET", "/v1/stats", contentType: "text/csv; charset=utf-8", body: csv) == [])
        #expect(try violations("GET", "/v1/invites", contentType: "text/csv", body: csv) == [])
        let found = try violations(contentType: "text/csv", body: csv)
        #expect(found.map(\.kind) == [.undocumentedMediaType])
        #expect(found.first?.expected == "a Content-Type of application/json")
        #expect(try violations(contentType: "text/html", body: csv).map(\.kind) == [.undocumentedMediaType])
    }

    @Test func aJSONBodyWithoutAContentTypeOrWithoutABodyIsReported() throws {
        #expect(try violations(contentType: nil, body: JSONObjectText.link.bytes).map(\.kind) == [.undocumentedMediaType])
        #expect(try violations(contentType: nil, body: []).map(\.kind) == [.missingBody])
        #expect(try violations(body: []).map(\.kind) == [.missingBody])
    }

    @Test func aBodyThatIsNotJSONIsReportedAsMalformed() throws {
        let found = try violations(body: Fixtures.bytes(#"{"id": "a",}"#))
        #expect(found.map(\.kind) == [.malformedBody])
        #expect(found.first?.found.hasPrefix("invalid JSON at line 1") == true)
        #expect(try violations(body: [0xEF, 0xBB, 0xBF] + JSONObjectText.link.bytes).map(\.kind) == [.malformedBody])
        let twice = JSONObjectText(members: JSONObjectText.link.members + [("clicks", "13")])
        #expect(try violations(body: twice.bytes).map(\.summary) == ["malformedBody at /clicks"])
    }

    @Test func anUndocumentedPathOrMethodIsAViolation() throws {
        let path = try violations("GET", "/v1/nothing-here", status: 404, body: Fixtures.bytes("{}"))
        #expect(path.map(\.kind) == [.undocumentedOperation])
        #expect(path.first?.description == "expected a path the document describes, found GET /v1/nothing-here")
        let method = try violations("PUT", "/v1/settings", status: 200, body: Fixtures.bytes("{}"))
        #expect(method.map(\.kind) == [.undocumentedOperation])
        #expect(method.first?.expected == "a method the document describes for /v1/settings (GET, PATCH)")
    }

    @Test func aMethodNotAllowedAnswerIsCheckedAgainstTheDocumentedMethodNotAllowedResponse() throws {
        let body = Fixtures.bytes(#"{"error": {"code": "method_not_allowed", "message": "DELETE is not allowed; use GET or PATCH"}}"#)
        #expect(try violations("DELETE", "/v1/settings", status: 405, body: body) == [])
        let wrong = try violations("DELETE", "/v1/settings", status: 405, body: Fixtures.bytes(#"{"error": "no"}"#))
        #expect(wrong.map(\.summary) == ["type at /error"])
        #expect(wrong.first?.response == "DELETE /v1/settings → 405")
    }

    @Test func statusRangesAndUndocumentedStatusesFollowTheDocument() throws {
        let document = try OpenAPIDocument(yaml: Fixtures.document(
            schemas: """
                Problem: {type: object, required: [problem], properties: {problem: {type: string}}}
            """,
            paths: """
              /things:
                get:
                  responses:
                    '200': {description: ok, content: {application/json: {schema: {type: array}}}}
                    '4XX': {$ref: '#/components/responses/Problem'}
            """,
            responses: """
                Problem:
                  description: A problem.
                  content: {application/problem+json: {schema: {$ref: '#/components/schemas/Problem'}}}
            """))
        func check(_ status: Int, _ contentType: String, _ body: String) -> [SchemaViolation] {
            document.validate(method: "GET", path: "/things", status: status, contentType: contentType, body: Fixtures.bytes(body))
        }
        #expect(check(200, "application/json", "[]") == [])
        #expect(check(200, "application/json", "{}").map(\.summary) == ["type at the root"])
        #expect(check(404, "application/problem+json", #"{"problem": "none"}"#) == [])
        #expect(check(429, "application/problem+json", "{}").map(\.summary) == ["required at /problem"])
        #expect(check(429, "application/problem+json", "{}").first?.response == "GET /things → 429 (as 4XX)")
        let undocumented = check(500, "application/json", "{}")
        #expect(undocumented.map(\.kind) == [.undocumentedStatus])
        #expect(undocumented.first?.description == "GET /things → 500: expected a status the operation documents (200, 4XX), found 500")
    }
}
