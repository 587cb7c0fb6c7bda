import Foundation
import LandfallLinks
@testable import LandfallStorage
import Testing

/// The dashboard's people on SQLite and PostgreSQL: stored with a bcrypt hash, found by email
/// in any case, one account per email, never without an enabled admin, and wrong passwords
/// counted by one statement so racing instances all count.
@Suite struct DashboardUserStorageTests {
    static func user(_ email: String, role: DashboardRole = .editor, at offset: Int = 0) -> DashboardUser {
        DashboardUser(id: DashboardUser.newID(), email: email, name: email.components(separatedBy: "@")[0], role: role,
                      passwordHash: "$2b$04$notarealhashbutshapedlikeone", createdAt: Fixtures.at(offset))
    }

    @Test("a user is stored and read back by id and by email in any case, the email lowercased", arguments: Backend.all)
    func aUserIsFoundByIDAndEmail(backend: Backend) async throws {
        try await backend.withStorage { storage in
            let ana = Self.user("Ana@Daily.Example.com", role: .admin)
            try await storage.insert(ana)
            var stored = ana
            stored.email = "ana@daily.example.com"
            #expect(try await storage.dashboardUser(id: ana.id) == stored)
            #expect(try await storage.dashboardUser(email: "ANA@daily.example.COM") == stored)
            #expect(try await storage.dashboardUser(email: "bo@daily.example.com") == nil)
            #expect(try await storage.dashboardUsers() == [stored])
        }
    }

    @Test("a second account with the same email, in any case, is refused as emailTaken and nothing changes", arguments: Backend.all)
    func anEmailIsTakenOnce(backend: Backend) async throws {
        try await backend.withStorage { storage in
            try await storage.insert(Self.user("ana@daily.example.com", role: .admin))
            let error = await expectStorageError { try await storage.insert(Self.user("ANA@daily.example.com", role: .viewer)) }
            #expect(error?.code == .emailTaken("ana@daily.example.com"))
            #expect(error?.message == "a dashboard user with the email ana@daily.example.com already exists")
            #expect(try await storage.dashboardUsers().map(\.role) == [.admin])
        }
    }

    @Test("the last enabled admin can be neither disabled nor demoted; with a second admin both work", arguments: Backend.all)
    func thereIsAlwaysAnEnabledAdmin(backend: Backend) async throws {
        try await backend.withStorage { storage in
            let ana = Self.user("ana@daily.example.com", role: .admin)
            let bo = Self.user("bo@daily.example.com", role: .admin)
            try await storage.insert(ana)
            let disabling = await expectStorageError { _ = try await storage.disableDashboardUser(id: ana.id, at: Fixtures.at(1)) }
            #expect(disabling?.code == .lastAdministrator("ana@daily.example.com"))
            let demoting = await expectStorageError { _ = try await storage.setDashboardRole(.editor, ofUser: ana.id) }
            #expect(demoting?.code == .lastAdministrator("ana@daily.example.com"))
            #expect(try await storage.dashboardUser(id: ana.id)?.role == .admin)

            try await storage.insert(bo)
            #expect(try await storage.setDashboardRole(.editor, ofUser: ana.id)?.role == .admin)   // returns the user as it was
            #expect(try await storage.dashboardUser(id: ana.id)?.role == .editor)
            // Bo is now the last admin.
            let last = await expectStorageError { _ = try await storage.disableDashboardUser(id: bo.id, at: Fixtures.at(2)) }
            #expect(last?.code == .lastAdministrator("bo@daily.example.com"))
            #expect(try await storage.disableDashboardUser(id: ana.id, at: Fixtures.at(3)))
            #expect(try await storage.disableDashboardUser(id: ana.id, at: Fixtures.at(4)) == false)   // already disabled
            #expect(try await storage.dashboardUser(id: ana.id)?.disabledAt == Fixtures.at(3))
            #expect(try await storage.enableDashboardUser(id: ana.id))
            #expect(try await storage.enableDashboardUser(id: ana.id) == false)
            #expect(try await storage.setDashboardRole(.viewer, ofUser: "nobody") == nil)
        }
    }

