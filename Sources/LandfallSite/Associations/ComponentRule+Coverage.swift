import AppSiteAssociation

extension ComponentRule {
    /// Whether every URL `other` matches is certainly matched by this rule too, so that
    /// `other`, placed after it with the same effect, can never decide anything.
    ///
    /// Only path rules with the same `exclude`, `caseSensitive` and `percentEncoded` are
    /// compared (the generated rules have no query or fragment); the answer errs towards
    /// `false`. `*` matches any run of characters and `?` one character, as in the file.
    func covers(_ other: ComponentRule) -> Bool {
        guard let path, let otherPath = other.path, query == nil, fragment == nil, other.query == nil, other.fragment == nil,
              (exclude ?? false) == (other.exclude ?? false), (caseSensitive ?? true) == (other.caseSensitive ?? true),
              (percentEncoded ?? true) == (other.percentEncoded ?? true) else { return false }
        let folded = caseSensitive == false
        return Self.pattern(Array(folded ? path.lowercased() : path), covers: Array(folded ? otherPath.lowercased() : otherPath))
    }

    /// Whether the wildcard pattern `a` matches every text `b` matches: each `*` of `b` must
    /// fall in a `*` of `a`, each `?` of `b` in a `?` or `*` of `a`, each other character of
    /// `b` on the same character, a `?` or a `*` of `a`.
    private static func pattern(_ a: [Character], covers b: [Character]) -> Bool {
        // covered[i][j]: a[i...] covers b[j...].
        var covered = Array(repeating: Array(repeating: false, count: b.count + 1), count: a.count + 1)
        covered[a.count][b.count] = true
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count, through: 0, by: -1) {
                switch a[i] {
                case "*":
                    covered[i][j] = covered[i + 1][j] || (j < b.count && covered[i][j + 1])
                case "?":
                    covered[i][j] = j < b.count && b[j] != "*" && covered[i + 1][j + 1]
                default:
                    covered[i][j] = j < b.count && b[j] == a[i] && covered[i + 1][j + 1]
                }
            }
        }
        return covered[0][0]
    }
}
