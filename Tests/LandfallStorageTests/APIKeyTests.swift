import Foundation
import LandfallLinks
@testable import LandfallStorage
import Testing

/// API keys: their text, hashing and checking.
@Suite struct APIKeyTests {
    @Test func aGeneratedKeyHasItsIdAndSecretInItsTextAndOnlyTheHashInItsRecord() throws {
        let (text, record) = APIKeys.generate(name: "ci", scope: .write, at: Fixtures.now)

        #expect(text.count == 3 + 12 + 1 + 32)
        #expect(text.wholeMatch(of: /lf_[A-Za-z0-9]{12}_[A-Za-z0-9]{32}/) != nil)
        let parsed = try #require(APIKeys.parse(text))
        #expect(parsed.id == record.id)
        #expect(text == "lf_\(parsed.id)_\(parsed.secret)")
        #expect(!record.secretHash.contains(parsed.secret))
        #expect(record.secretHash.wholeMatch(of: /[0-9a-f]{64}/) != nil)
        #expect(record.name == "ci" && record.scope == .write && record.createdAt == Fixtures.now)
        #expect(record.revokedAt == nil && record.lastUsedAt == nil)
        #expect(APIKeys.verify(secret: parsed.secret, against: record))
    }

    @Test func generatedKeysDiffer() {
        let texts = (0..<200).map { _ in APIKeys.generate(name: "k", scope: .read, at: Fixtures.now).text }
        #expect(Set(texts).count == 200)
        #expect(Set(texts.map { $0.dropFirst(3).prefix(12) }).count == 200)
    }

    @Test func theHashIsSHA256InHexadecimal() {
        #expect(APIKeys.hash(secret: "abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test func aWrongSecretOrAnotherKeysRecordFails() throws {
        let (text, record) = APIKeys.generate(name: "a", scope: .read, at: Fixtures.now)
        let other = APIKeys.generate(name: "b", scope: .read, at: Fixtures.now).record
        let secret = try #require(APIKeys.parse(text)).secret
        #expect(!APIKeys.verify(secret: secret, against: other))
        #expect(!APIKeys.verify(secret: String(secret.dropLast()) + (secret.last == "a" ? "b" : "a"), against: record))
        #expect(!APIKeys.verify(secret: "", against: record))
        var truncated = record
        truncated.secretHash = String(record.secretHash.prefix(10))
        #expect(!APIKeys.verify(secret: secret, against: truncated))
        var uppercase = record
        uppercase.secretHash = record.secretHash.uppercased()
        #expect(APIKeys.verify(secret: secret, against: uppercase))
    }

    @Test(arguments: [
        "",
        "lf_",
        "lf_abcdefghijkl_0123456789abcdefghijklmnopqrstuv0",      // secret too long
        "lf_abcdefghijkl_0123456789abcdefghijklmnopqrstu",        // secret too short
        "lf_abcdefghijk_0123456789abcdefghijklmnopqrstuvw",       // id too short
        "LF_abcdefghijkl_0123456789abcdefghijklmnopqrstuv",
        "xx_abcdefghijkl_0123456789abcdefghijklmnopqrstuv",
        "lf-abcdefghijkl_0123456789abcdefghijklmnopqrstuv",
        "lf_abcdefghijkl-0123456789abcdefghijklmnopqrstuv",
        "lf_abcdefgh-jkl_0123456789abcdefghijklmnopqrstuv",
        "lf_abcdefghijkl_0123456789abcdefghijklmnopqrst_v",
        "lf_abcdéfghijk_0123456789abcdefghijklmnopqrstuv",
        " lf_abcdefghijkl_0123456789abcdefghijklmnopqrstuv",
        "lf_abcdefghijkl_0123456789abcdefghijklmnopqrstuv\n",
        "Bearer lf_abcdefghijkl_0123456789abcdefghijklmnopqrstuv",
    ])
    func aMalformedKeyDoesNotParse(text: String) {
        #expect(APIKeys.parse(text) == nil)
    }

    @Test func aWellFormedKeyParses() throws {
        let parsed = try #require(APIKeys.parse("lf_AbCdEf012345_0123456789abcdefghijklmnopqrstuV"))
        #expect(parsed.id == "AbCdEf012345")
        #expect(parsed.secret == "0123456789abcdefghijklmnopqrstuV")
    }

    @Test(arguments: Backend.all)
    func keysAreStoredListedRevokedAndNoted(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            let first = APIKeys.generate(name: "first", scope: .write, at: Fixtures.now).record
            let second = APIKeys.generate(name: "second", scope: .read, at: Fixtures.now.addingTimeInterval(10)).record
            try await storage.insert(second)
            try await storage.insert(first)

            #expect(try await storage.apiKeys() == [first, second])
            #expect(try await storage.apiKey(id: second.id) == second)
            #expect(try await storage.apiKey(id: "nosuchkey000") == nil)

            let revokedAt = Fixtures.now.addingTimeInterval(20)
            #expect(try await storage.revokeAPIKey(id: first.id, at: revokedAt))
            #expect(try await storage.revokeAPIKey(id: first.id, at: revokedAt.addingTimeInterval(5)) == false)
            #expect(try await storage.revokeAPIKey(id: "nosuchkey000", at: revokedAt) == false)
            #expect(try await storage.apiKey(id: first.id)?.revokedAt == revokedAt)
            #expect(try await storage.apiKey(id: first.id)?.isRevoked == true)

            let used = Fixtures.now.addingTimeInterval(30)
            try await storage.noteAPIKeyUse(id: second.id, at: used)
            try await storage.noteAPIKeyUse(id: second.id, at: used.addingTimeInterval(-5))
            try await storage.noteAPIKeyUse(id: "nosuchkey000", at: used)
            #expect(try await storage.apiKey(id: second.id)?.lastUsedAt == used)
            try await storage.noteAPIKeyUse(id: second.id, at: used.addingTimeInterval(1))
            #expect(try await storage.apiKey(id: second.id)?.lastUsedAt == used.addingTimeInterval(1))

            let stored = try #require(try await storage.apiKey(id: second.id))
            #expect(stored.secretHash == second.secretHash && stored.scope == .read && stored.name == "second")
        }
    }

    @Test(arguments: Backend.all)
    func aKeyIdStoredTwiceIsRefused(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            let key = APIKeys.generate(name: "one", scope: .read, at: Fixtures.now).record
            try await storage.insert(key)
            let error = await expectStorageError { try await storage.insert(key) }
            #expect(error?.code == .query)
            #expect(error?.message.contains("already exists") == true)
        }
    }
}
