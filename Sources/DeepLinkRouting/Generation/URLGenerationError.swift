/// Why a router could not build a link for a route.
public struct URLGenerationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of problem.
    public enum Code: String, Sendable, Hashable, CaseIterable {
        /// No route has this name.
        case unknownRoute
        /// The host or scheme is not one the router accepts, so the link would not route back.
        case targetNotAccepted
        /// A parameter the pattern needs was not given.
        case missingParameter
        /// A value does not convert to its parameter's type, or is a list for a path parameter.
        case invalidValue
        /// A path value is empty; an empty segment cannot be written.
        case emptyValue
        /// The link would be routed to another (higher-ranked) route.
        case wouldMatchAnotherRoute
    }

    /// The kind of problem.
    public let code: Code
    /// A sentence a person can act on.
    public let message: String

    /// Creates an error.
    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
