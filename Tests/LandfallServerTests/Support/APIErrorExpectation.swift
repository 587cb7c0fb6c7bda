import Foundation
import Hummingbird
import Testing

/// The `ErrorCode` values of `openapi/landfall.yaml`, read from the document: every API
/// error's `code` is one of them.
enum ContractErrorCodes {
    static let all: Set<String> = {
        guard let document = try? OpenAPIConformanceTests.document(),
              let schemas = (document["components"] as? [String: Any])?["schemas"] as? [String: Any],
              let codes = (schemas["ErrorCode"] as? [String: Any])?["enum"] as? [String] else { return [] }
        return Set(codes)
    }()
}

extension ServedResponse {
    /// Checks that this is the API's error answer: `status`, a JSON body holding only
    /// `error` with `code` (one the contract lists), a `message`, and `field` when one is expected.
    ///
    /// - Parameter field: The expected `error.field`; `nil` checks nothing about it.
    func expectAPIError(_ status: HTTPResponse.Status, _ code: String, field: String? = nil,
                        sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(self.status == status, "\(text)", sourceLocation: sourceLocation)
        #expect(self["Content-Type"]?.hasPrefix("application/json") == true, "Content-Type \(self["Content-Type"] ?? "none")",
                sourceLocation: sourceLocation)
        guard let body = try? json else {
            Issue.record("not a JSON object: \(text.prefix(300))", sourceLocation: sourceLocation)
            return
        }
        #expect(Array(body.keys) == ["error"], "\(text)", sourceLocation: sourceLocation)
        #expect(errorCode == code, "\(text)", sourceLocation: sourceLocation)
        #expect(errorCode.map(ContractErrorCodes.all.contains) == true, "'\(errorCode ?? "none")' is not an ErrorCode of the contract",
                sourceLocation: sourceLocation)
        #expect(errorMessage?.isEmpty == false, "no message: \(text)", sourceLocation: sourceLocation)
        if let field {
            #expect(errorField == field, "\(text)", sourceLocation: sourceLocation)
        }
    }

    /// The `error.message` of an API error body.
    var errorMessage: String? { (try? json)?["error"].flatMap { ($0 as? [String: Any])?["message"] as? String } }
}
