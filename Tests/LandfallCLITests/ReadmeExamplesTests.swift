import Foundation
import Testing

/// The README shows real commands with their real output; this runs every one of them and
/// checks the output is still what the README says, so the tour cannot drift from the code.
///
/// A checked example is a ```` ```console ```` block whose lines starting with `$ landfall `
/// are commands (run in the repository root, arguments split as a shell would for plain and
/// single-quoted words); the lines after a command, up to the next command, are its standard
/// output followed by its standard error. A `$ echo $?` line right after gives the exit status.
@Suite struct ReadmeExamplesTests {
    struct Example: CustomTestStringConvertible, Sendable {
        var arguments: [String]
        var expected: String
        var expectedStatus: Int32?
        var testDescription: String { "landfall " + arguments.joined(separator: " ") }
    }

    /// The repository's `README.md`.
    static let readmeFile = CLIFixtures.repositoryRoot.appendingPathComponent("README.md")

    /// The checked examples; none when the README cannot be read (``theReadmeHasCheckedExamples()``
    /// then fails with its path).
    static let examples: [Example] = {
        guard let readme = try? String(contentsOf: readmeFile, encoding: .utf8) else {
            return []
        }
        var examples: [Example] = []
        var inConsole = false
        var current: Example?
        var readingStatusOf: Example?
        func finish() {
            if let example = current { examples.append(example) }
            current = nil
        }
        for line in readme.components(separatedBy: "\n") {
            if line.hasPrefix("```") {
                if inConsole { finish() }
                inConsole = line == "```console"
                continue
            }
            guard inConsole else { continue }
            if var example = readingStatusOf {
                example.expectedStatus = Int32(line)
                examples[examples.count - 1] = example
                readingStatusOf = nil
                continue
            }
            if line == "$ echo $?", let example = current {
                finish()
                readingStatusOf = example
            } else if line.hasPrefix("$ ") {
                finish()
                if line.hasPrefix("$ landfall ") {
                    current = Example(arguments: shellWords(String(line.dropFirst("$ landfall ".count))), expected: "")
                }
            } else if current != nil {
                current?.expected += line + "\n"
            }
        }
        return examples
    }()

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

    @Test func theReadmeHasCheckedExamples() {
        #expect(Self.examples.count >= 5, "\(Self.readmeFile.path) is missing or has fewer than 5 checked examples")
        #expect(Self.examples.contains { $0.expectedStatus == 1 })
        #expect(Self.examples.contains { $0.expectedStatus == 2 })
    }

    @Test(arguments: examples)
    func theReadmeShowsTheRealOutput(_ example: Example) async throws {
        let result = try await LandfallExecutable.run(example.arguments, environment: ["NO_COLOR": nil, "COLUMNS": "80"],
                                                in: CLIFixtures.repositoryRoot)
        #expect(result.standardOutput + result.standardError == example.expected,
                "README.md shows other output for `\(example.testDescription)`; paste the real output into README.md")
        if let status = example.expectedStatus {
            #expect(result.status == status)
        }
    }
}
