import Testing
import AppSiteAssociation
@testable import LandfallDoctor

/// Apple's CDN copy of a host's file: its failure headers, whether it has a copy, and whether
/// the copy is the file the host serves now.
@Suite struct CDNChecksTests {
    static let cdnURL = "https://app-site-association.cdn-apple.com/a/v1/example.com"
    static let origin = #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/buy/*"}]}]}}"#

    static func trail(_ status: Int, _ body: String = "", headers: [HeaderField] = []) -> FetchTrail {
        FetchTrail(responses: [FetchedResponse(url: cdnURL, status: status, headers: headers, body: Array(body.utf8))])
    }

    static func run(_ trail: FetchTrail, origin: String? = CDNChecksTests.origin) -> [DoctorCheck] {
        CDNChecks.checks(cdn: trail, originBody: origin.map { Array($0.utf8) }, host: "example.com")
    }

    static func check(_ id: String, in checks: [DoctorCheck]) throws -> DoctorCheck {
        try #require(checks.first { $0.id == id })
    }

    @Test func aCopyWithMembersReorderedAndReindentedMatches() throws {
        let reordered = """
        {
          "applinks": {
            "details": [{"components": [{"/": "/buy/*"}], "appIDs": ["ABCDE12345.com.example.app"]}]
          }
        }
        """
        let checks = Self.run(Self.trail(200, reordered, headers: [HeaderField(name: "Content-Type", value: "application/json")]))
        #expect(checks.map(\.id) == ["cdn.failure", "cdn.status", "cdn.matches-origin"])
        #expect(checks.map(\.status) == [.pass, .pass, .pass])
        #expect(try Self.check("cdn.matches-origin", in: checks).detail == "Apple's CDN serves the same JSON as example.com")
    }

