import DoctorStandIns
import Foundation
import LandfallCLI
import Testing

/// `--format json`: one document for machines, with the same outcome and exit status.
@Suite struct DoctorJSONFormatTests {
    @Test(arguments: [false, true])
    func theJSONReportParsesAndItsExitStatusIsTheCommands(redirecting: Bool) async throws {
        try await DoctorStage.run { stage in
            let server = try await stage.httpsServer(for: ["good.landfall.test"], reply: DoctorSamples.site([
                DoctorSamples.associationPath: redirecting ? .redirect(to: "/elsewhere") : .json(DoctorSamples.association),
            ]))
            let output = await runLandfall(stage.doctor(["good.landfall.test:\(server.port)", "--format", "json"],
                                                        resolving: ["good.landfall.test"]))
            let document = try #require(try CLIFixtures.jsonObject(output.standardOutput) as? [String: Any])
            let sections = try #require(document["sections"] as? [[String: Any]])
            let checks = sections.flatMap { ($0["checks"] as? [[String: Any]]) ?? [] }
            let redirect = try #require(checks.first { $0["id"] as? String == "http.redirect" })

            #expect(output.status.rawValue == (redirecting ? 1 : 0))
            #expect(document["outcome"] as? String == (redirecting ? "problems" : "healthy"))
            #expect((document["exit_status"] as? NSNumber)?.int32Value == output.status.rawValue)
            #expect(document["target"] as? String == "good.landfall.test:\(server.port)")
            #expect(sections.first?["subject"] as? String == "host")
            #expect(sections.allSatisfy { $0["title"] is String && $0["status"] is String })
            #expect(checks.allSatisfy { $0["id"] is String && $0["status"] is String && $0["title"] is String })
            #expect(redirect["status"] as? String == (redirecting ? "fail" : "pass"))
            #expect(checks.contains { $0["id"] as? String == "tls.trusted" && $0["status"] as? String == "pass" })
            if redirecting {
                #expect((redirect["fix"] as? String)?.hasPrefix("serve the file at https://good.landfall.test:\(server.port)") == true)
                #expect((redirect["notes"] as? [String])?.first?.hasPrefix("1. 301 → https://good.landfall.test:\(server.port)/elsewhere") == true)
            }
            #expect(output.standardError.isEmpty)
        }
    }
}
