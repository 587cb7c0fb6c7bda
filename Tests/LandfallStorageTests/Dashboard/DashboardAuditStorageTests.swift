import Foundation
@testable import LandfallStorage
import Testing

/// The dashboard's audit log: entries come back newest first with their before and after,
/// page by page, and outlive the user who made them.
@Suite struct DashboardAuditStorageTests {
    @Test("entries are read newest first in pages that neither repeat nor skip, with their before and after", arguments: Backend.all)
    func entriesAreReadNewestFirstInPages(backend: Backend) async throws {
        try await backend.withStorage { storage in
            for index in 0..<25 {
                try await storage.recordDashboardAudit(DashboardAuditEntry(
                    at: Fixtures.at(index / 5), actor: "ana@daily.example.com", userID: "u1", action: "link.disabled",
                    subject: "link-\(index)", before: #"{"disabled":false}"#, after: #"{"disabled":true}"#))
            }
            var seen: [String] = []
            var before: Int?
            while true {
                let page = try await storage.dashboardAudit(limit: 10, before: before)
                if page.isEmpty { break }
                seen += page.map(\.subject)
                before = page.last?.id
            }
            #expect(seen == (0..<25).reversed().map { "link-\($0)" })
            let newest = try #require(try await storage.dashboardAudit(limit: 1).first)
            #expect(newest.actor == "ana@daily.example.com" && newest.userID == "u1" && newest.action == "link.disabled")
            #expect(newest.before == #"{"disabled":false}"# && newest.after == #"{"disabled":true}"# && newest.at == Fixtures.at(4))
        }
    }

    @Test("an entry without a user, before or after (a command's) is stored as such", arguments: Backend.all)
    func anEntryWithoutAUser(backend: Backend) async throws {
        try await backend.withStorage { storage in
            try await storage.recordDashboardAudit(DashboardAuditEntry(at: Fixtures.now, actor: "landfall users create", action: "user.created",
                                                                       subject: "ana@daily.example.com"))
            let entry = try #require(try await storage.dashboardAudit(limit: 0).first)   // a limit below 1 reads 1
            #expect(entry.userID == nil && entry.before == nil && entry.after == nil && entry.actor == "landfall users create")
        }
    }
}
