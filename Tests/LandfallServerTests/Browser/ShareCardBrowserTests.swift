import Foundation
import LandfallCards
@testable import LandfallServer
import Testing

/// The share card as a person sees it in a browser: the puzzle page shows its card as its
/// picture, loaded from the card's address.
@Suite(.serialized, .enabled(if: HeadlessChromium.shouldRun && CardTesting.shouldRun,
                             "needs chromium (apt-get install chromium) and a build with cards"))
struct ShareCardBrowserTests {
    /// The demo's colour, the puzzle card's background.
    static let cardBlue = (59, 91, 219)

    @Test("a screenshot of the puzzle page shows its share card")
    func thePuzzlePageShowsItsCard() async throws {
        try CardTesting.requireCards()
        let chromium = try #require(HeadlessChromium.find(), "CI is set but no chromium is on PATH")
        let folder = try TemporaryDirectory("landfall-card-screenshots")
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("puzzle-2026-11-20-card.png")
        let dom = try await withDemoServer(now: BrowserTests.now) { port in
            let url = "http://localhost:\(port)/puzzle/2026-11-20"
            let dom = try await chromium.renderedDOM(of: url)
            try await chromium.screenshot(of: url, width: 800, height: 1200, to: file)
            return dom
        }
        #expect(dom.contains(#"<img class="hero" src="http://localhost:"#) && dom.contains("/static/cards/"), "the page's picture is its card")
        let png = [UInt8](try Data(contentsOf: file))
        Attachment.record(png, named: "puzzle-2026-11-20-card.png")
        if let keep = ProcessInfo.processInfo.environment["LANDFALL_KEEP_SCREENSHOTS"] {
            try Data(png).write(to: URL(fileURLWithPath: keep).appendingPathComponent(file.lastPathComponent))
        }
        let screenshot = try CardImage(name: "screenshot", png: png)
        // The card is a block of the site's blue, wider than any button: the rows that hold a run
        // of at least 500 blue pixels, and how tall they stack.
        var rows = 0
        for y in 0..<screenshot.height {
            var run = 0, longest = 0
            for x in 0..<screenshot.width {
                let at = (y * screenshot.width + x) * 4
                let blue = abs(Int(screenshot.rgba[at]) - Self.cardBlue.0) <= 4 && abs(Int(screenshot.rgba[at + 1]) - Self.cardBlue.1) <= 4
                    && abs(Int(screenshot.rgba[at + 2]) - Self.cardBlue.2) <= 4
                run = blue ? run + 1 : 0
                longest = max(longest, run)
            }
            if longest >= 500 { rows += 1 }
        }
        #expect(rows >= 150, "\(rows) rows of the screenshot have a run of 500 blue pixels: the card is not shown")
    }
}
