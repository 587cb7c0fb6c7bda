import LandfallSite
import PropertyBased
import Testing

/// `TextDiff.unified` writes what `diff -u` writes, and applying its hunks to the old text gives
/// the new one, whatever the two texts are.
@Suite struct TextDiffTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var old: String
        var new: String
        var diff: String
        var testDescription: String { name }
    }

    static let header = "--- a/app.json\n+++ b/app.json\n"

    static let cases: [Case] = [
        Case(name: "equal texts give nothing", old: "a\nb\n", new: "a\nb\n", diff: ""),
        Case(name: "one line changed, with its context", old: "a\nb\nc\n", new: "a\nB\nc\n",
             diff: header + "@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n"),
        Case(name: "a line added at the end", old: "a\n", new: "a\nb\n", diff: header + "@@ -1 +1,2 @@\n a\n+b\n"),
        Case(name: "everything added to an empty file", old: "", new: "a\nb\n", diff: header + "@@ -0,0 +1,2 @@\n+a\n+b\n"),
        Case(name: "everything removed", old: "a\nb\n", new: "", diff: header + "@@ -1,2 +0,0 @@\n-a\n-b\n"),
        Case(name: "context is three lines on each side", old: "1\n2\n3\n4\n5\n6\n7\n8\n9\n", new: "1\n2\n3\n4\nfive\n6\n7\n8\n9\n",
             diff: header + "@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n"),
        Case(name: "changes far apart make two hunks",
             old: "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n", new: "one\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\ntwelve\n",
             diff: header + "@@ -1,4 +1,4 @@\n-1\n+one\n 2\n 3\n 4\n@@ -9,4 +9,4 @@\n 9\n 10\n 11\n-12\n+twelve\n"),
        Case(name: "changes six lines apart share a hunk",
             old: "1\n2\n3\n4\n5\n6\n7\n8\n", new: "one\n2\n3\n4\n5\n6\n7\neight\n",
             diff: header + "@@ -1,8 +1,8 @@\n-1\n+one\n 2\n 3\n 4\n 5\n 6\n 7\n-8\n+eight\n"),
        Case(name: "a missing final newline is marked", old: "a\nb", new: "a\nb\n",
             diff: header + "@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n"),
        Case(name: "CRLF to LF is a change", old: "a\r\nb\r\n", new: "a\nb\r\n",
             diff: header + "@@ -1,2 +1,2 @@\n-a\r\n+a\n b\r\n"),
        Case(name: "a composed é and a decomposed one differ", old: "caf\u{E9}\n", new: "cafe\u{301}\n",
             diff: header + "@@ -1 +1 @@\n-caf\u{E9}\n+cafe\u{301}\n"),
        Case(name: "an inserted block between kept lines", old: "{\n  \"a\": 1\n}\n", new: "{\n  \"a\": 1,\n  \"b\": 2\n}\n",
             diff: header + "@@ -1,3 +1,4 @@\n {\n-  \"a\": 1\n+  \"a\": 1,\n+  \"b\": 2\n }\n"),
    ]

    @Test(arguments: cases)
    func theDiffIsWhatDiffUWrites(_ example: Case) {
        #expect(TextDiff.unified(old: example.old, new: example.new, oldName: "a/app.json", newName: "b/app.json") == example.diff)
    }

    @Test func contextZeroShowsOnlyTheChanges() {
        let diff = TextDiff.unified(old: "a\nb\nc\n", new: "a\nB\nc\n", oldName: "x", newName: "y", context: 0)
        #expect(diff == "--- x\n+++ y\n@@ -2 +2 @@\n-b\n+B\n")
    }

    /// Texts made of few distinct lines, so that the two sides share many of them.
    static let pairs = Generator<(String, String), Shrink.None<(String, String)>> { rng in
        func text() -> String {
            let words = ["{", "}", "  \"a\": 1,", "x", "y", "", "\r", "é"]
            var lines: [String] = []
            for _ in 0..<Int(rng.next() % 14) { lines.append(words[Int(rng.next() % UInt64(words.count))]) }
            let joined = lines.joined(separator: "\n")
            return rng.next() % 4 == 0 || joined.isEmpty ? joined : joined + "\n"
        }
        return (text(), text())
    }

    @Test func applyingTheHunksToTheOldTextGivesTheNewOne() async {
        await propertyCheck(count: 1000, input: Self.pairs) { pair in
            let (old, new) = pair
            for context in [0, 1, 3] {
                let diff = TextDiff.unified(old: old, new: new, oldName: "a", newName: "b", context: context)
                let patched = try #require(Patch.apply(diff, to: old), "the diff does not apply:\n\(diff)")
                #expect(Array(patched.utf8) == Array(new.utf8), "context \(context):\n\(diff)")
            }
        }
    }
}

