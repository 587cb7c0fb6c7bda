import Foundation
import LandfallLinks
@testable import LandfallStorage
import LandfallWebhooks
import Testing

/// Version 5 adds the webhook tables and changes nothing else.
@Suite struct WebhookMigrationTests {
    @Test("A version-4 database keeps its links, clicks, invitations, settings and keys through version 5, and then reports changes", arguments: Backend.all)
    func aVersionFourDatabaseKeepsEverything(backend: Backend) async throws {
        try await backend.withLocation { location async throws in
            let link = Fixtures.fullLink()
            let invitation = Fixtures.invitation(uses: 2)
            let key = APIKeys.generate(name: "ci", scope: .write, at: Fixtures.now).record
            let old = try await Storage.open(location, logger: .quiet, migrations: Array(Migrations.all.prefix(4)))
            #expect(try await old.appliedMigrations() == [1, 2, 3, 4])
            try await old.insertAsBeforeLinkCards([link])
            try await old.record([Fixtures.count(link, 4)])
            try await old.insert([invitation])
            try await old.insert(key)
            let settings = try await old.update(RuntimeSettings(invitationsRequired: true), at: Fixtures.at(3))
            let links = try await old.linksAsBeforeLinkCards()
            await old.close()

            let migrated = try await Storage.open(location, logger: .quiet)
            do {
                #expect(try await migrated.appliedMigrations() == Array(1...Storage.schemaVersion))
                #expect(try await migrated.links(LinkQuery()).byID == links)
                #expect(try await migrated.clickCounts(linkID: link.id) == [Fixtures.count(link, 4)])
                #expect(try await migrated.invitation(code: invitation.code) == invitation)
                #expect(try await migrated.apiKeys() == [key])
                #expect(try await migrated.runtimeSettings() == settings)
                #expect(try await migrated.webhookEndpoints().isEmpty)
                #expect(try await migrated.storedWebhookEvents().isEmpty)

                let endpoint = try Fixtures.endpoint(["link.updated", "link.disabled"])
                try await migrated.insert(endpoint)
                var changed = link
                changed.isDisabled = false
                changed.target = "https://daily.example.com/puzzle/2026-11-22"
                #expect(try await migrated.update(changed))
                #expect(try await migrated.deliveries(of: endpoint.id).map(\.eventType) == [.linkUpdated])
            } catch {
                await migrated.close()
                throw error
            }
            await migrated.close()
        }
    }
}
