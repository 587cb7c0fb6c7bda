import LandfallDoctor

/// A ``DoctorReport`` as a checklist for people:
///
/// ```
/// daily.example.com
///   ✓ DNS resolves daily.example.com: daily.example.com resolves to 203.0.113.7
///   ! Certificate not about to expire: expires on 2026-12-01, in 10 days
///
/// apple-app-site-association (https://daily.example.com/.well-known/apple-app-site-association)
///   ✗ No redirects: https://daily.example.com/.well-known/apple-app-site-association answers 301
///       1. 301 → https://www.daily.example.com/.well-known/apple-app-site-association (adds www.)
///     fix: serve the file at … itself with status 200
///   - Status 200: see redirects
///
/// problems found: 1 failed, 1 warning, 12 passed, 3 skipped
/// ```
struct DoctorReportText {
    var report: DoctorReport
    var style: TerminalStyle

    var text: String {
        var lines: [String] = []
        for section in report.sections {
            if !lines.isEmpty { lines.append("") }
            lines.append(style.paint(TerminalText.visible(section.title), .bold))
            for check in section.checks {
                // Details and notes quote what servers answered (headers, URLs, bodies).
                lines.append("  " + symbol(check.status) + " " + TerminalText.visible(check.title + ": " + check.detail))
                lines += check.notes.map { "      " + TerminalText.visible($0) }
                if let fix = check.fix { lines.append("    " + style.paint("fix:", .cyan) + " " + TerminalText.visible(fix)) }
            }
        }
        for summary in report.sitemaps {
            if !lines.isEmpty { lines.append("") }
            lines.append(style.paint(TerminalText.visible("sitemap pages for \(summary.appID)"), .bold))
            lines += summary.lines().map { "  " + TerminalText.visible($0) }
        }
        if !lines.isEmpty { lines.append("") }
        lines.append(verdict)
        return lines.joined(separator: "\n") + "\n"
    }

    /// `problems found: 2 failed, 1 warning, 14 passed, 3 skipped`.
    var verdict: String {
        let counts = report.counts
        let parts: [(CheckStatus, String, String)] = [
            (.notChecked, "not checked", "not checked"), (.fail, "failed", "failed"),
            (.warn, "warning", "warnings"), (.pass, "passed", "passed"), (.skip, "skipped", "skipped"),
        ]
        let tally = parts.compactMap { status, one, many -> String? in
            guard let count = counts[status], count > 0 else { return nil }
            return "\(count) \(count == 1 ? one : many)"
        }.joined(separator: ", ")
        let outcome = switch report.outcome {
        case .healthy: style.paint("healthy", .green)
        case .problems: style.paint("problems found", .red)
        case .couldNotCheck: style.paint("could not check everything", .yellow)
        }
        // A --local run says, in its last line, that it is not what the platforms see.
        let local = report.checks.contains { $0.id == "host.local" } ? " (over plain http with --local: not what Apple's CDN sees)" : ""
        return outcome + (tally.isEmpty ? "" : ": " + tally) + local
    }

    func symbol(_ status: CheckStatus) -> String {
        switch status {
        case .pass: style.paint("✓", .green)
        case .skip: style.paint("-", .dim)
        case .warn: style.paint("!", .yellow)
        case .fail: style.paint("✗", .red)
        case .notChecked: style.paint("?", .yellow)
        }
    }
}