/// A small applier of unified diffs, strict about context, for checking ``TextDiff``'s output.
enum Patch {
    /// `old` with the diff's hunks applied, or `nil` when a context or deleted line does not
    /// match or a header is malformed.
    static func apply(_ diff: String, to old: String) -> String? {
        if diff.isEmpty { return old }
        var oldLines = TextDiffTests.lines(old)
        var diffLines = TextDiffTests.lines(diff)
        guard diffLines.count >= 2, diffLines[0].hasPrefix("--- "), diffLines[1].hasPrefix("+++ ") else { return nil }
        diffLines.removeFirst(2)
        var result: [String] = []
        var position = 0  // the next line of old to copy
        var index = 0
        while index < diffLines.count {
            let header = diffLines[index]
            guard header.hasPrefix("@@ -"), let ranges = hunkRanges(header) else { return nil }
            // An empty old side names the line before it.
            let start = ranges.oldCount == 0 ? ranges.oldStart : ranges.oldStart - 1
            guard start >= position, start <= oldLines.count else { return nil }
            result += oldLines[position..<start]
            position = start
            index += 1
            var oldSeen = 0, newSeen = 0
            while index < diffLines.count, !diffLines[index].hasPrefix("@@ ") {
                var line = diffLines[index]
                let mark = line.unicodeScalars.first
                line = String(line.unicodeScalars.dropFirst())
                index += 1
                if index < diffLines.count, diffLines[index] == "\\ No newline at end of file\n" {
                    guard line.unicodeScalars.last == "\n" else { return nil }
                    line = String(line.unicodeScalars.dropLast())
                    index += 1
                }
                switch mark {
                case " ", "-":
                    guard position < oldLines.count, Array(oldLines[position].utf8) == Array(line.utf8) else { return nil }
                    if mark == " " { result.append(line); newSeen += 1 }
                    position += 1
                    oldSeen += 1
                case "+":
                    result.append(line)
                    newSeen += 1
                default:
                    return nil
                }
            }
            guard oldSeen == ranges.oldCount, newSeen == ranges.newCount else { return nil }
        }
        result += oldLines[position...]
        oldLines = []
        return result.joined()
    }

    /// The numbers of `@@ -l,s +l,s @@` (a missing count is 1).
    static func hunkRanges(_ header: String) -> (oldStart: Int, oldCount: Int, newCount: Int)? {
        let parts = header.split(separator: " ")
        guard parts.count >= 4, parts[0] == "@@", parts[3].hasPrefix("@@") else { return nil }
        func range(_ text: Substring) -> (Int, Int)? {
            let numbers = text.dropFirst().split(separator: ",", omittingEmptySubsequences: false).map { Int($0) }
            switch numbers.count {
            case 1: return numbers[0].map { ($0, 1) }
            case 2: guard let start = numbers[0], let count = numbers[1] else { return nil }; return (start, count)
            default: return nil
            }
        }
        guard let old = range(parts[1]), let new = range(parts[2]) else { return nil }
        return (old.0, old.1, new.1)
    }
}

extension TextDiffTests {
    /// The text's lines, each with its `\n` (split on the scalar, so `\r\n` keeps its `\r`).
    static func lines(_ text: String) -> [String] {
        var lines: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            current.append(scalar)
            if scalar == "\n" {
                lines.append(String(current))
                current = String.UnicodeScalarView()
            }
        }
        if !current.isEmpty { lines.append(String(current)) }
        return lines
    }
}
