import Foundation

/// What a command printed and the status it ends with, collected instead of written, so that
/// tests can run commands in-process and look at the result.
///
/// ```swift
/// var output = CommandOutput()
/// output.print("ok")
/// output.fail("cannot read \"x.json\": no such file", status: .usageOrInputError)
/// output.standardError // "error: cannot read \"x.json\": no such file\n"
/// ```
public struct CommandOutput: Sendable, Equatable {
    /// Text for standard output.
    public var standardOutput: String
    /// Text for standard error.
    public var standardError: String
    /// The exit status.
    public var status: CommandStatus

    /// Creates an output, empty and successful unless told otherwise.
    public init(standardOutput: String = "", standardError: String = "", status: CommandStatus = .success) {
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.status = status
    }

    /// Appends a line (a newline is added) to standard output.
    public mutating func print(_ line: String = "") {
        standardOutput += line + "\n"
    }

    /// Appends a line (a newline is added) to standard error.
    public mutating func printError(_ line: String) {
        standardError += line + "\n"
    }

    /// Raises the status to `status` if it is worse than the current one (statuses only get worse).
    public mutating func raise(to status: CommandStatus) {
        self.status = max(self.status, status)
    }

    /// Writes `error: message` to standard error and raises the status.
    public mutating func fail(_ message: String, status: CommandStatus) {
        printError("error: \(message)")
        raise(to: status)
    }

    /// The output's lines on standard output, without the final empty one.
    public var lines: [String] {
        var lines = standardOutput.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Writes the collected text to the process's standard output and standard error.
    public func write() {
        if !standardOutput.isEmpty { FileHandle.standardOutput.write(Data(standardOutput.utf8)) }
        if !standardError.isEmpty { FileHandle.standardError.write(Data(standardError.utf8)) }
    }
}
