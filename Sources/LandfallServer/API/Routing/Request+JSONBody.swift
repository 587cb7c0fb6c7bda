import Hummingbird
import LandfallLinks
import NIOCore

extension Request {
    /// The body of a JSON request, at most `limit` bytes.
    ///
    /// - Throws: ``APIError`` 415 when the body is not declared `application/json` (or
    ///   `application/…+json`), 413 when it is larger than `limit`.
    func jsonBody(limit: Int) async throws(APIError) -> ByteBuffer {
        let contentType = headers[.contentType]?.lowercased() ?? ""
        let mediaType = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        guard mediaType == "application/json" || (mediaType.hasPrefix("application/") && mediaType.hasSuffix("+json")) else {
            throw APIError(.unsupportedMediaType, .unsupportedMediaType,
                           "Send the body as JSON with 'Content-Type: application/json'\(contentType.isEmpty ? "" : ", not '\(contentType)'").")
        }
        let tooLarge = APIError(.contentTooLarge, .payloadTooLarge, "The body is larger than \(limit / 1024) KiB.")
        if let length = headers[.contentLength].flatMap({ Int($0) }), length > limit { throw tooLarge }
        do {
            return try await body.collect(upTo: limit)
        } catch {
            throw tooLarge
        }
    }

    /// The JSON body of at most `limit` bytes, read by `reader` (a request type of
    /// LandfallLinks such as `LinkDraft.init(json:)`).
    ///
    /// - Throws: ``APIError`` 415 or 413 (see ``jsonBody(limit:)``), or 400 `invalid_body`
    ///   naming the first field at fault when `reader` refuses the body.
    func decodeJSON<Value>(limit: Int, _ reader: (ByteBufferView) throws(InvalidRequestBody) -> Value) async throws(APIError) -> Value {
        let body = try await jsonBody(limit: limit)
        do {
            return try reader(body.readableBytesView)
        } catch {
            throw APIError(invalid: error)
        }
    }
}

extension APIError {
    /// 400 for a body the decoder refused, naming the first field at fault (every error is in the message).
    init(invalid body: InvalidRequestBody) {
        let first = body.errors.first
        self.init(.badRequest, .invalidBody, body.errors.map(\.description).joined(separator: "\n"),
                  field: first.map(\.field).flatMap { $0.isEmpty ? nil : $0 })
    }
}
