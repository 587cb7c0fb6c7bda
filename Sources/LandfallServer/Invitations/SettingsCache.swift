import Foundation
import LandfallStorage
import NIOConcurrencyHelpers

/// The runtime settings (`invitationsRequired`) as this instance last read them, for at most
/// ``lifetime``: every instance sees a change made through any other within one second,
/// without a database read per request.
final class SettingsCache: Sendable {
    /// How long a read is reused.
    static let lifetime: Duration = .milliseconds(500)

    private let storage: Storage
    private let current = NIOLockedValueBox<(settings: RuntimeSettings, read: ContinuousClock.Instant)?>(nil)

    init(storage: Storage) {
        self.storage = storage
    }

    /// The settings, read again when the last read is older than ``lifetime``.
    func settings() async throws -> RuntimeSettings {
        let now = ContinuousClock.now
        if let cached = current.withLockedValue({ $0 }), now - cached.read < Self.lifetime { return cached.settings }
        let settings = try await storage.runtimeSettings()
        current.withLockedValue { $0 = (settings, now) }
        return settings
    }

    /// Stores `settings` and remembers them here at once.
    func update(_ settings: RuntimeSettings, at date: Date) async throws -> RuntimeSettings {
        let stored = try await storage.update(settings, at: date)
        current.withLockedValue { $0 = (stored, ContinuousClock.now) }
        return stored
    }
}