    @Test func anOlderCopyNamesTheAppIDsAndRulesThatDiffer() throws {
        let older = #"{"applinks": {"details": [{"appIDs": ["ZZZZZ99999.com.example.app"], "components": [{"/": "/buy/*"}, {"/": "/sell/*"}]}]}}"#
        let check = try Self.check("cdn.matches-origin", in: Self.run(Self.trail(200, older)))
        #expect(check.status == .warn)
        #expect(check.detail.hasPrefix("Apple's CDN still serves an older copy; it refreshes within about 24 hours and devices about weekly"))
        #expect(check.notes == [
            "app IDs only on the origin: ABCDE12345.com.example.app",
            "app IDs only on Apple's CDN: ZZZZZ99999.com.example.app",
            "applinks.details[0]: 1 rule on the origin, 2 rules on Apple's CDN",
        ])
    }

    @Test func whenOnlyAPatternDiffersTheNotesNameItsPath() throws {
        let older = #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/shop/*"}]}]}}"#
        let check = try Self.check("cdn.matches-origin", in: Self.run(Self.trail(200, older)))
        #expect(check.status == .warn)
        #expect(check.notes == [#"applinks.details[0].components[0]["/"]: "/buy/*" on the origin, "/shop/*" on Apple's CDN"#])
    }

    @Test func manyDifferencesAreCutShort() throws {
        func file(_ services: [String]) -> String {
            "{" + services.map { #""\#($0)": {"apps": ["ABCDE12345.com.example.app"]}"# }.joined(separator: ", ") + "}"
        }
        let origin = file(["activitycontinuation", "appclips", "webcredentials", "x1", "x2", "x3", "x4"])
        let check = try Self.check("cdn.matches-origin", in: Self.run(Self.trail(200, "{}"), origin: origin))
        #expect(check.notes.count == CDNChecks.differenceLimit + 1)
        #expect(check.notes.first == "activitycontinuation: only on the origin")
        #expect(check.notes.last == "and 2 more differences")
    }

    @Test func aMissingCopyWithAFailureReasonSaysWhyAndWhatToDo() throws {
        let headers = [
            HeaderField(name: "Apple-Failure-Reason", value: "Redirect"),
            HeaderField(name: "apple-failure-details", value: "301 to https://www.example.com/.well-known/apple-app-site-association"),
            HeaderField(name: "Apple-Try-Direct", value: "false"),
        ]
        let checks = Self.run(Self.trail(404, "Not Found", headers: headers))
        #expect(checks.map(\.status) == [.fail, .fail, .skip])
        let failure = try Self.check("cdn.failure", in: checks)
        #expect(failure.detail == #"Apple-Failure-Reason: "Redirect"; Apple-Failure-Details: "301 to https://www.example.com/.well-known/apple-app-site-association""#)
        #expect(failure.notes == ["Apple-Try-Direct: false"])
        #expect(failure.fix == "serve the file at https://example.com/.well-known/apple-app-site-association itself with status 200: "
                + "Apple's CDN does not follow redirects; it retries within about a day")
        let status = try Self.check("cdn.status", in: checks)
        #expect(status.detail.hasPrefix("Apple's CDN has no copy of the file for example.com (404)"))
        #expect(status.fix != nil)
        #expect(try Self.check("cdn.matches-origin", in: checks).detail == "Apple's CDN has no copy to compare (it answered 404)")
    }

    @Test(arguments: [
        ("Redirect", "does not follow redirects"),
        ("SSL error", "certificate for example.com"),
        ("TLS handshake failed", "certificate for example.com"),
        ("Timeout", "answer quickly"),
        ("Not Found", "with status 200; it retries"),
        ("HTTP 404", "with status 200; it retries"),
        ("File too large", "under 128 KB"),
        ("Invalid JSON", "serve valid JSON"),
        ("Something new", "fix the origin (see the checks above); it retries within about a day"),
    ])
    func eachFailureReasonGetsItsFix(_ reason: String, _ fix: String) {
        #expect(CDNChecks.fix(forFailureReason: reason, host: "example.com").contains(fix))
    }

    @Test func anotherStatusFailsWithTheStatus() throws {
        let check = try Self.check("cdn.status", in: Self.run(Self.trail(503)))
        #expect(check.status == .fail)
        #expect(check.detail == "Apple's CDN answered 503 for \(Self.cdnURL)")
    }

    /// Not reaching Apple's CDN is this machine's network, never a verdict on the domain.
    @Test(arguments: [
        FetchFailure.responseTimeout(url: cdnURL, seconds: 10),
        FetchFailure.connectionRefused(host: "app-site-association.cdn-apple.com", port: 443),
        FetchFailure.nameNotResolved(host: "app-site-association.cdn-apple.com", reason: "Name or service not known"),
    ])
    func aFetchFailureGivesOnlyTheFetchCheckNotAVerdict(_ failure: FetchFailure) {
        let checks = Self.run(FetchTrail(failure: failure))
        #expect(checks == [DoctorCheck(id: "cdn.fetch", status: .notChecked, title: "Apple's CDN answers", detail: failure.message)])
    }

    @Test func withoutAnOriginFileThereIsNothingToCompare() throws {
        let checks = Self.run(Self.trail(200, Self.origin), origin: nil)
        #expect(checks.map(\.status) == [.pass, .pass, .skip])
        #expect(try Self.check("cdn.matches-origin", in: checks).detail == "example.com served no file to compare with")
    }

    @Test(arguments: [
        ("{", origin, "Apple's CDN copy is not valid JSON"),
        (origin, "{", "example.com's file is not valid JSON"),
        ("{", "{", "neither example.com's file nor Apple's CDN copy is valid JSON"),
    ])
    func invalidJSONOnEitherSideIsNamed(_ cdn: String, _ origin: String, _ detail: String) throws {
        let check = try Self.check("cdn.matches-origin", in: Self.run(Self.trail(200, cdn), origin: origin))
        #expect(check.status == .skip)
        #expect(check.detail == detail)
    }
}
