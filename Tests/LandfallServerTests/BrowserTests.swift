import Foundation
@testable import LandfallServer
import Testing

/// The demo site as a person sees it: a real browser (headless Chromium) loads the pages from
/// the server running in this process and the tests read the DOM it rendered.
///
/// Skipped when Chromium is not installed, except on CI (`CI` set), where a missing Chromium
/// fails every test: `.ci/run` installs it.
@Suite(.serialized, .enabled(if: HeadlessChromium.shouldRun, "chromium is not installed (apt-get install chromium)"))
struct BrowserTests {
    /// Noon in New York on 2026-11-21: the puzzle of 2026-11-20 is out, 2027-01-01 is not.
    static let now = Date(timeIntervalSince1970: 1_795_280_400)

    static let appStore = "https://apps.apple.com/app/id1234567890"
    static let googlePlay = "https://play.google.com/store/apps/details?id=com.example.dailypuzzle"

    let chromium: HeadlessChromium

    init() throws {
        chromium = try #require(HeadlessChromium.find(), "CI is set but no chromium is on PATH; .ci/run should have installed it")
    }

    @Test func thePuzzlePageShowsTheDaysPuzzleAndTheThreeButtons() async throws {
        try await withDemoServer(now: Self.now) { port in
            let page = RenderedPage(dom: try await chromium.renderedDOM(of: "http://localhost:\(port)/puzzle/2026-11-20"))

            #expect(page.title == "Daily Puzzle for 2026-11-20: Compass")
            #expect(page.headings == ["Compass"])
            #expect(page.bodyText.contains("Puzzle #402 · hard"))
            #expect(page.link(named: "Open in the app")?.href == "http://127.0.0.1:\(port)/puzzle/2026-11-20")
            #expect(page.link(named: "Download on the App Store")?.href == Self.appStore)
            #expect(page.link(named: "Get it on Google Play")?.href == Self.googlePlay)
            Self.expectNoTemplateLeftovers(page)
        }
    }

    @Test func openInTheAppWithoutTheAppLeadsBackToThePuzzlePage() async throws {
        try await withDemoServer(now: Self.now) { port in
            // The interstitial host sends a browser without the app back to the site host.
            let page = RenderedPage(dom: try await chromium.renderedDOM(of: "http://127.0.0.1:\(port)/puzzle/2026-11-20"))

            #expect(page.title == "Daily Puzzle for 2026-11-20: Compass")
            #expect(page.headings == ["Compass"])
            #expect(page.link(named: "Open in the app")?.href == "http://127.0.0.1:\(port)/puzzle/2026-11-20")
        }
    }

    @Test func anAddressThatLeadsNowhereShowsTheNotFoundPageWithAWayBack() async throws {
        try await withDemoServer(now: Self.now) { port in
            let page = RenderedPage(dom: try await chromium.renderedDOM(of: "http://localhost:\(port)/no/such/page"))

            #expect(page.title == "Page not found · Daily Puzzle")
            #expect(page.headings == ["This link doesn't lead anywhere"])
            #expect(page.link(named: "Open Daily Puzzle")?.href == "http://localhost:\(port)/puzzle/today")
            #expect(page.link(named: "Download on the App Store")?.href == Self.appStore)
            #expect(page.link(named: "Get it on Google Play")?.href == Self.googlePlay)
            #expect(page.link(named: "Open in the app") == nil)
            Self.expectNoTemplateLeftovers(page)
        }
    }

    @Test func aPuzzleBeforeItsDayShowsNotYetAvailableAndNothingOfIt() async throws {
        try await withDemoServer(now: Self.now) { port in
            let page = RenderedPage(dom: try await chromium.renderedDOM(of: "http://localhost:\(port)/puzzle/2027-01-01"))

            #expect(page.title == "Not yet available · Daily Puzzle")
            #expect(page.headings == ["Not yet available"])
            #expect(page.link(named: "Open Daily Puzzle")?.href == "http://localhost:\(port)/puzzle/today")
            // Its theme, description, number ("#407": a bare "407" can be in the port) and date.
            for spoiler in ["New Year", "beginnings", "#407", "2027-01-01"] {
                #expect(!page.dom.contains(spoiler), "the page shows \"\(spoiler)\" before the puzzle's day")
            }
            Self.expectNoTemplateLeftovers(page)
        }
    }

    @Test func aPhoneSizedScreenshotOfThePuzzlePageIsARealPicture() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("landfall-screenshots-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("puzzle-2026-11-20.png")

        try await withDemoServer(now: Self.now) { port in
            try await chromium.screenshot(of: "http://localhost:\(port)/puzzle/2026-11-20", width: 412, height: 915, to: file)
        }

        let png = try Data(contentsOf: file)
        // Kept with the test results when `swift test --attachments-path DIR` asks for them.
        Attachment.record(png, named: "puzzle-2026-11-20.png")
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "not a PNG")
        #expect(png.count > 5_000, "a \(png.count)-byte PNG is too small to show the page")
        // The IHDR chunk: width and height, big-endian, at bytes 16 and 20.
        let size = png.count >= 24 ? (Self.bigEndian(png, at: 16), Self.bigEndian(png, at: 20)) : (0, 0)
        #expect(size == (412, 915))
    }

    /// Fails if the page shows a Mustache tag the renderer did not replace.
    static func expectNoTemplateLeftovers(_ page: RenderedPage, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!page.dom.contains("{{"), "a Mustache tag was left in the page", sourceLocation: sourceLocation)
        #expect(!page.dom.contains("}}"), "a Mustache tag was left in the page", sourceLocation: sourceLocation)
    }

    static func bigEndian(_ data: Data, at offset: Int) -> Int {
        data[data.startIndex + offset ..< data.startIndex + offset + 4].reduce(0) { $0 << 8 | Int($1) }
    }
}