    @Test("disabling a user or setting its password ends all its sessions; another user's stay", arguments: Backend.all)
    func sessionsEndWithDisablingAndNewPasswords(backend: Backend) async throws {
        try await backend.withStorage { storage in
            let admin = Self.user("admin@daily.example.com", role: .admin)
            let ana = Self.user("ana@daily.example.com")
            try await storage.insert(admin)
            try await storage.insert(ana)
            let adminSession = DashboardSessions.start(for: admin, at: Fixtures.now, userAgent: "Safari").session
            try await storage.insert(adminSession)
            for _ in 0..<3 { try await storage.insert(DashboardSessions.start(for: ana, at: Fixtures.now, userAgent: "Firefox").session) }
            #expect(try await storage.dashboardSessions(ofUser: ana.id).count == 3)

            #expect(try await storage.setDashboardPassword(hash: "$2b$04$another", ofUser: ana.id, at: Fixtures.at(5)))
            #expect(try await storage.dashboardSessions(ofUser: ana.id).isEmpty)
            let changed = try #require(try await storage.dashboardUser(id: ana.id))
            #expect(changed.passwordHash == "$2b$04$another" && changed.passwordChangedAt == Fixtures.at(5))

            try await storage.insert(DashboardSessions.start(for: ana, at: Fixtures.now, userAgent: "Firefox").session)
            #expect(try await storage.disableDashboardUser(id: ana.id, at: Fixtures.at(6)))
            #expect(try await storage.dashboardSessions(ofUser: ana.id).isEmpty)
            #expect(try await storage.dashboardSessions(ofUser: admin.id) == [adminSession])
            #expect(try await storage.setDashboardPassword(hash: "x", ofUser: "nobody", at: Fixtures.now) == false)
        }
    }

    @Test("20 wrong passwords counted at once through two storages count 20; a sign-in forgets them", arguments: Backend.all)
    func failedSignInsAreCountedExactly(backend: Backend) async throws {
        try await backend.withLocation { location in
            let first = try await Storage.open(location, logger: .quiet)
            let second = try await Storage.open(location, logger: .quiet)
            let ana = Self.user("ana@daily.example.com")
            try await first.insert(ana)
            let counts = try await withThrowingTaskGroup(of: Int?.self) { group in
                for index in 0..<20 {
                    let storage = index.isMultiple(of: 2) ? first : second
                    group.addTask { try await storage.recordFailedSignIn(ofUser: ana.id, at: Fixtures.at(index)) }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1 ?? -1) }
            }
            #expect(counts.sorted() == Array(1...20))
            let counted = try #require(try await first.dashboardUser(id: ana.id))
            #expect(counted.failedSignIns == 20 && counted.lastFailedSignInAt != nil)
            try await second.recordSignIn(ofUser: ana.id, at: Fixtures.at(30))
            let signedIn = try #require(try await first.dashboardUser(id: ana.id))
            #expect(signedIn.failedSignIns == 0 && signedIn.lastFailedSignInAt == nil && signedIn.lastSignInAt == Fixtures.at(30))
            #expect(try await first.recordFailedSignIn(ofUser: "nobody", at: Fixtures.now) == nil)
            await first.close()
            await second.close()
        }
    }

    @Test("a stored role that this binary does not know is an error naming the table, column and value", arguments: Backend.all)
    func anUnknownRoleIsACorruptRow(backend: Backend) async throws {
        try await backend.withStorage { storage in
            let ana = Self.user("ana@daily.example.com")
            try await storage.insert(ana)
            try await storage.execute(raw: "UPDATE dashboard_users SET role = 'owner' WHERE id = '\(ana.id)'")
            let error = await expectStorageError { _ = try await storage.dashboardUser(id: ana.id) }
            guard case .corruptRow(let table, let column, let detail) = error?.code else {
                Issue.record("expected a corrupt row, got \(String(describing: error))")
                return
            }
            #expect(table == "dashboard_users" && column == "role" && detail.contains("owner"))
        }
    }
}
