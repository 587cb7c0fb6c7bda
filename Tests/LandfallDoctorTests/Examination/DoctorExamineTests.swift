import AppSiteAssociation
import DoctorStandIns
import Foundation
import LandfallDoctor
import Testing

/// `Doctor.examine` against HTTPS stand-ins on loopback: which sections a run makes, in which
/// order, for which platforms, and what a host that does not resolve or hangs gives.
@Suite struct DoctorExamineTests {
    let fixtures: ExaminationFixtures
    let good = ExaminationFixtures.good

    init() throws {
        fixtures = try ExaminationFixtures()
    }

    // MARK: - A healthy host

    @Test func aHealthyHostGivesItsHostAppleAndAndroidSectionsInOrder() async throws {
        try await fixtures.withSite { server in
            let target = DoctorTarget(host: good, port: server.port)
            let report = try await fixtures.examine(DoctorRequest(targets: [target]))

            #expect(report.target == "\(good):\(server.port)")
            #expect(report.outline == ["host \(good)", "apple_association \(good)", "android_asset_links \(good)"])
            #expect(report.outcome == .healthy)

            let host = try #require(report.section(.host))
            #expect(host.title == "\(good):\(server.port)")
            #expect(host.checks.map(\.id) == ["dns", "tls.host", "tls.validity", "tls.expiry", "tls.trusted"])
            #expect(host.checks.allSatisfy { $0.status == .pass }, "\(host.checks)")
            #expect(host.check("dns")?.detail == "--resolve gives 127.0.0.1 for \(good); DNS was not asked")

            let apple = try #require(report.section(.appleAssociation))
            #expect(apple.title == "apple-app-site-association (\(target.url(for: .appleAssociation)))")
            #expect(apple.status == .pass, "\(apple.checks.filter { $0.status != .pass })")
            #expect(apple.check("aasa.apps")?.detail == "applinks lists 1 app that can open links on \(good)")
            #expect(apple.check("aasa.apps")?.notes.first?.hasPrefix(ExaminationFixtures.appID) == true)

            // No assetlinks.json (404) and nothing asked for Android: a skip, not a failure.
            let android = try #require(report.section(.androidAssetLinks))
            #expect(android.checks.map(\.id) == ["assetlinks.absent"])
            #expect(android.status == .skip)
            #expect(android.checks.first?.detail.contains("serves no assetlinks.json (404)") == true)

            // Apple's file is fetched as Apple's CDN does, the other with the doctor's own name.
            let userAgents = Dictionary(server.requests.map { (ExaminationFixtures.path(of: $0), $0.header("User-Agent")) },
                                        uniquingKeysWith: { first, _ in first })
            #expect(userAgents[WellKnownFile.appleAssociation.path] == Doctor.appleUserAgent)
            #expect(userAgents[WellKnownFile.assetLinks.path] == Doctor.userAgent)
        }
    }

    @Test func anHTMLPageAtAssetLinksCountsAsAndroidNotSetUp() async throws {
        try await fixtures.withSite(reply: { request in
            ExaminationFixtures.path(of: request) == WellKnownFile.assetLinks.path
                ? .respond(status: 200, headers: [("Content-Type", "text/html")], body: Array("<!doctype html><html></html>".utf8))
                : ExaminationFixtures.appleFileOnly(request)
        }) { server in
            let report = try await fixtures.examine(DoctorRequest(targets: [DoctorTarget(host: good, port: server.port)]))

            let android = try #require(report.section(.androidAssetLinks))
            #expect(android.checks.map(\.id) == ["assetlinks.absent"])
            #expect(android.checks.first?.detail.contains("an HTML page with status 200") == true)
            #expect(report.outcome == .healthy)
        }
    }

    // MARK: - Platforms

    @Test func iosLeavesAndroidOut() async throws {
        try await fixtures.withSite { server in
            let report = try await fixtures.examine(DoctorRequest(targets: [DoctorTarget(host: good, port: server.port)],
                                                                  platform: .ios))

            #expect(report.outline == ["host \(good)", "apple_association \(good)"])
            #expect(server.requests.map { ExaminationFixtures.path(of: $0) } == [WellKnownFile.appleAssociation.path])
            #expect(report.outcome == .healthy)
        }
    }

