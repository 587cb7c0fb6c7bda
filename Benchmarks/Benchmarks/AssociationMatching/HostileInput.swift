import AppSiteAssociation

/// The workload of the hostile-pattern benchmarks: a pattern that makes a backtracking glob
/// matcher take exponential time, against a 10 KB path that almost matches it.
enum HostileInput {
    /// Eight `*a` pairs and a final `b` that the path never has.
    static let patternSource = "*a*a*a*a*a*a*a*a*b"

    /// The same shape with a substitution variable at the end, so that the position-set engine
    /// (used for patterns with variables) is measured too.
    static let variablePatternSource = "*a*a*a*a*a*a*a*a*$(tail)"

    /// `/` and 10,239 `a`s: 10 KB.
    static let path = "/" + String(repeating: "a", count: 10 * 1024 - 1)

    /// The URL with that path.
    static let url = "https://example.com" + path

    static let appID = "ABCDE12345.com.example.app"

    /// A file whose only rule is the hostile pattern (and one with the variable form).
    static func file(pattern: String) -> AssociationFile {
        AssociationFile(appLinks: AppLinksService(
            substitutionVariables: [SubstitutionVariable(name: "tail", values: ["b", "c?", "d*"])],
            details: [AppLinkDetail(appIDs: [appID], components: [ComponentRule(path: pattern)])]
        ))
    }

    static var variables: SubstitutionTable {
        SubstitutionTable([SubstitutionVariable(name: "tail", values: ["b", "c?", "d*"])])
    }
}
