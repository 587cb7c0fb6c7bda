import AppSiteAssociation
import DoctorStandIns
import LandfallDoctor
import Testing

/// `appleAssociationFile(of:)`: a host's Apple file as a phone's fetcher gets it, without a
/// report: usable, or why not in a few words.
@Suite struct DoctorAppleFileTests {
    let fixtures: ExaminationFixtures
    let good = ExaminationFixtures.good

    init() throws {
        fixtures = try ExaminationFixtures()
    }

    func file(replying reply: @escaping @Sendable (StandInRequest) -> StandInReply,
              responseTimeout: Double = 30) async throws -> (Result<AssociationFile, UnavailableFile>, DoctorTarget) {
        try await fixtures.withSite(reply: reply) { server in
            let target = DoctorTarget(host: good, port: server.port)
            let result = try await fixtures.withDoctor(responseTimeout: responseTimeout) { doctor in
                await doctor.appleAssociationFile(of: target)
            }
            #expect(server.requests.map(\.path) == [WellKnownFile.appleAssociation.path])
            #expect(server.requests.first?.header("User-Agent") == Doctor.appleUserAgent)
            return (result, target)
        }
    }

    @Test func aServedFileIsUsable() async throws {
        let (result, _) = try await file(replying: ExaminationFixtures.appleFileOnly)
        let file = try result.get()
        #expect(AssociationMatcher(file).appIDs == [ExaminationFixtures.appID])
    }

    @Test func aRedirectNamesWhereItLeads() async throws {
        let (result, _) = try await file(replying: { request in .redirect(to: "https://www.\(ExaminationFixtures.good)\(request.path)") })
        let reason = try #require(result.unavailable)
        #expect(reason.reason == "redirects to https://www.\(good)/.well-known/apple-app-site-association")
        #expect(!reason.couldNotCheck)
    }

    @Test func aFileThatIsNotValidSaysHowToSeeEveryProblem() async throws {
        let (result, target) = try await file(replying: { _ in .json(#"{"applinks": 42}"#) })
        let reason = try #require(result.unavailable)
        #expect(reason.reason == "\(target.url(for: .appleAssociation)) is not a valid apple-app-site-association "
            + "(run landfall doctor \(good):\(target.port) for every problem)")
        #expect(!reason.couldNotCheck)
        #expect(reason.description == reason.reason)
    }

    @Test func aMissingFileGivesItsStatus() async throws {
        let (result, _) = try await file(replying: { _ in .respond(status: 404) })
        #expect(result.unavailable == UnavailableFile(reason: "status 404"))
    }

    @Test func anHTMLPageIsNotAFile() async throws {
        let (result, _) = try await file(replying: { _ in
            .respond(status: 200, headers: [("Content-Type", "text/html")], body: Array("<!DOCTYPE html><html><body>Home</body></html>".utf8))
        })
        #expect(result.unavailable == UnavailableFile(reason: "an HTML page instead of JSON"))
    }

    @Test func aServerThatNeverAnswersCouldNotBeChecked() async throws {
        let (result, target) = try await file(replying: { _ in .neverAnswer }, responseTimeout: 0.5)
        let reason = try #require(result.unavailable)
        #expect(reason.couldNotCheck)
        #expect(reason.reason.hasPrefix("\(target.url(for: .appleAssociation)) did not answer within 500 ms"))
    }

    @Test func aHostThatDoesNotResolveHasNoFileAndThatIsAVerdict() async throws {
        let result = try await fixtures.withDoctor(mapping: []) { doctor in
            await doctor.appleAssociationFile(of: DoctorTarget(host: "nothing.invalid"))
        }
        let reason = try #require(result.unavailable)
        #expect(reason.reason.hasPrefix("nothing.invalid does not resolve"))
        #expect(!reason.couldNotCheck)
    }
}
