import AppSiteAssociation
import DoctorStandIns
import Foundation
import LandfallDoctor
import Testing

/// `--url` and a target's page URL: each decided by the file of its own host, which is examined
/// when it is not a target already; a URL whose host serves no usable file is skipped, saying why.
@Suite struct DoctorURLTests {
    let fixtures: ExaminationFixtures
    let good = ExaminationFixtures.good

    init() throws {
        fixtures = try ExaminationFixtures()
    }

    @Test func urlsOnTheTargetHostAreDecidedByItsFile() async throws {
        try await fixtures.withSite { server in
            let urls = ["https://\(good)/puzzle/1", "https://\(good)/archive/1", "https://\(good)/about"]
            let request = DoctorRequest(targets: [DoctorTarget(host: good, port: server.port)], urls: urls, platform: .ios)
            let report = try await fixtures.examine(request)

            #expect(report.outline == ["host \(good)", "apple_association \(good)", "urls"])
            let checks = try #require(report.section(.urls)?.checks)
            #expect(checks.map(\.title) == urls.map { "\($0) opens \(ExaminationFixtures.appID)" })
            #expect(checks.map(\.status) == [.pass, .fail, .fail])
            #expect(checks[0].detail == "opens \(ExaminationFixtures.appID): rule applinks.details[0].components[1] (`/puzzle/*`) matches")
            #expect(checks[1].detail.contains("excluded by applinks.details[0].components[0]"))
            #expect(checks[2].detail.contains("no rule matched"))
            #expect(report.outcome == .problems)
        }
    }

