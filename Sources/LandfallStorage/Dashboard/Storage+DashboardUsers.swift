import Foundation
import LandfallLinks
import SQLKit

extension Storage {
    /// Stores a new dashboard user; the email is lowercased.
    ///
    /// - Throws: ``StorageError`` `.emailTaken` when a user has that email (disabled ones too).
    public func insert(_ user: DashboardUser) async throws(StorageError) {
        var user = user
        user.email = user.email.lowercased()
        let stored = user
        try await writing("storing the dashboard user \(user.email)") { database, _ in
            do {
                try await database.insert(into: DashboardUser.table).columns(DashboardUser.columns).values(stored.rowValues).run()
            } catch where StorageError.violation(in: error) == .primaryKey {
                throw StorageError.emailTaken(stored.email)
            }
        }
    }

    /// Every dashboard user, disabled ones included, by email.
    public func dashboardUsers() async throws(StorageError) -> [DashboardUser] {
        try await reading("listing dashboard users") { database in
            try await database.select().columns(DashboardUser.columns).from(DashboardUser.table)
                .orderBy("email")
                .all()
                .map { row throws(StorageError) in try DashboardUser(row: row) }
        }
    }

    /// The dashboard user with `email` (in any case), or `nil`.
    public func dashboardUser(email: String) async throws(StorageError) -> DashboardUser? {
        let email = email.lowercased()
        return try await reading("reading the dashboard user \(email)") { database in
            try await database.select().columns(DashboardUser.columns).from(DashboardUser.table)
                .where("email", .equal, email)
                .first()
                .map { row throws(StorageError) in try DashboardUser(row: row) }
        }
    }

    /// The dashboard user with `id`, or `nil`.
    public func dashboardUser(id: String) async throws(StorageError) -> DashboardUser? {
        try await reading("reading the dashboard user \(id)") { database in
            try await Self.dashboardUser(id: id, in: database)
        }
    }

    /// Gives the user with `id` a new password hash as of `date`, forgets its wrong passwords,
    /// and ends all its sessions, in one transaction.
    ///
    /// - Returns: `false` when there is no such user.
    public func setDashboardPassword(hash: String, ofUser id: String, at date: Date) async throws(StorageError) -> Bool {
        try await writing("setting the password of the dashboard user \(id)") { database, _ in
            let changed = try await database.update(DashboardUser.table)
                .set("password_hash", to: hash)
                .set("password_changed_at", to: Milliseconds.from(date))
                .set("failed_sign_ins", to: 0)
                .set("last_failed_sign_in_at", to: SQLLiteral.null)
                .where("id", .equal, id)
                .returning("id")
                .first() != nil
            if changed {
                try await database.delete(from: DashboardSession.table).where("user_id", .equal, id).run()
            }
            return changed
        }
    }

    /// Changes the role of the user with `id`.
    ///
    /// - Returns: The user as it was before, or `nil` when there is no such user.
    /// - Throws: ``StorageError`` `.lastAdministrator` when it would leave no enabled admin.
    public func setDashboardRole(_ role: DashboardRole, ofUser id: String) async throws(StorageError) -> DashboardUser? {
        try await writing("changing the role of the dashboard user \(id)") { database, _ in
            guard let before = try await Self.dashboardUser(id: id, in: database) else { return nil }
            if before.role == .admin, role != .admin, !before.isDisabled {
                try await Self.requireAnotherAdministrator(than: before, in: database)
            }
            try await database.update(DashboardUser.table).set("role", to: role.rawValue).where("id", .equal, id).run()
            return before
        }
    }

    /// Disables the user with `id` as of `date` and ends all its sessions, in one transaction.
    ///
    /// - Returns: `false` when there is no such user or it was already disabled.
    /// - Throws: ``StorageError`` `.lastAdministrator` when it is the last enabled admin.
    public func disableDashboardUser(id: String, at date: Date) async throws(StorageError) -> Bool {
        try await writing("disabling the dashboard user \(id)") { database, _ in
            guard let user = try await Self.dashboardUser(id: id, in: database), !user.isDisabled else { return false }
            if user.role == .admin {
                try await Self.requireAnotherAdministrator(than: user, in: database)
            }
            try await database.update(DashboardUser.table).set("disabled_at", to: Milliseconds.from(date)).where("id", .equal, id).run()
            try await database.delete(from: DashboardSession.table).where("user_id", .equal, id).run()
            return true
        }
    }

    /// Enables the user with `id` again.
    ///
    /// - Returns: `false` when there is no such user or it was not disabled.
    public func enableDashboardUser(id: String) async throws(StorageError) -> Bool {
        try await writing("enabling the dashboard user \(id)") { database, _ in
            try await database.update(DashboardUser.table)
                .set("disabled_at", to: SQLLiteral.null)
                .where("id", .equal, id)
                .where("disabled_at", .isNot, SQLLiteral.null)
                .returning("id")
                .first() != nil
        }
    }

    /// Notes a successful sign-in of the user with `id` at `date`: its wrong passwords are
    /// forgotten.
    public func recordSignIn(ofUser id: String, at date: Date) async throws(StorageError) {
        try await writing("noting a sign-in of the dashboard user \(id)") { database, _ in
            try await database.update(DashboardUser.table)
                .set("last_sign_in_at", to: Milliseconds.from(date))
                .set("failed_sign_ins", to: 0)
                .set("last_failed_sign_in_at", to: SQLLiteral.null)
                .where("id", .equal, id)
                .run()
        }
    }

    /// Counts a wrong password given for the user with `id` at `date` (one statement, so that
    /// instances trying at once all count).
    ///
    /// - Returns: The wrong passwords in a row now, or `nil` when there is no such user.
    public func recordFailedSignIn(ofUser id: String, at date: Date) async throws(StorageError) -> Int? {
        try await writing("counting a failed sign-in of the dashboard user \(id)") { database, _ in
            try await database.update(DashboardUser.table)
                .set("failed_sign_ins", to: SQLBinaryExpression(SQLColumn("failed_sign_ins"), .add, SQLLiteral.numeric("1")))
                .set("last_failed_sign_in_at", to: Milliseconds.from(date))
                .where("id", .equal, id)
                .returning("failed_sign_ins")
                .first()
                .map { row in try row.decode(column: "failed_sign_ins", as: Int.self) }
        }
    }

    private static func dashboardUser(id: String, in database: any SQLDatabase) async throws -> DashboardUser? {
        try await database.select().columns(DashboardUser.columns).from(DashboardUser.table)
            .where("id", .equal, id)
            .first()
            .map { row throws(StorageError) in try DashboardUser(row: row) }
    }

    private static func requireAnotherAdministrator(than user: DashboardUser, in database: any SQLDatabase) async throws {
        let others = try await database.select().column(SQLFunction("count", args: SQLLiteral.all), as: "n").from(DashboardUser.table)
            .where("role", .equal, DashboardRole.admin.rawValue)
            .where("disabled_at", .is, SQLLiteral.null)
            .where("id", .notEqual, user.id)
            .first()
            .map { row in try row.decode(column: "n", as: Int.self) } ?? 0
        if others == 0 { throw StorageError.lastAdministrator(user.email) }
    }
}
