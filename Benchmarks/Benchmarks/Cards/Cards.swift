// Benchmarks of LandfallCards (issue 22: "A card rendered in under 20 ms on this machine"), one
// card per iteration through the public API, `CardRenderer.render` (layout, drawing, PNG with
// zlib). Fonts and images are read once, before, as a server holding a site would. From
// Benchmarks/ (see README.md there):
//   swift package --scratch-path ../.build-bench --disable-sandbox benchmark --target Cards --no-progress
//
//   render puzzle          the demo's shared puzzle card: colour, icon, title, two lines
//   render long title      a title of 100,000 characters, cut to three lines with an ellipsis
//   render image           the same card over a 1200×630 photo-like background with a shade
//   render right-to-left   a Hebrew title and an Arabic line
import Benchmark
import Foundation
import LandfallCards

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        timeUnits: .milliseconds,
        warmupIterations: 3,
        maxDuration: .seconds(5),
        maxIterations: 500
    )

    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    func load<T>(_ what: String, _ body: () throws -> T) -> T {
        do { return try body() } catch { fatalError("\(what): \(error)") }
    }
    let bold = load("DejaVu Sans Bold") { try CardFont.system(named: "DejaVu Sans Bold") }
    let regular = load("DejaVu Sans") { try CardFont.system(named: "DejaVu Sans") }
    let icon = load("the demo's icon") { try CardImage.file(atPath: repository.appendingPathComponent("examples/demo/static/icon.png").path) }
    let photo = load("the demo's preview image") {
        try CardImage.file(atPath: repository.appendingPathComponent("examples/demo/static/daily-puzzle.png").path)
    }
    let renderer = CardRenderer(fallbackFonts: [regular])
    let white = CardColor.white
    let soft = CardColor(red: 255, green: 255, blue: 255, alpha: 217)
    func card(_ title: String, _ lines: [String], background: CardBackground) -> CardDescription {
        CardDescription(
            background: background, icon: icon,
            title: CardText(title, size: 72, color: white, fonts: [bold], maxLines: 3),
            lines: lines.map { CardText($0, size: 40, color: soft, fonts: [regular], maxLines: 2) })
    }
    let blue = CardBackground.color(CardColor(red: 0x3b, green: 0x5b, blue: 0xdb))
    let cases: [(String, CardDescription)] = [
        ("render puzzle", card("Daily Puzzle #402", ["2026-11-20 · Compass", "Shared score: 3:12"], background: blue)),
        ("render long title", card(String(repeating: "A very long title ", count: 5_556), ["2026-11-20"], background: blue)),
        ("render image", card("Daily Puzzle #402", ["2026-11-20 · Compass"],
                              background: .image(photo, overlay: CardColor(red: 0, green: 0, blue: 0, alpha: 102)))),
        ("render right-to-left", card("חידה יומית מספר 402", ["مرحبا بالعالم", "2026-11-20"], background: blue)),
    ]
    for (name, description) in cases {
        Benchmark(name) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try? renderer.render(description))
            }
        }
    }
}