    @Test func androidLeavesAppleOut() async throws {
        try await fixtures.withSite(reply: { request in
            ExaminationFixtures.path(of: request) == WellKnownFile.assetLinks.path
                ? .json(ExaminationFixtures.assetLinks) : .respond(status: 404)
        }) { server in
            let request = DoctorRequest(targets: [DoctorTarget(host: good, port: server.port)], platform: .android,
                                        androidPackage: ExaminationFixtures.package,
                                        androidFingerprints: [ExaminationFixtures.fingerprint])
            let report = try await fixtures.examine(request)

            #expect(report.outline == ["host \(good)", "android_asset_links \(good)"])
            #expect(server.requests.map { ExaminationFixtures.path(of: $0) } == [WellKnownFile.assetLinks.path])
            let android = try #require(report.section(.androidAssetLinks))
            #expect(android.title == "assetlinks.json (https://\(good):\(server.port)/.well-known/assetlinks.json)")
            #expect(android.status == .pass, "\(android.checks.filter { $0.status != .pass })")
            #expect(report.outcome == .healthy)
        }
    }

    @Test(arguments: [
        DoctorRequest.Platform.both, .android,
    ])
    func aPlatformThatRequiresAndroidFailsWithoutAssetLinks(_ platform: DoctorRequest.Platform) async throws {
        try await fixtures.withSite { server in
            let report = try await fixtures.examine(DoctorRequest(targets: [DoctorTarget(host: good, port: server.port)],
                                                                  platform: platform))

            let android = try #require(report.section(.androidAssetLinks))
            #expect(android.check("assetlinks.absent") == nil)
            #expect(android.check("http.status")?.status == .fail)
            #expect(report.outcome == .problems)
            #expect(report.section(.appleAssociation) != nil || platform == .android)
        }
    }

    @Test func anAndroidPackageInAutoModeRequiresAssetLinksToo() async throws {
        try await fixtures.withSite { server in
            let request = DoctorRequest(targets: [DoctorTarget(host: good, port: server.port)],
                                        androidPackage: ExaminationFixtures.package)
            let report = try await fixtures.examine(request)

            #expect(report.outline == ["host \(good)", "apple_association \(good)", "android_asset_links \(good)"])
            #expect(report.section(.androidAssetLinks)?.check("http.status")?.status == .fail)
            #expect(report.outcome == .problems)
        }
    }

    // MARK: - Apple's CDN

