/// One problem with a Firebase Dynamic Links long link: the parameter and what is wrong with it.
///
/// ```swift
/// DynamicLinkParameterError(parameter: "isi", message: "'id1234' is not an App Store ID; write its digits only, as in isi=1234")
///     .description // isi: 'id1234' is not an App Store ID; write its digits only, as in isi=1234
/// ```
public struct DynamicLinkParameterError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The query parameter, such as `link` or `isi`.
    public var parameter: String
    /// What is wrong, and what to write instead.
    public var message: String

    /// Creates an error.
    public init(parameter: String, message: String) {
        self.parameter = parameter
        self.message = message
    }

    /// `parameter: message`.
    public var description: String { "\(parameter): \(message)" }
}

/// Why a long link's query is not a Firebase Dynamic Link: every problem found, a missing or
/// repeated `link` first, then the others in the order the parameters appear in the query.
public struct InvalidDynamicLink: Error, Sendable, Hashable, CustomStringConvertible {
    /// The problems; never empty.
    public var errors: [DynamicLinkParameterError]

    /// Creates an error.
    public init(errors: [DynamicLinkParameterError]) {
        self.errors = errors
    }

    /// One problem per line.
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
