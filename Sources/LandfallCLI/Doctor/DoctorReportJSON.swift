import AppSiteAssociation
import LandfallDoctor
import LandfallJSON

/// A ``DoctorReport`` as one JSON document for machines (`--format json`), written like every
/// other command's JSON (absent values are `null`):
///
/// ```json
/// {"target": "daily.example.com", "outcome": "problems", "exit_status": 1,
///  "counts": {"fail": 1, "pass": 12, …},
///  "sections": [{"subject": "apple_association", "title": "…", "host": "…", "status": "fail",
///                "checks": [{"id": "http.redirect", "status": "fail", "title": "…", "detail": "…", "notes": […], "fix": "…"}]}],
///  "sitemaps": [{"app_id": "…", "pages": 140, "opening": 124,
///                "groups": [{"verdict": "opens", "host": "…", "rule": "…", "pattern": "…", "reason": null, "pages": […]}]}]}
/// ```
enum DoctorReportJSON {
    static func text(for report: DoctorReport) -> String {
        JSONWriter.pretty.string(for: .object([
            ("target", .string(report.target)),
            ("outcome", .string(report.outcome.rawValue)),
            ("exit_status", number(Int(report.outcome.exitStatus))),
            ("counts", .object(CheckStatus.allCases.map { ($0.rawValue, number(report.counts[$0] ?? 0)) })),
            ("sections", .array(report.sections.map(section))),
            ("sitemaps", .array(report.sitemaps.map(sitemap))),
        ]))
    }

    static func section(_ section: DoctorSection) -> JSONValue {
        .object([
            ("subject", .string(section.subject.rawValue)),
            ("title", .string(section.title)),
            ("host", optional(section.host)),
            ("status", .string(section.status.rawValue)),
            ("checks", .array(section.checks.map { check in
                .object([
                    ("id", .string(check.id)),
                    ("status", .string(check.status.rawValue)),
                    ("title", .string(check.title)),
                    ("detail", .string(check.detail)),
                    ("notes", .array(check.notes.map(JSONValue.string))),
                    ("fix", optional(check.fix)),
                ])
            })),
        ])
    }

    static func sitemap(_ summary: SitemapSummary) -> JSONValue {
        .object([
            ("app_id", .string(summary.appID)),
            ("pages", number(summary.pageCount)),
            ("opening", number(summary.opensCount)),
            ("groups", .array(summary.groups.map { group in
                .object([
                    ("verdict", .string(group.verdict.rawValue)),
                    ("host", optional(group.host)),
                    ("rule", optional(group.rule?.description)),
                    ("pattern", optional(group.pattern)),
                    ("reason", optional(group.reason)),
                    ("pages", .array(group.pages.map(JSONValue.string))),
                ])
            })),
        ])
    }

    static func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }

    static func number(_ value: Int) -> JSONValue { JSONValue(.number(String(value))) }
}
