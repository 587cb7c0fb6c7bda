import Foundation

/// A fenced code block of the README or of a DocC article, read as a terminal session.
///
/// The fence's info string says how the block is checked:
/// - ```` ```console ````: every `$ landfall …` line is run and its output compared (a *checked*
///   block; DocumentedExamplesTests), and so is every `$ curl …` line, against `landfall serve`
///   of the demo (DocumentedRequestsTests); a `$ echo $?` line right after a command gives its
///   exit status.
/// - ```` ```console illustrative ````: output that cannot be produced in a test (a live domain,
///   a server on a real host, ids and passwords new at every run); shown as is, never run. DocC
///   and GitHub both render it as a console block.
/// - Anything else (`sh`, `text`, `swift`, …) may show commands, but not a command with output.
struct DocumentedConsoleBlock: Sendable {
    /// A command of the block and the lines printed after it, up to the next command.
    struct Command: Sendable {
        var line: Int
        var text: String
        var output: [String]
        var showsOutput: Bool { output.contains { !$0.trimmingCharacters(in: .whitespaces).isEmpty } }
    }

    var file: String
    /// The line of the opening fence, from 1.
    var line: Int
    var info: String
    var commands: [Command]
    /// How many backticks the opening fence has.
    var fenceLength = 3

    var isChecked: Bool { info == "console" }
    var isIllustrative: Bool { info == "console illustrative" }

    /// The fenced blocks of a Markdown text, with their commands (lines starting with `$ `).
    static func blocks(in text: String, file: String) -> [DocumentedConsoleBlock] {
        var blocks: [DocumentedConsoleBlock] = []
        var current: DocumentedConsoleBlock?
        for (index, rawLine) in text.components(separatedBy: "\n").enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            let fence = line.prefix { $0 == "`" }
            if fence.count >= 3 {
                let info = line.dropFirst(fence.count).trimmingCharacters(in: .whitespaces)
                if let block = current {
                    // A closing fence is backticks alone, at least as many as the opening ones.
                    if info.isEmpty && fence.count >= block.fenceLength {
                        blocks.append(block)
                        current = nil
                        continue
                    }
                } else if !info.contains("`") {
                    // An opening fence's info string has no backtick (CommonMark), so a line that
                    // starts with an inline span such as ```` ```console ```` opens nothing.
                    current = DocumentedConsoleBlock(file: file, line: index + 1, info: info, commands: [],
                                                     fenceLength: fence.count)
                    continue
                }
            }
            guard var block = current else { continue }
            if rawLine.hasPrefix("$ ") {
                block.commands.append(Command(line: index + 1, text: String(rawLine.dropFirst(2)), output: []))
            } else if !block.commands.isEmpty {
                block.commands[block.commands.count - 1].output.append(rawLine)
            }
            current = block
        }
        return blocks
    }

    /// The commands that show output nobody checks: in a block that is not illustrative, every
    /// command with output but a `landfall` or `curl` command of a checked block (and the
    /// `echo $?` after one).
    var uncheckedCommandsWithOutput: [Command] {
        guard !isIllustrative else { return [] }
        var unchecked: [Command] = []
        var previousIsChecked = false
        for command in commands {
            let checked = isChecked && (command.text.hasPrefix("landfall ") || command.text.hasPrefix("curl "))
            let status = isChecked && command.text == "echo $?" && previousIsChecked
            if command.showsOutput && !checked && !status { unchecked.append(command) }
            previousIsChecked = checked
        }
        return unchecked
    }
}
