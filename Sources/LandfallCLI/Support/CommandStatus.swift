/// The exit status every `landfall` command uses.
///
/// | status | meaning |
/// | --- | --- |
/// | 0 | it ran and found nothing wrong |
/// | 1 | it ran and found problems (a lint error, a failed conformance case, ...) |
/// | 2 | it could not run: a usage error or an input it could not read |
///
/// ArgumentParser reports usage errors with `EX_USAGE` (64); ``LandfallCommand/invoke(_:context:)``
/// maps that to ``usageOrInputError``.
public struct CommandStatus: RawRepresentable, Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The process exit status.
    public var rawValue: Int32

    /// Creates a status from a process exit status.
    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// 0: it ran and found nothing wrong.
    public static let success = CommandStatus(rawValue: 0)
    /// 1: it ran and found problems.
    public static let problemsFound = CommandStatus(rawValue: 1)
    /// 2: a usage error, or an input that could not be read.
    public static let usageOrInputError = CommandStatus(rawValue: 2)

    /// Orders statuses by severity (their numbers), so that the worst of several is `max`.
    public static func < (lhs: CommandStatus, rhs: CommandStatus) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The number.
    public var description: String { String(rawValue) }
}
