/// "Did you mean" for keys, relations and namespaces of `assetlinks.json`.
///
/// A word is close to a candidate when they are equal ignoring case, `_`, `-` and spaces
/// (`packageName` and `package_name`), when a few edits turn one into the other
/// (`sha256_cert_fingerprint`, `relations`), or when the word is the tail of a relation
/// (`common.handle_all_urls`). Long inputs are rejected before any distance is computed, so a
/// hostile file cannot make this slow.
enum AssetLinksSpelling {
    /// The closest candidate to `word`, or `nil` when none is close (or `word` is one of them).
    static func suggestion(for word: String, among candidates: [String], aliases: [String: String] = [:]) -> String? {
        guard !candidates.contains(word) else { return nil }
        if let alias = aliases[word] { return alias }
        // Nothing this long is a misspelling of a key or relation; this also bounds the work.
        guard word.utf8.count <= 128 else { return nil }
        let folded = fold(word)
        guard !folded.isEmpty else { return nil }
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let target = fold(candidate)
            if target == folded { return candidate }
            let allowed = max(1, min(3, target.count / 4))
            guard abs(target.count - folded.count) <= allowed else {
                if folded.count >= 6, target.count > folded.count, target.suffix(folded.count).elementsEqual(folded) {
                    best = best ?? (candidate, allowed)
                }
                continue
            }
            let distance = EditDistance.between(folded, target, limit: allowed)
            if distance <= allowed, distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    /// Lower-cased scalars without `_`, `-` and spaces, for comparing spellings.
    static func fold(_ word: String) -> [Unicode.Scalar] {
        word.lowercased().unicodeScalars.filter { $0 != "_" && $0 != "-" && $0 != " " }
    }
}
