/// Why a host has no association file the doctor could use, in a few words ("status 404",
/// "redirects to https://www.example.com/…", "not a valid apple-app-site-association").
public struct UnavailableFile: Error, Sendable, Hashable, CustomStringConvertible {
    /// Why, for people.
    public var reason: String
    /// Whether the file could not be checked at all (the server did not answer in time), as
    /// opposed to being checked and found unusable.
    public var couldNotCheck: Bool

    /// Creates a reason.
    public init(reason: String, couldNotCheck: Bool = false) {
        self.reason = reason
        self.couldNotCheck = couldNotCheck
    }

    /// ``reason``.
    public var description: String { reason }
}
