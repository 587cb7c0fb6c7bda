/// An example URL in a route table that does not open its own route.
///
/// ```swift
/// for mismatch in router.exampleMismatches(in: table) {
///     print(mismatch)   // routes[2] 'puzzle': https://example.com/puzzle/today matched 'today' (/puzzle/today)
/// }
/// ```
public struct ExampleMismatch: Sendable, Hashable, CustomStringConvertible {
    /// The index of the route in the table.
    public let routeIndex: Int
    /// The route's name.
    public let routeName: String
    /// The example URL.
    public let url: String
    /// What the router decided instead, in words.
    public let outcome: String

    /// Creates a mismatch.
    public init(routeIndex: Int, routeName: String, url: String, outcome: String) {
        self.routeIndex = routeIndex
        self.routeName = routeName
        self.url = url
        self.outcome = outcome
    }

    /// `routes[2] 'puzzle': URL matched 'today' (/puzzle/today)`.
    public var description: String {
        "routes[\(routeIndex)] '\(routeName)': \(url) \(outcome)"
    }
}
