/// A line diff of two texts in the unified format `diff -u` and `git diff` print, for showing
/// what `--merge` would change (`--dry-run`) before anything is written.
///
/// Lines are compared whole, with their line ending (so a file that only gains a final newline,
/// or changes CRLF to LF, shows a change). A last line without a newline is followed by
/// `\ No newline at end of file`, as GNU diff writes it, so `patch` applies the result.
///
/// ```swift
/// TextDiff.unified(old: "a\nb\nc\n", new: "a\nB\nc\n", oldName: "a/app.json", newName: "b/app.json")
/// // --- a/app.json
/// // +++ b/app.json
/// // @@ -1,3 +1,3 @@
/// //  a
/// // -b
/// // +B
/// //  c
/// ```
public enum TextDiff {
    /// The unified diff that turns `old` into `new`, or `""` when they are equal.
    ///
    /// - Parameters:
    ///   - old: The text before.
    ///   - new: The text after.
    ///   - oldName: The name on the `---` line, as written (`a/app.json`).
    ///   - newName: The name on the `+++` line, as written (`b/app.json`).
    ///   - context: How many unchanged lines to show around each change; changes closer than
    ///     twice that share one hunk.
    public static func unified(old: String, new: String, oldName: String, newName: String, context: Int = 3) -> String {
        guard !old.utf8.elementsEqual(new.utf8) else { return "" }
        let oldLines = lines(of: old)
        let newLines = lines(of: new)
        let edits = script(from: oldLines, to: newLines)
        var output = "--- \(oldName)\n+++ \(newName)\n"
        for hunk in hunks(of: edits, context: max(0, context)) {
            output += header(hunk, in: edits)
            for edit in edits[hunk] {
                switch edit {
                case .keep(let oldIndex, _): output += line(" ", oldLines[oldIndex])
                case .delete(let oldIndex): output += line("-", oldLines[oldIndex])
                case .insert(let newIndex): output += line("+", newLines[newIndex])
                }
            }
        }
        return output
    }

    /// One step of the edit script: a line kept (its index in both texts), deleted from the
    /// old text, or inserted from the new one.
    enum Edit: Equatable {
        case keep(Int, Int)
        case delete(Int)
        case insert(Int)

        var isChange: Bool {
            if case .keep = self { return false }
            return true
        }
    }

