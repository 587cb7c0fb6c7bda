/// A link contract as `landfall test` reads it: where the association file and the router
/// come from, the default app, and the cases to check.
///
/// ```yaml
/// site: ../demo/landfall.yml
/// app: ABCDE12345.com.example.dailypuzzle
/// cases:
///   - url: https://daily.example.com/puzzle/2026-11-20
///     opens: true
///     route: puzzle
///     parameters: {date: "2026-11-20"}
/// ```
struct LinkContract {
    /// Where the association file and the router come from.
    enum Source: Equatable {
        /// A site configuration: both the association files it generates and its router.
        case site(path: String)
        /// An association file, a route table, or both.
        case files(association: String?, routes: String?)
    }

    /// Where the association file and the router come from (paths as the command opens them).
    var source: Source
    /// The app `opens: true` and `opens: false` mean, if one is named.
    var app: String?
    /// The cases, in the file's order.
    var cases: [LinkContractCase]
}
