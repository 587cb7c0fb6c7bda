import Foundation
import OpenAPIContract
import Testing

/// The adapter the server tests call after every response.
@Suite struct ResponseContractTests {
    @Test func theSharedContractIsTheRepositorysSpecification() throws {
        #expect(ResponseContract.shared.url.path.hasSuffix("/openapi/landfall.yaml"))
        #expect(FileManager.default.fileExists(atPath: ResponseContract.specificationURL.path))
        _ = try ResponseContract.shared.document.get()
    }

    @Test func onlyTargetsUnderV1AreChecked() {
        let garbage = Fixtures.bytes("<html>not JSON</html>")
        for target in ["/xmas", "/", "/health", "/.well-known/apple-app-site-association", "/v1", "/v10/links"] {
            #expect(ResponseContract.check(method: "GET", target: target, status: 200, contentType: "text/html", body: garbage) == [], "\(target)")
        }
        #expect(ResponseContract.check(method: "GET", target: "/v1/links", status: 200, contentType: "text/html", body: garbage).count == 1)
    }

    @Test func theQueryIsIgnoredAndHeaderNamesAreReadInAnyCase() {
        let body = Fixtures.bytes(#"{"links": [\#(JSONObjectText.link.text)], "nextCursor": "abc"}"#)
        let headers = ["content-type": "application/json; charset=utf-8", "X-Request-ID": "1"]
        #expect(ResponseContract.check(method: "GET", target: "/v1/links?limit=1&status=active", status: 200, headers: headers, body: body) == [])
        #expect(ResponseContract.check(method: "GET", target: "/v1/links?limit=1", status: 200, headers: [:], body: body).map(\.kind)
            == [.undocumentedMediaType])
    }

    @Test func aViolationNamesTheRequestAndThePlaceInTheBody() {
        let body = Fixtures.bytes(#"{"invitationsRequired": "yes", "updatedAt": null}"#)
        let violations = ResponseContract.check(method: "GET", target: "/v1/settings", status: 200,
                                                headers: ["Content-Type": "application/json"], body: body)
        #expect(violations.map(\.description) == [
            #"GET /v1/settings → 200: /invitationsRequired: expected a Boolean, found a string ("yes") (#/components/schemas/RuntimeSettings/properties/invitationsRequired/type)"#,
        ])
    }

    @Test func aMissingSpecificationIsAViolationNamingThePathNotACrash() {
        let missing = URL(fileURLWithPath: "/nonexistent/openapi/landfall.yaml")
        let contract = ResponseContract(contentsOf: missing)
        let violations = contract.check(method: "GET", target: "/v1/settings", status: 200, contentType: "application/json",
                                        body: Fixtures.bytes("{}"))
        #expect(violations.map(\.kind) == [.contractUnavailable])
        #expect(violations.first?.description.contains("/nonexistent/openapi/landfall.yaml") == true)
        // Targets outside /v1 are still not checked.
        #expect(contract.check(method: "GET", target: "/xmas", status: 200, contentType: nil, body: []) == [])
    }

    @Test func anUnusableSpecificationIsAViolationSayingWhy() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("openapi-contract-\(UUID().uuidString).yaml")
        try Fixtures.document(schema: "{type: string, if: {minLength: 1}}").write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let violations = ResponseContract(contentsOf: file).check(method: "GET", target: "/v1/x", status: 200, contentType: nil, body: [])
        #expect(violations.map(\.kind) == [.contractUnavailable])
        #expect(violations.first?.found.contains("#/components/schemas/S/if") == true)
    }
}
