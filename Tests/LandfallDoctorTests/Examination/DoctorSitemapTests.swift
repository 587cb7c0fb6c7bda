import AppSiteAssociation
import DoctorStandIns
import LandfallDoctor
import Testing

/// `--sitemap`: local and remote sitemaps (following an index) read into pages, each page
/// judged by its own host's file, one summary per app.
@Suite struct DoctorSitemapTests {
    let fixtures: ExaminationFixtures
    let good = ExaminationFixtures.good
    static let other = "ABCDE12345.com.example.other"

    init() throws {
        fixtures = try ExaminationFixtures()
    }

    static func textList(_ pages: [String]) -> [UInt8] {
        Array(("# pages\n" + pages.joined(separator: "\n") + "\n").utf8)
    }

    static func xml(_ root: String, _ child: String, _ locations: [String]) -> StandInReply {
        let entries = locations.map { "<\(child)><loc>\($0)</loc></\(child)>" }.joined(separator: "\n")
        return .respond(status: 200, headers: [("Content-Type", "application/xml")], body: Array("""
            <?xml version="1.0" encoding="UTF-8"?>
            <\(root) xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
            \(entries)
            </\(root)>
            """.utf8))
    }

    @Test func aLocalListIsSummarisedForTheAppTheFileLists() async throws {
        try await fixtures.withSite { server in
            let pages = ["https://\(good)/puzzle/1", "https://\(good)/about", "https://\(good)/archive/1", "https://\(good)/puzzle/2"]
            let request = DoctorRequest(targets: [DoctorTarget(host: good, port: server.port)], platform: .ios,
                                        sitemaps: [.local(name: "pages.txt", bytes: Self.textList(pages))])
            let report = try await fixtures.examine(request)

            #expect(report.outline == ["host \(good)", "apple_association \(good)", "sitemap"])
            let section = try #require(report.section(.sitemap))
            #expect(section.checks.map(\.id) == ["sitemap.read"])
            #expect(section.checks.first?.status == .pass)
            #expect(section.checks.first?.detail == "4 pages in pages.txt")

            let summary = try #require(report.sitemaps.count == 1 ? report.sitemaps.first : nil)
            #expect(summary.appID == ExaminationFixtures.appID)
            #expect(summary.pageCount == 4)
            #expect(summary.opensCount == 2)
            #expect(summary.groups.map(\.verdict) == [.opens, .excluded, .noRuleMatched])
            #expect(summary.groups.map(\.pages) == [[pages[0], pages[3]], [pages[2]], [pages[1]]])
            #expect(summary.groups.first?.pattern == "/puzzle/*")
            #expect(report.outcome == .healthy)
        }
    }

