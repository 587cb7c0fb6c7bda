import Foundation

/// Where an export is written, a piece at a time, so that it never holds the whole export:
/// a file (written under a temporary name beside it and renamed into place when complete, so
/// that a failed export leaves no half-written file), or standard output.
///
/// Standard output is written as the export goes when the context can (the real process);
/// otherwise (commands run in-process by tests) it is collected into the command's output.
final class ExportDestination {
    /// `-`: standard output.
    static let standardOutput = "-"

    private let path: String?
    private let temporaryPath: String?
    private let handle: FileHandle?
    private let writeOut: (@Sendable (Data) -> Void)?
    private var collected = ""
    private var pending = Data()

    /// Opens `output` (a file path, or `-` for standard output).
    ///
    /// - Throws: ``CommandFailure`` (bad input) when the file cannot be created, saying why.
    init(_ output: String, context: CommandContext) throws(CommandFailure) {
        guard output != Self.standardOutput else {
            path = nil
            temporaryPath = nil
            handle = nil
            writeOut = context.writeStandardOutput
            return
        }
        let url = URL(fileURLWithPath: output)
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).partial").path
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory), isDirectory.boolValue {
            throw CommandFailure(message: "cannot write \"\(output)\": it is a directory; give a file name", status: .usageOrInputError)
        }
        guard FileManager.default.createFile(atPath: temporary, contents: nil), let handle = FileHandle(forWritingAtPath: temporary) else {
            let folder = url.deletingLastPathComponent().path
            let reason = FileManager.default.fileExists(atPath: folder) ? "permission denied" : "its directory \(folder) does not exist"
            throw CommandFailure(message: "cannot write \"\(output)\": \(reason)", status: .usageOrInputError)
        }
        path = output
        temporaryPath = temporary
        self.handle = handle
        writeOut = nil
    }

    /// Appends `text`; written out in pieces of about 64 KB.
    func write(_ text: String) throws {
        if handle == nil && writeOut == nil {
            collected += text
            return
        }
        pending.append(contentsOf: text.utf8)
        if pending.count >= 65_536 { try flush() }
    }

    /// Writes what is pending, renames the file into place, and hands back what was
    /// collected for standard output (empty when it was written out).
    func finish() throws -> String {
        try flush()
        if let handle, let path, let temporaryPath {
            try handle.close()
            // rename(2) replaces an existing file atomically: readers see the old or the new one.
            guard rename(temporaryPath, path) == 0 else {
                throw NSError(domain: NSPOSIXErrorDomain, code: Int(errno), userInfo: [
                    NSLocalizedDescriptionKey: String(cString: strerror(errno)),
                ])
            }
        }
        return collected
    }

    /// Finishes the export into `result`: its standard output, and `Exported <count> <noun>
    /// [to FILE].` on standard error; or, when the file cannot be completed, removes it and
    /// fails `result` saying why. Whether the export completed.
    func complete(_ output: String, count: Int, singular: String, plural: String, into result: inout CommandOutput) -> Bool {
        do {
            result.standardOutput = try finish()
        } catch {
            abandon()
            result.fail("cannot write \"\(output)\": \(InvitesExportCommand.reason(error))", status: .usageOrInputError)
            return false
        }
        let place = output == Self.standardOutput ? "" : " to \(output)"
        result.printError("Exported \(count) \(count == 1 ? singular : plural)\(place).")
        return true
    }

    /// Removes the partial file after a failure.
    func abandon() {
        try? handle?.close()
        if let temporaryPath { try? FileManager.default.removeItem(atPath: temporaryPath) }
    }

    private func flush() throws {
        guard !pending.isEmpty else { return }
        if let handle {
            try handle.write(contentsOf: pending)
        } else {
            writeOut?(pending)
        }
        pending.removeAll(keepingCapacity: true)
    }
}
