/// "Did you mean ...?" for a misspelt name: the closest known name within a small edit distance.
///
/// ```swift
/// NameSuggestion.closest(to: "exlude", among: ["path", "exclude"]) // "exclude"
/// NameSuggestion.closest(to: "zzz", among: ["path", "exclude"])    // nil
/// ```
public enum NameSuggestion {
    /// The known name closest to `name`, ignoring case, when it is close enough to be a likely
    /// typo (at most a third of its length, and at most 3, edits away); `nil` otherwise.
    public static func closest(to name: String, among known: some Sequence<String>) -> String? {
        let target = Array(name.lowercased())
        var best: (name: String, distance: Int)?
        for candidate in known {
            let distance = editDistance(target, Array(candidate.lowercased()))
            if distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        guard let best, best.distance <= min(3, max(1, target.count / 3)) else { return nil }
        return best.name
    }

    /// Levenshtein distance, with a swap of two neighbours counting as one edit.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
