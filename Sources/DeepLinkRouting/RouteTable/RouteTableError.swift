/// Why a route table could not be read, with the place in the document
/// (`routes[2].pattern`) and what was expected there.
public struct RouteTableError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where the problem is, as a path such as `routes[2].parameters`; empty for the whole document.
    public let path: String
    /// What is wrong there.
    public let message: String

    /// Creates an error.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `path: message`.
    public var description: String {
        path.isEmpty ? message : "\(path): \(message)"
    }
}
