/// Whether the database can serve requests, as ``Storage/readiness()`` found: what `/ready`
/// answers.
///
/// ```swift
/// let readiness = await storage.readiness()
/// if let problem = readiness.problem { print("not ready: \(problem)") }
/// ```
public struct DatabaseReadiness: Sendable, Hashable {
    /// Why the database cannot serve requests, or `nil` when it can.
    public var problem: String?

    /// Creates an answer: ready when `problem` is `nil`.
    public init(problem: String?) {
        self.problem = problem
    }

    /// Whether the database answered the check.
    public var isReady: Bool { problem == nil }
}
