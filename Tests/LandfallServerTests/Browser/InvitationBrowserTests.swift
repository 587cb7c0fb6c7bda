import Foundation
@testable import LandfallServer
import Testing

/// Pages of deferred links as a person on a phone sees them: headless Chromium with an
/// iPhone's user agent loads the demo's invitation and a short link's landing page.
@Suite(.serialized, .enabled(if: HeadlessChromium.shouldRun, "chromium is not installed (apt-get install chromium)"))
struct InvitationBrowserTests {
    let chromium: HeadlessChromium

    init() throws {
        chromium = try #require(HeadlessChromium.find(), "CI is set but no chromium is on PATH; .ci/run should have installed it")
    }

    @Test func theDemoInvitationShowsItsCodeAndStoreButtonsThatCarryItThroughTheInstall() async throws {
        try await withDemoServer(now: BrowserTests.now, seedsDemo: true) { port in
            let dom = try await chromium.renderedDOM(of: "http://localhost:\(port)/invites/7kq2m-x4p9t-hcw3r", userAgent: Visitors.iPhone)
            let page = RenderedPage(dom: dom)

            #expect(page.title == "You're invited to Daily Puzzle")
            #expect(page.headings == ["You're invited to Daily Puzzle"])
            #expect(page.bodyText.contains("Your invitation code: 7KQ2M-X4P9T-HCW3R"))
            #expect(page.link(named: "Open in the app")?.href == "http://127.0.0.1:\(port)/invites/7kq2m-x4p9t-hcw3r")
            let store = try #require(page.link(named: "Download on the App Store")?.href)
            #expect(store.hasPrefix("http://localhost:\(port)/v1/install/lfc_"), "\(store)")
            #expect(store.hasSuffix("?store=app-store"), "the script changed the link before any tap: \(store)")
            #expect(StoreButtons(HTMLPage(dom)).claimURL?.hasPrefix("http://localhost:\(port)/v1/claims/lfc_") == true)
            BrowserTests.expectNoTemplateLeftovers(page)
        }
    }

    @Test func anUnknownInvitationSaysSoWithoutButtons() async throws {
        try await withDemoServer(now: BrowserTests.now, seedsDemo: true) { port in
            let page = RenderedPage(dom: try await chromium.renderedDOM(of: "http://localhost:\(port)/invites/22222-22222-22222",
                                                                         userAgent: Visitors.iPhone))
            #expect(page.bodyText.contains("There is no invitation with this code"))
            #expect(page.link(named: "Open in the app") == nil)
            #expect(page.link(named: "Download on the App Store") == nil)
        }
    }

    @Test func aPhoneSizedScreenshotOfTheInvitationIsARealPicture() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("landfall-screenshots-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("invitation.png")
        try await withDemoServer(now: BrowserTests.now, seedsDemo: true) { port in
            try await chromium.screenshot(of: "http://localhost:\(port)/invites/7KQ2M-X4P9T-HCW3R", width: 390, height: 844,
                                          userAgent: Visitors.iPhone, to: file)
        }
        let png = try Data(contentsOf: file)
        Attachment.record(png, named: "invitation.png")
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "not a PNG")
        #expect(png.count > 5_000, "a \(png.count)-byte PNG is too small to show the page")
    }
}
