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
        let target = Array(name.lowercased().unicodeScalars)
        var best: (name: String, distance: Int)?
        for candidate in known {
            let distance = EditDistance.between(target, Array(candidate.lowercased().unicodeScalars))
            if distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        guard let best, best.distance <= min(3, max(1, target.count / 3)) else { return nil }
        return best.name
    }
}
