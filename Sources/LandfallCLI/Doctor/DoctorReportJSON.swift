import Foundation
import LandfallDoctor

/// A ``DoctorReport`` as one JSON document for machines (`--format json`):
///
/// ```json
/// {"target": "daily.example.com", "outcome": "problems", "exit_status": 1,
///  "counts": {"fail": 1, "pass": 12},
///  "sections": [{"subject": "apple_association", "title": "…", "host": "…", "status": "fail",
///                "checks": [{"id": "http.redirect", "status": "fail", "title": "…", "detail": "…", "notes": […], "fix": "…"}]}],
///  "sitemaps": [{"appID": "…", "groups": […], …}]}
/// ```
enum DoctorReportJSON {
    struct Document: Encodable {
        var target: String
        var outcome: DoctorReport.Outcome
        var exitStatus: Int32
        var counts: [String: Int]
        var sections: [Section]
        var sitemaps: [SitemapSummary]

        enum CodingKeys: String, CodingKey {
            case target, outcome, exitStatus = "exit_status", counts, sections, sitemaps
        }
    }

    struct Section: Encodable {
        var subject: DoctorSection.Subject
        var title: String
        var host: String?
        var status: CheckStatus
        var checks: [DoctorCheck]
    }

    static func text(for report: DoctorReport) -> String {
        let document = Document(
            target: report.target, outcome: report.outcome, exitStatus: report.outcome.exitStatus,
            counts: Dictionary(uniqueKeysWithValues: report.counts.map { ($0.key.rawValue, $0.value) }),
            sections: report.sections.map {
                Section(subject: $0.subject, title: $0.title, host: $0.host, status: $0.status, checks: $0.checks)
            },
            sitemaps: report.sitemaps)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings, numbers and arrays cannot fail.
        let data = (try? encoder.encode(document)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
