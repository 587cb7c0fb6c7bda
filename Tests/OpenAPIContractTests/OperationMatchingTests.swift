import OpenAPIContract
import Testing

/// Matching a concrete request path to the document's path templates.
@Suite struct OperationMatchingTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var method: String
        var path: String
        /// The template and operationId expected, or `nil` when nothing should match.
        var expected: (template: String, operationID: String)?

        var testDescription: String { "\(method) \(path)" }
    }

    static let cases: [Case] = [
        Case(method: "GET", path: "/v1/links", expected: ("/v1/links", "listLinks")),
        Case(method: "post", path: "/v1/links", expected: ("/v1/links", "createLink")),
        Case(method: "POST", path: "/v1/links/bulk", expected: ("/v1/links/bulk", "createLinks")),
        Case(method: "GET", path: "/v1/links/019b4f2e-7a10-7c4e-9b1f-3f0d2a6b8c11", expected: ("/v1/links/{id}", "getLink")),
        Case(method: "PATCH", path: "/v1/links/not-a-uuid", expected: ("/v1/links/{id}", "updateLink")),
        Case(method: "GET", path: "/v1/links/019b4f2e-7a10-7c4e-9b1f-3f0d2a6b8c11/stats", expected: ("/v1/links/{id}/stats", "getLinkStats")),
        Case(method: "POST", path: "/v1/links/019b/disable", expected: ("/v1/links/{id}/disable", "disableLink")),
        Case(method: "POST", path: "/v1/invites/revoke", expected: ("/v1/invites/revoke", "revokeInvitationBatch")),
        Case(method: "POST", path: "/v1/invites/redeem", expected: ("/v1/invites/redeem", "redeemInvitation")),
        Case(method: "GET", path: "/v1/invites/audit", expected: ("/v1/invites/audit", "listInvitationAudit")),
        Case(method: "GET", path: "/v1/invites/7KQ2M-X4P9T-HCW3R", expected: ("/v1/invites/{code}", "getInvitation")),
        Case(method: "POST", path: "/v1/invites/7KQ2M-X4P9T-HCW3R/revoke", expected: ("/v1/invites/{code}/revoke", "revokeInvitation")),
        Case(method: "GET", path: "/v1/claims/lfc_3q2-7wEjRZ6Qb_pJkLm0xA", expected: ("/v1/claims/{token}", "followClaimURL")),
        Case(method: "GET", path: "/v1/install/lfc_3q2-7wEjRZ6Qb_pJkLm0xA", expected: ("/v1/install/{token}", "goToStore")),
        Case(method: "GET", path: "/v1/settings", expected: ("/v1/settings", "getSettings")),
        Case(method: "GET", path: "/", expected: ("/", "followLongLink")),
        Case(method: "GET", path: "/xmas", expected: ("/{slug}", "followShortLink")),
        // A literal segment wins over a parameter: these are not the templated operations.
        Case(method: "GET", path: "/v1/links/bulk", expected: nil),
        Case(method: "GET", path: "/v1/invites/revoke", expected: nil),
        Case(method: "DELETE", path: "/v1/settings", expected: nil),
        Case(method: "GET", path: "/v1/nothing-here", expected: nil),
        Case(method: "GET", path: "/v1/links/", expected: nil),
        Case(method: "GET", path: "/v1//stats", expected: nil),
        Case(method: "GET", path: "/v1/invites/code/extra", expected: nil),
        Case(method: "BREW", path: "/v1/links", expected: nil),
        Case(method: "GET", path: "v1/links", expected: nil),
    ]

    @Test(arguments: cases)
    func aRequestPathMatchesTheMostSpecificDocumentedTemplate(_ testCase: Case) throws {
        let document = try Fixtures.specification()
        let match = document.operation(method: testCase.method, path: testCase.path)
        #expect(match?.template == testCase.expected?.template)
        #expect(match?.operationID == testCase.expected?.operationID)
    }

    @Test func pathParametersArePercentDecoded() throws {
        let match = try #require(try Fixtures.specification().operation(method: "GET", path: "/v1/invites/7kq2m%20x4p9t%2Dhcw3r"))
        #expect(match.template == "/v1/invites/{code}")
        #expect(match.parameters == ["code": "7kq2m x4p9t-hcw3r"])
        #expect(match.method == "GET")
        #expect(match.location == "#/paths/~1v1~1invites~1{code}/get")
    }

    @Test func aLiteralSegmentEncodedInTheRequestStillMatchesItsLiteral() throws {
        let match = try #require(try Fixtures.specification().operation(method: "POST", path: "/v1/links/%62ulk"))
        #expect(match.template == "/v1/links/bulk")
    }

    @Test func theDocumentedMethodsOfAPathAreListed() throws {
        #expect(try Fixtures.specification().documentedMethods(path: "/v1/links/019b") == ["GET", "DELETE", "PATCH"])
        #expect(try Fixtures.specification().documentedMethods(path: "/v1/nothing-here") == [])
    }

    @Test func aTemplateWithTextAroundAParameterMatchesWithinTheSegment() throws {
        let document = try OpenAPIDocument(yaml: Fixtures.document(paths: """
          /files/{name}.json:
            get: {operationId: jsonFile, responses: {'200': {description: ok}}}
          /files/{name}:
            get: {operationId: anyFile, responses: {'200': {description: ok}}}
          /files/{name}.{extension}:
            get: {operationId: splitFile, responses: {'200': {description: ok}}}
        """))
        let json = try #require(document.operation(method: "GET", path: "/files/report.v2.json"))
        #expect(json.operationID == "jsonFile")
        #expect(json.parameters == ["name": "report.v2"])
        let split = try #require(document.operation(method: "GET", path: "/files/report.csv"))
        #expect(split.operationID == "splitFile")
        #expect(split.parameters == ["name": "report", "extension": "csv"])
        #expect(document.operation(method: "GET", path: "/files/plain")?.operationID == "anyFile")
    }
}