    @Test func aRemoteIndexIsFollowedToItsSitemapsAndEachAppGetsASummary() async throws {
        try await fixtures.withSite(reply: { request in
            let origin = "https://\(request.host ?? ExaminationFixtures.good)"
            switch ExaminationFixtures.path(of: request) {
            case "/sitemap.xml":
                return Self.xml("sitemapindex", "sitemap", [origin + "/sitemap-puzzles.xml", origin + "/sitemap-pages.xml"])
            case "/sitemap-puzzles.xml":
                return Self.xml("urlset", "url", ["https://\(ExaminationFixtures.good)/puzzle/1", "https://\(ExaminationFixtures.good)/puzzle/2"])
            case "/sitemap-pages.xml":
                return Self.xml("urlset", "url", ["https://\(ExaminationFixtures.good)/about"])
            default:
                return ExaminationFixtures.appleFileOnly(request)
            }
        }) { server in
            let index = server.url("/sitemap.xml", host: good)
            let request = DoctorRequest(targets: [DoctorTarget(host: good, port: server.port)],
                                        appIDs: [ExaminationFixtures.appID, Self.other], platform: .ios,
                                        sitemaps: [.remote(index)])
            let report = try await fixtures.examine(request)

            let section = try #require(report.section(.sitemap))
            #expect(section.checks.map(\.status) == [.pass, .pass, .pass])
            #expect(section.checks.map(\.detail) == [
                "\(index) is a sitemap index of 2 sitemaps",
                "2 pages in \(server.url("/sitemap-puzzles.xml", host: good))",
                "1 page in \(server.url("/sitemap-pages.xml", host: good))",
            ])
            #expect(report.sitemaps.map(\.appID) == [ExaminationFixtures.appID, Self.other])
            #expect(report.sitemaps.map(\.pageCount) == [3, 3])
            #expect(report.sitemaps.map(\.opensCount) == [2, 0])
            #expect(report.sitemaps.last?.groups.map(\.reason) == ["no detail in the file lists \(Self.other)"])
            #expect(server.requests.filter { $0.path.hasPrefix("/sitemap") }.map { $0.header("User-Agent") }
                == [Doctor.userAgent, Doctor.userAgent, Doctor.userAgent])
        }
    }

    @Test func aSitemapThatRedirectsIsReadWhereItLeads() async throws {
        try await fixtures.withSite(reply: { request in
            switch ExaminationFixtures.path(of: request) {
            case "/sitemap.xml": return .redirect(to: "/sitemaps/main.txt")
            case "/sitemaps/main.txt": return .respond(status: 200, body: Self.textList(["https://\(ExaminationFixtures.good)/puzzle/1"]))
            default: return ExaminationFixtures.appleFileOnly(request)
            }
        }) { server in
            let request = DoctorRequest(targets: [DoctorTarget(host: good, port: server.port)], platform: .ios,
                                        sitemaps: [.remote(server.url("/sitemap.xml", host: good))])
            let report = try await fixtures.examine(request)

            #expect(report.section(.sitemap)?.checks.map(\.status) == [.pass])
            #expect(report.sitemaps.first?.opensCount == 1)
        }
    }

    @Test func aMissingSitemapFails() async throws {
        try await fixtures.withSite { server in
            let url = server.url("/sitemap.xml", host: good)
            let request = DoctorRequest(targets: [DoctorTarget(host: good, port: server.port)], platform: .ios, sitemaps: [.remote(url)])
            let report = try await fixtures.examine(request)

            let check = try #require(report.section(.sitemap)?.checks.first)
            #expect(report.section(.sitemap)?.checks.count == 1)
            #expect(check.id == "sitemap.read")
            #expect(check.status == .fail)
            #expect(check.detail == "\(url) answers 404")
            #expect(report.sitemaps.isEmpty)
            #expect(report.outcome == .problems)
        }
    }

    @Test func aSitemapThatCannotBeReadFailsWithItsNameAndTheReadersMessage() async throws {
        try await fixtures.withSite { server in
            let request = DoctorRequest(targets: [DoctorTarget(host: good, port: server.port)], platform: .ios,
                                        sitemaps: [.local(name: "sitemap.xml.gz", bytes: [0x1F, 0x8B, 0x08, 0x00])])
            let report = try await fixtures.examine(request)

            let check = try #require(report.section(.sitemap)?.checks.first)
            #expect(check.status == .fail)
            #expect(check.detail.hasPrefix("sitemap.xml.gz: the sitemap is gzip-compressed"))
        }
    }

    @Test func pagesOnHostsWithoutAUsableFileAreGroupedWithTheReason() async throws {
        let bare = "bare.landfall.test"
        let elsewhere = "elsewhere.invalid"
        try await fixtures.withSite(hosts: [good, bare], reply: { request in
            ExaminationFixtures.host(of: request) == bare ? .respond(status: 404) : ExaminationFixtures.appleFileOnly(request)
        }) { server in
            let pages = ["https://\(elsewhere)/puzzle/1", "https://\(good)/puzzle/1", "https://\(bare)/puzzle/1"]
            let request = DoctorRequest(targets: [DoctorTarget(host: good, port: server.port), DoctorTarget(host: bare, port: server.port)],
                                        platform: .ios, sitemaps: [.local(name: "pages.txt", bytes: Self.textList(pages))])
            let report = try await fixtures.examine(request, mapping: [good, bare])

            // A page host that is not a target is not examined in full: only its file is fetched.
            #expect(report.outline == ["host \(good)", "apple_association \(good)", "host \(bare)", "apple_association \(bare)", "sitemap"])
            let summary = try #require(report.sitemaps.count == 1 ? report.sitemaps.first : nil)
            #expect(summary.groups.map(\.verdict) == [.opens, .noAssociationFile, .noAssociationFile])
            #expect(summary.groups.map(\.host) == [good, elsewhere, bare])
            #expect(summary.groups[1].reason?.hasPrefix("\(elsewhere) does not resolve") == true)
            #expect(summary.groups[2].reason == "status 404")
        }
    }

    @Test func withNoAppListedAnywhereThePagesAreNotSummarised() async throws {
        let bare = "bare.landfall.test"
        try await fixtures.withSite(hosts: [bare], reply: { _ in .respond(status: 404) }) { server in
            let request = DoctorRequest(targets: [DoctorTarget(host: bare, port: server.port)], platform: .ios,
                                        sitemaps: [.local(name: "pages.txt", bytes: Self.textList(["https://\(bare)/puzzle/1"]))])
            let report = try await fixtures.examine(request, mapping: [bare])

            #expect(report.section(.sitemap)?.checks.map(\.id) == ["sitemap.read", "sitemap.apps"])
            let apps = try #require(report.section(.sitemap)?.check("sitemap.apps"))
            #expect(apps.status == .skip)
            #expect(apps.detail == "no association file of the pages' hosts lists an app, and no --app-id was given")
            #expect(report.sitemaps.isEmpty)
        }
    }
}
