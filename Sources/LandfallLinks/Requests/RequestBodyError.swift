/// One problem with a links API request body: the field (a JSON path) and what is wrong with it.
///
/// The server reports the destination policy's and the slug policy's refusals with the same
/// field names (``LinkDraft/urlFields``, ``LinkDraftBatch/field(_:ofLink:)``).
///
/// ```swift
/// RequestBodyError(field: "links[3].preview.title", message: "is 201 characters long; at most 200 are allowed")
///     .description // links[3].preview.title: is 201 characters long; at most 200 are allowed
/// ```
public struct RequestBodyError: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// Where: a JSON path such as `maxClicks`, `overrides.ios`, `links[3].preview.title` or
    /// `data["a key"]`; the empty string for the whole body.
    public var field: String
    /// What is wrong, and what to write instead.
    public var message: String

    /// Creates an error.
    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }

    /// `field: message`, or the message alone for the whole body.
    public var description: String { field.isEmpty ? message : "\(field): \(message)" }
}

/// Why a request body was refused: every problem found, in document order.
///
/// ```swift
/// do {
///     let draft = try LinkDraft(json: Array(#"{"target": "https://example.com/", "slugg": "x"}"#.utf8))
/// } catch {
///     error.errors // [slugg: unknown field; did you mean 'slug'?]
/// }
/// ```
public struct InvalidRequestBody: Error, Sendable, Hashable, CustomStringConvertible {
    /// The problems; never empty.
    public var errors: [RequestBodyError]

    /// Creates an error.
    public init(errors: [RequestBodyError]) {
        self.errors = errors
    }

    /// One problem per line.
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
