import Foundation

/// The API's contract, `openapi/landfall.yaml`, as the server tests check every response
/// against it.
///
/// ```swift
/// let violations = ResponseContract.check(method: "GET", target: "/v1/links?limit=2", status: 200,
///                                         headers: ["Content-Type": "application/json"], body: bytes)
/// ```
///
/// The document is read once per process, from the repository this file is in. When it cannot
/// be read or used, every check answers one ``SchemaViolation/Kind/contractUnavailable``
/// violation naming the file and the problem, so the failure is recorded where responses are
/// checked, and nothing crashes.
public struct ResponseContract: Sendable {
    /// Where the contract is read from: `openapi/landfall.yaml` of this repository.
    public static let specificationURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // OpenAPIContract
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // the repository
        .appendingPathComponent("openapi/landfall.yaml")

    /// The contract every server test checks against, loaded on first use.
    public static let shared = ResponseContract(contentsOf: specificationURL)

    /// The document, or why it could not be used.
    public let document: Result<OpenAPIDocument, OpenAPIDocument.LoadError>
    /// The file the document was read from.
    public let url: URL

    /// Reads the contract from a file; a problem is kept and reported by every check.
    public init(contentsOf url: URL) {
        self.url = url
        do {
            document = .success(try OpenAPIDocument(contentsOf: url))
        } catch let error as OpenAPIDocument.LoadError {
            document = .failure(error)
        } catch {
            document = .failure(OpenAPIDocument.LoadError(problems: ["\(error)"]))
        }
    }

    /// Checks one response with the shared contract (see the instance method of the same name).
    public static func check(method: String, target: String, status: Int, headers: [String: String], body: [UInt8]) -> [SchemaViolation] {
        shared.check(method: method, target: target, status: status, headers: headers, body: body)
    }

    /// Checks one response with the shared contract (see the instance method of the same name).
    public static func check(method: String, target: String, status: Int, contentType: String?, body: [UInt8]) -> [SchemaViolation] {
        shared.check(method: method, target: target, status: status, contentType: contentType, body: body)
    }

    /// Checks one response, taking its `Content-Type` from `headers` (names in any case).
    public func check(method: String, target: String, status: Int, headers: [String: String], body: [UInt8]) -> [SchemaViolation] {
        let contentType = headers.first { $0.key.lowercased() == "content-type" }?.value
        return check(method: method, target: target, status: status, contentType: contentType, body: body)
    }

    /// Checks one response against the contract.
    ///
    /// Only targets under `/v1/` are checked (the API the document describes; pages, association
    /// files and `/health` are not); others answer no violation. The query is ignored.
    ///
    /// - Parameters:
    ///   - method: The request's method (`GET`).
    ///   - target: The request target as sent: path and query (`/v1/links?limit=2`).
    ///   - status: The response's status code.
    ///   - contentType: The response's `Content-Type`, if any.
    ///   - body: The response's body.
    /// - Returns: The violations, each a readable line; empty when the response is as documented.
    public func check(method: String, target: String, status: Int, contentType: String?, body: [UInt8]) -> [SchemaViolation] {
        let path = String(target.prefix { $0 != "?" && $0 != "#" })
        guard path.hasPrefix("/v1/") else { return [] }
        switch document {
        case .success(let document):
            return document.validate(method: method, path: path, status: status, contentType: contentType, body: body)
        case .failure(let error):
            return [SchemaViolation(kind: .contractUnavailable, expected: "the OpenAPI document \(url.path), readable and usable",
                                    found: error.problems.joined(separator: "; "), response: "\(method.uppercased()) \(path) → \(status)")]
        }
    }
}
