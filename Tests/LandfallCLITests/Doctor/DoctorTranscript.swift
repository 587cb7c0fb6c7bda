import LandfallCLI

/// `landfall doctor`'s text output read back into sections and checks, so a test can ask for
/// "the ✗ line titled No redirects in the apple-app-site-association section" and its notes.
///
/// ```
/// apple-app-site-association (https://good.landfall.test:4431/.well-known/apple-app-site-association)
///   ✗ No redirects: https://good.landfall.test:4431/… answers 301 with Location …
///       1. 301 → https://www.good.landfall.test:4431/… (adds www.)
///     fix: serve the file at … itself with status 200
///
/// problems found: 1 failed, 12 passed
/// ```
struct DoctorTranscript {
    /// One checklist line with what follows it.
    struct Check {
        /// `✓`, `-`, `!`, `✗` or `?`.
        var symbol: String
        /// The text before the first `: `.
        var title: String
        /// The text after it.
        var detail: String
        /// The indented lines under the check.
        var notes: [String] = []
        /// The text after `fix: `, if any.
        var fix: String?

        /// The check line, notes and fix as one text, for `contains` questions.
        var text: String { ([symbol + " " + title + ": " + detail] + notes + (fix.map { ["fix: " + $0] } ?? [])).joined(separator: "\n") }
    }

    /// A heading and the lines under it.
    struct Section {
        /// The heading (`good.landfall.test:4431`, `apple-app-site-association (…)`, `URLs`).
        var title: String
        /// The checks under it, in order.
        var checks: [Check] = []
        /// Every line under the heading, as printed.
        var lines: [String] = []

        /// The first check titled `title`.
        func check(_ title: String) -> Check? { checks.first { $0.title == title } }
    }

    /// The sections, in order.
    var sections: [Section] = []
    /// The last line: `healthy`, `problems found: …` or `could not check everything: …`.
    var verdict: String = ""

    private static let symbols: Set<Character> = ["✓", "-", "!", "✗", "?"]

    /// Titles that hold `: ` themselves, so that the line's first `: ` is not where the
    /// detail starts.
    static let titlesWithColons: [String] = []

    /// Reads a run's standard output.
    init(_ output: CommandOutput) {
        var lines = output.lines
        verdict = lines.popLast() ?? ""
        for line in lines where !line.isEmpty {
            guard line.hasPrefix(" ") else {
                sections.append(Section(title: line))
                continue
            }
            guard !sections.isEmpty else { continue }
            sections[sections.count - 1].lines.append(line)
            let body = line.drop { $0 == " " }
            let indent = line.count - body.count
            if indent == 2, let symbol = body.first, Self.symbols.contains(symbol), body.dropFirst().first == " " {
                let text = body.dropFirst(2)
                let known = Self.titlesWithColons.first { text.hasPrefix($0 + ": ") }
                let colon = known.map { text.range(of: ": ", range: text.index(text.startIndex, offsetBy: $0.count)..<text.endIndex) }
                    ?? text.range(of: ": ")
                sections[sections.count - 1].checks.append(Check(
                    symbol: String(symbol),
                    title: String(colon.map { text[..<$0.lowerBound] } ?? text),
                    detail: String(colon.map { text[$0.upperBound...] } ?? "")))
            } else if indent == 4, body.hasPrefix("fix: "), !sections[sections.count - 1].checks.isEmpty {
                sections[sections.count - 1].checks[sections[sections.count - 1].checks.count - 1].fix = String(body.dropFirst(5))
            } else if indent >= 6, !sections[sections.count - 1].checks.isEmpty {
                sections[sections.count - 1].checks[sections[sections.count - 1].checks.count - 1].notes.append(String(body))
            }
        }
    }

    /// The first section whose heading starts with `prefix`.
    func section(_ prefix: String) -> Section? { sections.first { $0.title.hasPrefix(prefix) } }

    /// The first check titled `title` in the first section whose heading starts with `section`.
    func check(_ title: String, in section: String) -> Check? { self.section(section)?.check(title) }

    /// Every check of every section.
    var checks: [Check] { sections.flatMap(\.checks) }

    /// The section of Apple's file.
    static let appleSection = "apple-app-site-association ("
    /// The section of Android's file.
    static let androidSection = "assetlinks.json ("
}