    @Test func anAppAskedAboutIsJudgedForEachURL() async throws {
        try await fixtures.withSite { server in
            let other = "ABCDE12345.com.example.other"
            let request = DoctorRequest(targets: [DoctorTarget(host: good, port: server.port)],
                                        appIDs: [ExaminationFixtures.appID, other], urls: ["https://\(good)/puzzle/1"],
                                        platform: .ios)
            let report = try await fixtures.examine(request)

            let checks = try #require(report.section(.urls)?.checks)
            #expect(checks.map(\.title) == ["https://\(good)/puzzle/1 opens \(ExaminationFixtures.appID)",
                                            "https://\(good)/puzzle/1 opens \(other)"])
            #expect(checks.map(\.status) == [.pass, .fail])
            #expect(report.section(.appleAssociation)?.checks.filter { $0.id == "aasa.app-id" }.map(\.status) == [.pass, .fail])
        }
    }

    @Test func aTargetsPageURLIsCheckedLikeAURL() async throws {
        try await fixtures.withSite { server in
            let target = try DoctorTarget(parsing: server.url("/puzzle/2026-11-20", host: good))
            let report = try await fixtures.examine(DoctorRequest(targets: [target], platform: .ios))

            #expect(target.pageURL == server.url("/puzzle/2026-11-20", host: good))
            #expect(report.outline == ["host \(good)", "apple_association \(good)", "urls"])
            let check = try #require(report.section(.urls)?.checks.first)
            #expect(report.section(.urls)?.checks.count == 1)
            #expect(check.title == "\(server.url("/puzzle/2026-11-20", host: good)) opens \(ExaminationFixtures.appID)")
            #expect(check.status == .pass, "\(check.detail)")
        }
    }

    @Test func aURLOnAnotherHostGetsThatHostExaminedToo() async throws {
        let elsewhere = "elsewhere.invalid"
        try await fixtures.withSite { server in
            let urls = ["https://\(elsewhere)/puzzle/1", "https://\(good)/puzzle/1"]
            let request = DoctorRequest(targets: [DoctorTarget(host: good, port: server.port)], urls: urls, platform: .ios)
            let report = try await fixtures.examine(request)

            // The targets first, then the URLs' hosts, then the URLs in the order given.
            #expect(report.outline == ["host \(good)", "apple_association \(good)", "host \(elsewhere)", "urls"])
            #expect(report.sections(about: elsewhere).first?.check("dns")?.status == .fail)
            let checks = try #require(report.section(.urls)?.checks)
            #expect(checks.map(\.status) == [.skip, .pass])
            #expect(checks[0].detail.hasPrefix("not decided: \(elsewhere) has no usable apple-app-site-association (\(elsewhere) does not resolve"))
        }
    }

    @Test func aURLWhoseHostsFileRedirectsIsSkippedNamingTheRedirect() async throws {
        let moved = "moved.landfall.test"
        try await fixtures.withSite(hosts: [good, moved], reply: { request in
            guard ExaminationFixtures.host(of: request) == moved else { return ExaminationFixtures.appleFileOnly(request) }
            return .redirect(to: "https://www.\(moved)\(request.path)")
        }) { server in
            let request = DoctorRequest(targets: [DoctorTarget(host: good, port: server.port), DoctorTarget(host: moved, port: server.port)],
                                        urls: ["https://\(moved)/puzzle/1"], platform: .ios)
            let report = try await fixtures.examine(request, mapping: [good, moved])

            #expect(report.outline == ["host \(good)", "apple_association \(good)", "host \(moved)", "apple_association \(moved)", "urls"])
            #expect(report.sections(about: moved).last?.check("http.redirect")?.status == .fail)
            let check = try #require(report.section(.urls)?.checks.first)
            #expect(check.status == .skip)
            #expect(check.detail == "not decided: \(moved) has no usable apple-app-site-association "
                + "(redirects to https://www.\(moved)/.well-known/apple-app-site-association)")
        }
    }

    @Test func aURLOnAHostWhoseFileIsNotCheckedForAndroidOnlyIsSkipped() async throws {
        try await fixtures.withSite { server in
            let request = DoctorRequest(targets: [DoctorTarget(host: good, port: server.port)],
                                        urls: ["https://\(good)/puzzle/1"], platform: .android)
            let report = try await fixtures.examine(request)

            let check = try #require(report.section(.urls)?.checks.first)
            #expect(check.status == .skip)
            #expect(check.detail.hasPrefix("not decided: \(good) has no usable apple-app-site-association"))
        }
    }

    @Test func aSubdomainCoveredByAWildcardEntitlementIsDecidedByTheApexFile() async throws {
        let entitlements = EntitlementsFile(data: Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>com.apple.developer.associated-domains</key><array>
            <string>applinks:*.\(good)</string>
            </array></dict></plist>
            """.utf8))
        try await fixtures.withSite { server in
            let request = DoctorRequest(targets: [DoctorTarget(host: good, port: server.port)],
                                        entitlements: (name: "Daily.entitlements", file: entitlements),
                                        urls: ["https://daily.\(good)/puzzle/1"], platform: .ios)
            let report = try await fixtures.examine(request)

            // daily.good.landfall.test is not examined: its links use the file at the apex.
            #expect(report.outline == ["entitlements", "host \(good)", "apple_association \(good)", "urls"])
            let check = try #require(report.section(.urls)?.checks.first)
            #expect(check.status == .pass, "\(check.detail)")
        }
    }

    @Test func anUnreadableURLFailsWithoutExaminingAnything() async throws {
        try await fixtures.withSite { server in
            let request = DoctorRequest(targets: [DoctorTarget(host: good, port: server.port)], urls: ["not a url"], platform: .ios)
            let report = try await fixtures.examine(request)

            #expect(report.outline == ["host \(good)", "apple_association \(good)", "urls"])
            let check = try #require(report.section(.urls)?.checks.first)
            #expect(check.status == .fail)
            #expect(check.detail == "not a url is not a URL a phone could open")
        }
    }

    @Test
    func aURLWithCapitalsInItsHostIsDecidedByTheTargetsFile() async throws {
        try await fixtures.withSite { server in
            let request = DoctorRequest(targets: [DoctorTarget(host: good, port: server.port)],
                                        urls: ["https://GOOD.Landfall.test/puzzle/1"], platform: .ios)
            let report = try await fixtures.examine(request)

            #expect(report.outline == ["host \(good)", "apple_association \(good)", "urls"])
            let check = try #require(report.section(.urls)?.checks.first)
            #expect(check.status == .pass, "\(check.detail)")
        }
    }

    @Test
    func aURLWithATrailingDotIsDecidedByTheTargetsFile() async throws {
        try await fixtures.withSite { server in
            let request = DoctorRequest(targets: [DoctorTarget(host: good, port: server.port)],
                                        urls: ["https://\(good)./puzzle/1"], platform: .ios)
            let report = try await fixtures.examine(request)

            // The same host as the target: examined once, on the target's port.
            #expect(report.outline == ["host \(good)", "apple_association \(good)", "urls"])
            let check = try #require(report.section(.urls)?.checks.first)
            #expect(check.status == .pass, "\(check.detail)")
        }
    }
}
