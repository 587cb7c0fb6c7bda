import Foundation
import Hummingbird
import Testing

/// The `ErrorCode` values as `openapi/landfall.yaml` lists them now, read from the document
/// (so the `invite_*` codes of version 1.1 are among them).
enum DocumentedErrorCodes {
    static let all: Set<String> = {
        guard let document = try? OpenAPIConformanceTests.document(),
              let schemas = (document["components"] as? [String: Any])?["schemas"] as? [String: Any],
              let codes = (schemas["ErrorCode"] as? [String: Any])?["enum"] as? [String] else { return [] }
        return Set(codes)
    }()
}

extension ServedResponse {
    /// Checks that this is the API's error answer: `status`, a JSON body holding only `error`
    /// with `code` (one the document lists), a `message`, and `field` when one is expected.
    ///
    /// Like `expectAPIError`, with the error codes read from the document.
    func expectContractError(_ status: HTTPResponse.Status, _ code: String, field: String? = nil,
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
        #expect(errorCode.map(DocumentedErrorCodes.all.contains) == true, "'\(errorCode ?? "none")' is not an ErrorCode of the contract",
                sourceLocation: sourceLocation)
        #expect(errorMessage?.isEmpty == false, "no message: \(text)", sourceLocation: sourceLocation)
        if let field {
            #expect(errorField == field, "\(text)", sourceLocation: sourceLocation)
        }
    }
}