    /// The text's lines, each with its line ending (`\n`, which a `\r` before it stays part of);
    /// the last one has none when the text does not end with a newline. A line ends after a
    /// `\n` scalar, which is always a character boundary.
    static func lines(of text: String) -> [Substring] {
        var lines: [Substring] = []
        var start = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.unicodeScalars.index(after: index)
            if text.unicodeScalars[index] == "\n" {
                lines.append(text[start..<next])
                start = next
            }
            index = next
        }
        if start < text.endIndex { lines.append(text[start...]) }
        return lines
    }

    /// A shortest edit script (Myers' O(ND) algorithm), deletions before insertions in each change.
    static func script(from old: [Substring], to new: [Substring]) -> [Edit] {
        // The common head and tail are kept without searching: the usual merge changes a few
        // lines in the middle of a file.
        var head = 0
        while head < old.count, head < new.count, same(old[head], new[head]) { head += 1 }
        var tail = 0
        while tail < old.count - head, tail < new.count - head, same(old[old.count - 1 - tail], new[new.count - 1 - tail]) {
            tail += 1
        }
        let a = Array(old[head..<(old.count - tail)])
        let b = Array(new[head..<(new.count - tail)])
        var edits: [Edit] = (0..<head).map { .keep($0, $0) }
        for edit in middle(a, b) {
            switch edit {
            case .keep(let i, let j): edits.append(.keep(i + head, j + head))
            case .delete(let i): edits.append(.delete(i + head))
            case .insert(let j): edits.append(.insert(j + head))
            }
        }
        for offset in 0..<tail {
            edits.append(.keep(old.count - tail + offset, new.count - tail + offset))
        }
        return edits
    }

    /// Lines are the same when their bytes are (not merely canonically equivalent, as `==` on
    /// strings would say: a change from a composed `é` to a decomposed one is a change).
    static func same(_ a: Substring, _ b: Substring) -> Bool { a.utf8.elementsEqual(b.utf8) }

    /// Myers' greedy search for the furthest-reaching paths, then a walk back through the saved
    /// frontiers.
    private static func middle(_ a: [Substring], _ b: [Substring]) -> [Edit] {
        let n = a.count, m = b.count
        if n == 0 { return (0..<m).map { .insert($0) } }
        if m == 0 { return (0..<n).map { .delete($0) } }
        let maximum = n + m
        let offset = maximum + 1
        var frontier = [Int](repeating: 0, count: 2 * maximum + 3)
        var trace: [[Int]] = []
        search: for d in 0...maximum {
            trace.append(frontier)
            for k in stride(from: -d, through: d, by: 2) {
                var x: Int
                if k == -d || (k != d && frontier[offset + k - 1] < frontier[offset + k + 1]) {
                    x = frontier[offset + k + 1]
                } else {
                    x = frontier[offset + k - 1] + 1
                }
                var y = x - k
                while x < n, y < m, same(a[x], b[y]) {
                    x += 1
                    y += 1
                }
                frontier[offset + k] = x
                if x >= n, y >= m { break search }
            }
        }
        var edits: [Edit] = []
        var x = n, y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let saved = trace[d]
            let k = x - y
            let previousK = (k == -d || (k != d && saved[offset + k - 1] < saved[offset + k + 1])) ? k + 1 : k - 1
            let previousX = d == 0 ? 0 : saved[offset + previousK]
            let previousY = d == 0 ? 0 : previousX - previousK
            while x > previousX, y > previousY {
                x -= 1
                y -= 1
                edits.append(.keep(x, y))
            }
            if d > 0 {
                if x == previousX { edits.append(.insert(previousY)) } else { edits.append(.delete(previousX)) }
                x = previousX
                y = previousY
            }
        }
        return normalized(edits.reversed())
    }

    /// The same script with each run of changes written as its deletions, then its insertions.
    private static func normalized(_ edits: [Edit]) -> [Edit] {
        var result: [Edit] = []
        var deletions: [Edit] = [], insertions: [Edit] = []
        func flush() {
            result += deletions + insertions
            deletions = []
            insertions = []
        }
        for edit in edits {
            switch edit {
            case .keep: flush(); result.append(edit)
            case .delete: deletions.append(edit)
            case .insert: insertions.append(edit)
            }
        }
        flush()
        return result
    }

    /// The ranges of the script each hunk shows: its changes and up to `context` kept lines on
    /// each side, hunks whose context would touch merged into one.
    static func hunks(of edits: [Edit], context: Int) -> [Range<Int>] {
        var hunks: [Range<Int>] = []
        var index = 0
        while index < edits.count {
            guard edits[index].isChange else { index += 1; continue }
            let start = max(0, index - context)
            var end = index
            while end < edits.count {
                if edits[end].isChange { end += 1; continue }
                var kept = end
                while kept < edits.count, !edits[kept].isChange { kept += 1 }
                if kept < edits.count, kept - end <= 2 * context {
                    end = kept
                } else {
                    break
                }
            }
            let stop = min(edits.count, end + context)
            hunks.append(start..<stop)
            index = stop
        }
        return hunks
    }

    /// `@@ -l,s +l,s @@` for a hunk, as GNU diff writes it: a count of 1 is left out, and an empty
    /// side names the line before it.
    private static func header(_ hunk: Range<Int>, in edits: [Edit]) -> String {
        var oldStart: Int?, newStart: Int?
        var oldCount = 0, newCount = 0
        var oldBefore = 0, newBefore = 0
        for edit in edits[..<hunk.lowerBound] {
            switch edit {
            case .keep: oldBefore += 1; newBefore += 1
            case .delete: oldBefore += 1
            case .insert: newBefore += 1
            }
        }
        for edit in edits[hunk] {
            switch edit {
            case .keep(let i, let j):
                oldStart = oldStart ?? i
                newStart = newStart ?? j
                oldCount += 1
                newCount += 1
            case .delete(let i):
                oldStart = oldStart ?? i
                oldCount += 1
            case .insert(let j):
                newStart = newStart ?? j
                newCount += 1
            }
        }
        func range(_ start: Int?, _ before: Int, _ count: Int) -> String {
            switch count {
            case 0: "\(before),0"
            case 1: "\((start ?? before) + 1)"
            default: "\((start ?? before) + 1),\(count)"
            }
        }
        return "@@ -\(range(oldStart, oldBefore, oldCount)) +\(range(newStart, newBefore, newCount)) @@\n"
    }

    /// A line of a hunk: its mark, its text, and the marker GNU diff writes after a last line
    /// without a newline.
    private static func line(_ mark: String, _ text: Substring) -> String {
        text.unicodeScalars.last == "\n" ? mark + text : mark + text + "\n\\ No newline at end of file\n"
    }
}
