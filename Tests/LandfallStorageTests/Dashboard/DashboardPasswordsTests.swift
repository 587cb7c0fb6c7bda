import Foundation
@testable import LandfallStorage
import Testing

/// What a dashboard password must be, its bcrypt hash, and how wrong passwords slow the next try.
@Suite struct DashboardPasswordsTests {
    @Test("a password that bcrypt would cut, or that is too short or plain, is refused saying why", arguments: [
        ("short", "a password needs at least 12 characters; this one has 5"),
        (String(repeating: "ab", count: 37), "a password can have at most 72 bytes (bcrypt ignores the rest); this one has 74"),
        (String(repeating: "é", count: 37), "a password can have at most 72 bytes (bcrypt ignores the rest); this one has 74"),
        ("correct horse\u{0}battery", "a password cannot contain control characters (a tab, a line break, NUL)"),
        ("correct\thorse battery", "a password cannot contain control characters (a tab, a line break, NUL)"),
        ("aaaaaaaaaaaaaaaa", "a password cannot be one character repeated"),
    ])
    func badPasswordsAreRefused(password: String, problem: String) {
        #expect(DashboardPasswords.problem(with: password) == problem)
    }

    @Test("good passwords, generated ones and 72 bytes exactly, are accepted",
          arguments: ["correct horse battery staple", String(repeating: "ab", count: 36), "pässwörd-mit-ümläuten"])
    func goodPasswordsAreAccepted(password: String) {
        #expect(DashboardPasswords.problem(with: password) == nil)
    }

    @Test("generated passwords are four groups of five letters and digits, acceptable, and never the same")
    func generatedPasswords() {
        let passwords = (0..<50).map { _ in DashboardPasswords.generate() }
        #expect(Set(passwords).count == 50)
        for password in passwords {
            let groups = password.split(separator: "-")
            #expect(groups.count == 4 && groups.allSatisfy { $0.count == 5 && $0.utf8.allSatisfy(RandomText.isAlphanumeric) })
            #expect(DashboardPasswords.problem(with: password) == nil)
        }
    }

    @Test("a hash verifies its own password only; a hash that is not bcrypt's verifies nothing")
    func hashesVerifyTheirPasswordOnly() async {
        let hash = await DashboardPasswords.hash("correct horse battery staple", cost: DashboardPasswords.cheapestCost)
        #expect(hash.hasPrefix("$2"))
        #expect(await DashboardPasswords.verify("correct horse battery staple", against: hash))
        #expect(await !DashboardPasswords.verify("correct horse battery stapler", against: hash))
        #expect(await !DashboardPasswords.verify("Correct horse battery staple", against: hash))
        #expect(await !DashboardPasswords.verify("correct horse battery staple", against: "plain text"))
        #expect(await !DashboardPasswords.verify("", against: ""))
        // The same password hashes differently each time (a random salt).
        #expect(await DashboardPasswords.hash("correct horse battery staple", cost: DashboardPasswords.cheapestCost) != hash)
    }

    @Test("five wrong passwords are free, then each wait doubles from 30 s up to 15 minutes", arguments: [
        // (wrong passwords so far, seconds since the last, seconds still to wait or nil)
        (0, 0.0, nil), (4, 0.0, nil), (5, 0.0, 30.0), (5, 10.0, 20.0), (5, 30.0, nil), (6, 0.0, 60.0), (7, 59.0, 61.0),
        (9, 0.0, 480.0), (10, 0.0, 900.0), (40, 0.0, 900.0), (40, 900.0, nil), (1000, 1.0, 899.0),
    ] as [(Int, Double, Double?)])
    func wrongPasswordsSlowTheNextTry(failures: Int, sinceLast: Double, wait: Double?) {
        var user = DashboardUserStorageTests.user("ana@daily.example.com")
        user.failedSignIns = failures
        user.lastFailedSignInAt = failures > 0 ? Fixtures.now : nil
        #expect(SignInLockout().wait(for: user, at: Fixtures.now.addingTimeInterval(sinceLast)) == wait)
    }
}
