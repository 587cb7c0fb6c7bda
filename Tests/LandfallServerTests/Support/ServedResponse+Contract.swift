import Hummingbird
import LandfallJSON
import OpenAPIContract
import Testing

extension ServedResponse {
    /// Records an issue for every way this answer to `method` at `target` differs from
    /// `openapi/landfall.yaml`: every JSON body the server tests receive under `/v1/` is checked
    /// against the schema documented for its operation and status, success and error alike.
    ///
    /// HEAD answers carry no body (the document lists GET). An answer for a path or method the
    /// document does not list (the API's 404 for an unknown endpoint, its 405) is checked against
    /// the documented `ErrorResponse`.
    func expectDocumented(method: HTTPRequest.Method, target: String) {
        guard method != .head else { return }
        var violations = ResponseContract.check(method: method.rawValue, target: target, status: Int(status.code),
                                                contentType: headers[.contentType], body: body)
        if violations.contains(where: { $0.kind == .undocumentedOperation }) {
            violations = Self.errorBodyViolations(status: Int(status.code), body: body, request: "\(method.rawValue) \(target)")
        }
        for violation in violations {
            Issue.record("\(violation)")
        }
    }

    /// The ways `body` of an answer no operation documents differs from `ErrorResponse`.
    private static func errorBodyViolations(status: Int, body: [UInt8], request: String) -> [SchemaViolation] {
        guard case .success(let document) = ResponseContract.shared.document else { return [] }
        guard [404, 405, 429].contains(status) else {
            return [SchemaViolation(kind: .undocumentedOperation, expected: "404 or 405 for an undocumented endpoint",
                                    found: "\(status)", response: request)]
        }
        do {
            return try document.validate(try JSONValue.parse(String(decoding: body, as: UTF8.self)),
                                         againstSchemaAt: "#/components/schemas/ErrorResponse")
        } catch {
            return [SchemaViolation(kind: .malformedBody, expected: "an ErrorResponse", found: "\(error)", response: request)]
        }
    }
}
