/// Everything `landfall doctor` found: sections of checks, and the outcome they add up to.
public struct DoctorReport: Sendable, Hashable, Codable {
    /// What the checks add up to, and the exit status it gives.
    public enum Outcome: String, Sendable, Hashable, Codable {
        /// Every check passed (warnings and skips allowed): exit status 0.
        case healthy
        /// At least one check failed: a phone will not do what you expect. Exit status 1.
        case problems
        /// At least one check could not be carried out (a timeout, a refused connection):
        /// exit status 2. It outranks `problems`, because what was not checked may hide more.
        case couldNotCheck = "could_not_check"

        /// The process exit status: 0, 1 or 2.
        public var exitStatus: Int32 {
            switch self {
            case .healthy: 0
            case .problems: 1
            case .couldNotCheck: 2
            }
        }
    }

    /// What was asked for: the host or URL as given.
    public var target: String
    /// The sections, in the order they were checked.
    public var sections: [DoctorSection]
    /// `--sitemap`: the pages grouped by what decides them, one summary per app.
    public var sitemaps: [SitemapSummary]

    /// Creates a report.
    public init(target: String, sections: [DoctorSection] = [], sitemaps: [SitemapSummary] = []) {
        self.target = target
        self.sections = sections
        self.sitemaps = sitemaps
    }

    /// Every check of every section.
    public var checks: [DoctorCheck] { sections.flatMap(\.checks) }

    /// The outcome: could not check if any check could not be made, else problems if any
    /// failed, else healthy.
    public var outcome: Outcome {
        switch checks.map(\.status).max() ?? .pass {
        case .notChecked: .couldNotCheck
        case .fail: .problems
        case .pass, .skip, .warn: .healthy
        }
    }

    /// How many checks have each status (statuses with none are left out).
    public var counts: [CheckStatus: Int] {
        checks.reduce(into: [:]) { $0[$1.status, default: 0] += 1 }
    }
}
