import Foundation

/// The bytes of one input named on the command line: a file path, or `-` for standard input.
///
/// ```swift
/// let input = try InputFile.read("examples/apple-app-site-association", in: .process)
/// input.displayName // "examples/apple-app-site-association"
/// ```
public struct InputFile: Sendable {
    /// The argument as given (`-` for standard input).
    public var argument: String
    /// The contents.
    public var bytes: [UInt8]

    /// The argument that means standard input.
    public static let standardInputArgument = "-"
    /// The largest input read (16 MiB): far above any real association file, low enough to fail
    /// fast on the wrong file.
    public static let maximumSize = 16 << 20

    /// Creates an input from bytes already read.
    public init(argument: String, bytes: [UInt8]) {
        self.argument = argument
        self.bytes = bytes
    }

    /// Whether this input is standard input.
    public var isStandardInput: Bool { argument == Self.standardInputArgument }

    /// How messages name the input: the path, or `(standard input)`.
    public var displayName: String { isStandardInput ? "(standard input)" : argument }

    /// How a sentence names the input: the path, or `standard input`
    /// ("standard input is not UTF-8 text").
    public var nameInSentence: String { isStandardInput ? "standard input" : argument }

    /// The file's last path component (empty for standard input).
    public var fileName: String {
        isStandardInput ? "" : URL(fileURLWithPath: argument).lastPathComponent
    }

    /// Reads `argument`: a path, or `-` for standard input.
    ///
    /// - Throws: ``InputError`` saying why, in words: no such file, a directory, permission
    ///   denied, too large.
    public static func read(_ argument: String, in context: CommandContext) throws(InputError) -> InputFile {
        if argument == standardInputArgument {
            let bytes: [UInt8]
            do {
                bytes = try context.readStandardInput(maximumSize)
            } catch {
                throw InputError(input: "(standard input)", reason: "\(error)")
            }
            guard bytes.count <= maximumSize else { throw InputError.tooLarge("(standard input)") }
            return InputFile(argument: argument, bytes: bytes)
        }
        guard !argument.isEmpty else { throw InputError(input: argument, reason: "the file name is empty") }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory) else {
            throw InputError(input: argument, reason: "no such file")
        }
        guard !isDirectory.boolValue else { throw InputError(input: argument, reason: "it is a directory, not a file") }
        guard FileManager.default.isReadableFile(atPath: argument), let handle = FileHandle(forReadingAtPath: argument) else {
            throw InputError(input: argument, reason: "permission denied")
        }
        defer { try? handle.close() }
        let data: Data?
        do {
            data = try handle.read(upToCount: maximumSize + 1)
        } catch {
            throw InputError(input: argument, reason: error.localizedDescription)
        }
        let bytes = data.map(Array.init) ?? []
        guard bytes.count <= maximumSize else { throw InputError.tooLarge(argument) }
        return InputFile(argument: argument, bytes: bytes)
    }
}

/// Why an input could not be read.
public struct InputError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The input as people know it (a path, or `(standard input)`).
    public var input: String
    /// Why, in words.
    public var reason: String

    /// Creates an error.
    public init(input: String, reason: String) {
        self.input = input
        self.reason = reason
    }

    static func tooLarge(_ input: String) -> InputError {
        InputError(input: input, reason: "it is larger than \(InputFile.maximumSize >> 20) MiB; is it the right file?")
    }

    /// `cannot read "x.json": no such file`.
    public var description: String {
        input == "(standard input)" ? "cannot read standard input: \(reason)" : "cannot read \"\(input)\": \(reason)"
    }
}
