import Hummingbird

/// A response as a test reads it.
struct ServedResponse: Sendable {
    /// The status.
    var status: HTTPResponse.Status
    /// The headers.
    var headers: HTTPFields
    /// The body's bytes.
    var body: [UInt8]

    /// The body as UTF-8 text.
    var text: String { String(decoding: body, as: UTF8.self) }

    /// The value of the header `name`, if it has one.
    subscript(_ name: String) -> String? {
        headers[.init(name)!]
    }

    /// The headers as `name: value` lines, except the two that differ between any two
    /// responses: `X-Request-ID`, and the `Date` the HTTP server adds over a connection.
    var headersOtherThanIDAndDate: [String] {
        headers.filter { !["x-request-id", "date"].contains($0.name.canonicalName) }.map { "\($0.name.canonicalName): \($0.value)" }
    }
}