    @Test func theCDNCopyComesAfterTheOriginsFileAndWarnsAboutAnotherPort() async throws {
        let cdn = "cdn.landfall.test"
        try await fixtures.withSite(hosts: [good, cdn], reply: { request in
            if ExaminationFixtures.host(of: request) == cdn {
                return request.path == "/a/v1/\(ExaminationFixtures.good)" ? .json(ExaminationFixtures.association) : .respond(status: 404)
            }
            return ExaminationFixtures.appleFileOnly(request)
        }) { server in
            let request = DoctorRequest(targets: [DoctorTarget(host: good, port: server.port)], checkCDN: true,
                                        cdnBaseURL: server.url("/", host: cdn))
            let report = try await fixtures.examine(request, mapping: [good, cdn])

            #expect(report.outline == ["host \(good)", "apple_association \(good)", "apple_cdn \(good)",
                                       "android_asset_links \(good)"])
            let copy = try #require(report.section(.appleCDN))
            #expect(copy.title == "Apple's CDN (\(server.url("/a/v1/\(good)", host: cdn)))")
            #expect(copy.check("cdn.port")?.status == .warn)
            #expect(copy.checks.filter { $0.id != "cdn.port" }.allSatisfy { $0.status == .pass }, "\(copy.checks)")
            #expect(server.requests.contains { $0.path == "/a/v1/\(good)" && ExaminationFixtures.host(of: $0) == cdn })
        }
    }

    // MARK: - Hosts that cannot be examined

    @Test func aHostThatDoesNotResolveGivesOnlyItsHostSectionAndItsURLsAreSkipped() async throws {
        let host = "nothing.invalid"
        let request = DoctorRequest(targets: [DoctorTarget(host: host)], urls: ["https://\(host)/puzzle/1"])
        let report = try await fixtures.examine(request, mapping: [])

        #expect(report.outline == ["host \(host)", "urls"])
        let dns = try #require(report.section(.host)?.checks.first)
        #expect(report.section(.host)?.checks.count == 1)
        #expect(dns.id == "dns")
        #expect(dns.status == .fail)
        #expect(dns.detail.hasPrefix("\(host) does not resolve: "))

        let url = try #require(report.section(.urls)?.checks.first)
        #expect(url.status == .skip)
        #expect(url.detail.hasPrefix("not decided: \(host) has no usable apple-app-site-association (\(host) does not resolve)"))
        #expect(report.outcome == .problems)
    }

    @Test func aHandshakeThatHangsIsNotCheckedAndSoIsTheRun() async throws {
        let host = "silent.landfall.test"
        let server = try await StandInServer.silent()
        let report: DoctorReport
        do {
            let request = DoctorRequest(targets: [DoctorTarget(host: host, port: server.port)], urls: ["https://\(host)/puzzle/1"])
            report = try await fixtures.examine(request, mapping: [host], responseTimeout: 0.5)
        } catch {
            try? await server.stop()
            throw error
        }
        try await server.stop()

        #expect(report.outline == ["host \(host)", "urls"])
        let host0 = try #require(report.section(.host))
        #expect(host0.checks.map(\.id) == ["dns", "tls.handshake"])
        let handshake = try #require(host0.check("tls.handshake"))
        #expect(handshake.status == .notChecked)
        #expect(handshake.title == "TLS handshake completes")
        #expect(handshake.detail.contains("did not finish the TLS handshake within 500 ms"))
        #expect(handshake.fix == nil)
        #expect(report.section(.urls)?.checks.first?.status == .skip)
        #expect(report.outcome == .couldNotCheck)
        #expect(report.outcome.exitStatus == 2)
    }

    @Test func aRefusedConnectionFailsTheHandshake() async throws {
        let host = "closed.landfall.test"
        let closed = try ClosedPort()
        defer { closed.release() }
        let port = closed.port

        let report = try await fixtures.examine(DoctorRequest(targets: [DoctorTarget(host: host, port: port)]), mapping: [host])

        #expect(report.outline == ["host \(host)"])
        let handshake = try #require(report.section(.host)?.check("tls.handshake"))
        #expect(handshake.status == .fail)
        #expect(handshake.detail == "\(host) refused the connection on port \(port); nothing listens there")
        #expect(handshake.fix == "serve HTTPS on port \(port) of \(host)")
        #expect(report.outcome == .problems)
    }

    // MARK: - Entitlements and the hosts they add

    @Test func theEntitlementsComeFirstAndTheirHostsAreExaminedAfterTheTargetsOnce() async throws {
        let entitlements = EntitlementsFile(data: Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>com.apple.developer.associated-domains</key><array>
            <string>applinks:\(good)</string><string>applinks:elsewhere.invalid</string>
            </array></dict></plist>
            """.utf8))
        try await fixtures.withSite { server in
            let request = DoctorRequest(targets: [DoctorTarget(host: good, port: server.port)],
                                        entitlements: (name: "Daily.entitlements", file: entitlements), platform: .ios)
            let report = try await fixtures.examine(request)

            #expect(report.outline == ["entitlements", "host \(good)", "apple_association \(good)", "host elsewhere.invalid"])
            let section = try #require(report.section(.entitlements))
            #expect(section.title == "entitlements (Daily.entitlements)")
            #expect(section.checks.map(\.id) == ["entitlements.entries", "entitlements.applinks"])
            // The target is examined on its own port, once, though the entitlement names it too.
            #expect(report.sections(about: good).first?.title == "\(good):\(server.port)")
            #expect(server.requests.count == 1)
        }
    }

    @Test func aTargetTheEntitlementsDoNotClaimFailsThere() async throws {
        let entitlements = EntitlementsFile(data: Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>com.apple.developer.associated-domains</key><array>
            <string>applinks:elsewhere.invalid</string>
            </array></dict></plist>
            """.utf8))
        try await fixtures.withSite { server in
            let request = DoctorRequest(targets: [DoctorTarget(host: good, port: server.port)],
                                        entitlements: (name: "Daily.entitlements", file: entitlements), platform: .ios)
            let report = try await fixtures.examine(request)

            let claim = try #require(report.section(.entitlements)?.check("entitlements.host"))
            #expect(claim.status == .fail)
            #expect(claim.title == "The app claims \(good)")
        }
    }
}
