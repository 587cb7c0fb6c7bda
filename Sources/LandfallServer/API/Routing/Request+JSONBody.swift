import Hummingbird
import LandfallLinks
import NIOCore

extension Request {
    /// The body of a JSON request, at most `limit` bytes.
    ///
    /// - Throws: ``APIError`` 415 when the body is not declared `application/json` (or
    ///   `application/…+json`), 413 when it is larger than `limit`.
    func jsonBody(limit: Int) async throws(APIError) -> ByteBuffer {
        guard isJSON else {
            let contentType = headers[.contentType]?.lowercased() ?? ""
            throw APIError(.unsupportedMediaType, .unsupportedMediaType,
                           "Send the body as JSON with 'Content-Type: application/json'\(contentType.isEmpty ? "" : ", not '\(contentType)'").")
        }
        return try await body(limit: limit, tooLarge: "The body is larger than \(limit / 1024) KiB.")
    }

    /// The media type of the `Content-Type` header, lowercased and without its parameters
    /// (`text/csv` for `text/csv; charset=utf-8`); empty when there is none.
    var mediaType: String {
        let contentType = headers[.contentType]?.lowercased() ?? ""
        return contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
    }

    /// Whether the body is declared JSON: `application/json` or `application/…+json`.
    var isJSON: Bool {
        let type = mediaType
        return type == "application/json" || (type.hasPrefix("application/") && type.hasSuffix("+json"))
    }

    /// The body, at most `limit` bytes.
    ///
    /// - Throws: ``APIError`` 413 `payload_too_large` with `tooLarge` as its message when the
    ///   declared length or the body itself is larger than `limit`.
    func body(limit: Int, tooLarge message: String) async throws(APIError) -> ByteBuffer {
        let tooLarge = APIError(.contentTooLarge, .payloadTooLarge, message)
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
