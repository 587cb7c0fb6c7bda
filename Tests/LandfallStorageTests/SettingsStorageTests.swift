import Foundation
import LandfallLinks
@testable import LandfallStorage
import Testing

/// Runtime settings: defaults until set, then what was set, seen by every instance.
@Suite struct SettingsStorageTests {
    @Test(arguments: Backend.all)
    func settingsAreTheDefaultsUntilUpdatedAndThenReadBackEverywhere(backend: Backend) async throws {
        try await backend.withLocation { location async throws in
            let storage = try await Storage.open(location, logger: .quiet)
            let other = try await Storage.open(location, logger: .quiet)
            do {
                #expect(try await storage.runtimeSettings() == RuntimeSettings.defaults)
                #expect(RuntimeSettings.defaults == RuntimeSettings(invitationsRequired: false, updatedAt: nil))

                let on = try await storage.update(RuntimeSettings(invitationsRequired: true, updatedAt: Fixtures.at(-99)), at: Fixtures.at(1))
                #expect(on == RuntimeSettings(invitationsRequired: true, updatedAt: Fixtures.at(1)))
                #expect(try await storage.runtimeSettings() == on)
                #expect(try await other.runtimeSettings() == on)

                let off = try await other.update(RuntimeSettings(invitationsRequired: false), at: Fixtures.at(2))
                #expect(off == RuntimeSettings(invitationsRequired: false, updatedAt: Fixtures.at(2)))
                #expect(try await storage.runtimeSettings() == off)
            } catch {
                await storage.close()
                await other.close()
                throw error
            }
            await storage.close()
            await other.close()
        }
    }

    @Test(arguments: Backend.all)
    func settingsOfANewerLandfallAreSkipped(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            try await storage.execute(raw: "INSERT INTO settings (key, value, updated_at) VALUES ('teleport_enabled', 'maybe', 5)")
            #expect(try await storage.runtimeSettings() == RuntimeSettings.defaults)
            _ = try await storage.update(RuntimeSettings(invitationsRequired: true), at: Fixtures.now)
            #expect(try await storage.runtimeSettings() == RuntimeSettings(invitationsRequired: true, updatedAt: Fixtures.now))
        }
    }
}
