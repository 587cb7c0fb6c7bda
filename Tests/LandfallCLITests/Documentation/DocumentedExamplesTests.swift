import Foundation
import Testing

/// The README and the DocC articles show real commands with their real output; this runs every
/// one of them and checks the output is still what the page says, so the documentation cannot
/// drift from the code.
///
/// The pages read are `README.md` and every `Sources/*/*.docc/**/*.md`. A checked example is a
/// ```` ```console ```` block's line starting with `$ landfall ` (run in the repository root,
/// arguments split as a shell would for plain and single-quoted words); the lines after it, up to
/// the next `$ ` line, are its standard output followed by its standard error, compared exactly:
/// nothing is normalised, so a checked example must print the same at every run (no ids, times
/// or passwords: those blocks are ```` ```console illustrative ````). The environment is fixed
/// where output depends on it: no `NO_COLOR`, `COLUMNS=80`. A `$ echo $?` line right after gives
/// the exit status. ``DocumentedConsoleBlock`` says how each kind of block is treated.
@Suite struct DocumentedExamplesTests {
    struct Example: CustomTestStringConvertible, Sendable {
        var file: String
        var line: Int
        var arguments: [String]
        var expected: String
        var expectedStatus: Int32?
        var testDescription: String { "\(file):\(line): landfall " + arguments.joined(separator: " ") }
    }

    /// The pages, relative to the repository root: the README, then every article of every catalog.
    static let pages: [String] = {
        let root = CLIFixtures.repositoryRoot
        var pages = ["README.md"]
        let sources = root.appendingPathComponent("Sources")
        let enumerator = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            let relative = String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
            if url.pathExtension == "md", relative.contains(".docc/") { pages.append(relative) }
        }
        return [pages[0]] + pages.dropFirst().sorted()
    }()

    /// The fenced blocks of every page; a page that cannot be read has none
    /// (``everyPageIsRead()`` then fails with its path).
    static let blocks: [DocumentedConsoleBlock] = pages.flatMap { page in
        guard let text = try? String(contentsOf: CLIFixtures.repositoryRoot.appendingPathComponent(page), encoding: .utf8) else {
            return [DocumentedConsoleBlock]()
        }
        return DocumentedConsoleBlock.blocks(in: text, file: page)
    }

    /// The checked examples of every page.
    static let examples: [Example] = blocks.filter(\.isChecked).flatMap(examples(in:))

    static func examples(in block: DocumentedConsoleBlock) -> [Example] {
        var examples: [Example] = []
        var previous: Example?
        for command in block.commands {
            if command.text == "echo $?", var example = previous {
                example.expectedStatus = command.output.first.flatMap { Int32($0) }
                examples[examples.count - 1] = example
                previous = nil
            } else if command.text.hasPrefix("landfall ") {
                let example = Example(file: block.file, line: command.line,
                                      arguments: shellWords(String(command.text.dropFirst("landfall ".count))),
                                      expected: command.output.map { $0 + "\n" }.joined())
                examples.append(example)
                previous = example
            } else {
                previous = nil
            }
        }
        return examples
    }

    /// Splits a command line into words: spaces separate, single quotes keep text as is.
    static func shellWords(_ line: String) -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quoted = false
        for character in line {
            if quoted {
                if character == "'" { quoted = false } else { word.append(character) }
            } else if character == "'" {
                quoted = true
                inWord = true
            } else if character == " " {
                if inWord { words.append(word) }
                word = ""
                inWord = false
            } else {
                word.append(character)
                inWord = true
            }
        }
        if inWord { words.append(word) }
        return words
    }

    @Test func everyPageIsRead() {
        let unreadable = Self.pages.filter {
            (try? String(contentsOf: CLIFixtures.repositoryRoot.appendingPathComponent($0), encoding: .utf8)) == nil
        }
        #expect(unreadable.isEmpty, "cannot read \(unreadable.joined(separator: ", "))")
        #expect(Self.pages.count > 20, "found \(Self.pages.count) pages; are the catalogs under Sources/*/*.docc?")
    }

    @Test func theReadmeAndTheArticlesHaveCheckedExamples() {
        #expect(Self.examples.filter { $0.file == "README.md" }.count >= 3, "README.md has fewer than 3 checked examples")
        #expect(Self.examples.count >= 30, "the pages have \(Self.examples.count) checked examples")
        #expect(Self.examples.contains { $0.expectedStatus == 1 })
        #expect(Self.examples.contains { $0.expectedStatus == 2 })
    }

    @Test("no page shows a command's output that no test checks")
    func noPageShowsUncheckedOutput() {
        let unchecked = Self.blocks.flatMap { block in
            block.uncheckedCommandsWithOutput.map { "\(block.file):\($0.line): $ \($0.text)" }
        }
        #expect(unchecked.isEmpty, """
            these commands show output in a block that is neither ```console (run and compared: \
            `$ landfall …` and `$ curl …` only) nor ```console illustrative (never run): \
            \(unchecked.joined(separator: "; "))
            """)
    }

    @Test func aBlockIsReadAsTheTestsAndTheUncheckedOutputRuleSeeIt() {
        let text = """
            ```console
            $ landfall config check a.yml
            ok
            $ echo $?
            0
            $ curl -s http://127.0.0.1:8080/
            hello
            ```
            ```console illustrative
            $ curl -s https://daily.example.com/
            hello
            ```
            ```text
            $ landfall links list
            SHORT URL
            $ cd somewhere
            ```
            ```` ```console ```` blocks are run, and
            ````markdown
            ```console
            a fence inside a longer one
            ```
            ````
            """
        let blocks = DocumentedConsoleBlock.blocks(in: text, file: "T.md")
        #expect(blocks.map(\.info) == ["console", "console illustrative", "text", "markdown"])
        #expect(blocks.last?.line == 19)
        let examples = Self.examples(in: blocks[0])
        #expect(examples.map(\.arguments) == [["config", "check", "a.yml"]])
        #expect(examples.first?.expected == "ok\n")
        #expect(examples.first?.expectedStatus == 0)
        #expect(examples.first?.line == 2)
        #expect(blocks.flatMap(\.uncheckedCommandsWithOutput).map(\.text) == ["landfall links list"])
    }

    @Test(arguments: examples)
    func thePageShowsTheRealOutput(_ example: Example) async throws {
        let result = try await LandfallExecutable.run(example.arguments, environment: ["NO_COLOR": nil, "COLUMNS": "80"],
                                                in: CLIFixtures.repositoryRoot)
        #expect(result.standardOutput + result.standardError == example.expected,
                "\(example.file):\(example.line) shows other output for `landfall \(example.arguments.joined(separator: " "))`; paste the real output there")
        if let status = example.expectedStatus {
            #expect(result.status == status)
        }
    }
}
