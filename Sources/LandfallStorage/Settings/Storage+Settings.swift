import Foundation
import LandfallWebhooks
import SQLKit

extension Storage {
    /// The runtime settings as stored, or ``RuntimeSettings/defaults`` for those never set.
    ///
    /// Every call reads the database: an instance that serves them often keeps them for a
    /// moment (half a second, so that a change is seen everywhere within one).
    public func runtimeSettings() async throws(StorageError) -> RuntimeSettings {
        try await reading("reading the runtime settings") { database in
            try await Self.runtimeSettings(in: database)
        }
    }

    /// The settings as stored in `database` (the defaults for those never set).
    static func runtimeSettings(in database: any SQLDatabase) async throws -> RuntimeSettings {
        try RuntimeSettings(rows: try await database.select().columns("key", "value", "updated_at").from(RuntimeSettings.table).all())
    }

    /// Stores `settings` as of `date` (its own ``RuntimeSettings/updatedAt`` is ignored), with a
    /// `settings.changed` event when a value differs from the stored one.
    ///
    /// - Returns: The settings as stored: `settings` with `updatedAt` set to `date`, to the millisecond.
    public func update(_ settings: RuntimeSettings, at date: Date) async throws(StorageError) -> RuntimeSettings {
        let updatedAt = Milliseconds.from(date)
        let stored = RuntimeSettings(invitationsRequired: settings.invitationsRequired, updatedAt: Milliseconds.date(updatedAt))
        try await writing("storing the runtime settings") { database, _ in
            let previous = try await Self.runtimeSettings(in: database)
            for (key, value) in settings.storedValues {
                try await database.insert(into: RuntimeSettings.table).columns("key", "value", "updated_at")
                    .values(SQLBind(key), SQLBind(value), SQLBind(updatedAt))
                    .onConflict(with: "key") { $0.set(excludedValueOf: "value").set(excludedValueOf: "updated_at") }
                    .run()
            }
            if previous.invitationsRequired != stored.invitationsRequired {
                try await self.enqueueWebhooks([.settingsChange(from: previous.json, to: stored.json, at: Milliseconds.date(updatedAt))], in: database)
            }
        }
        return stored
    }
}
