import Foundation
import Testing

@testable import LandfallCards

/// Fonts and helpers the renderer's tests share.
enum CardFixtures {
    static let dejaVu = "/usr/share/fonts/truetype/dejavu"

    static func font(_ file: String) throws -> CardFont {
        try CardFont.file(atPath: "\(dejaVu)/\(file)")
    }

    static func regular() throws -> CardFont { try font("DejaVuSans.ttf") }
    static func bold() throws -> CardFont { try font("DejaVuSans-Bold.ttf") }

    /// A renderer whose only fallback is DejaVu Sans, so that the tests do not depend on which
    /// other fonts are installed.
    static func renderer() throws -> CardRenderer { CardRenderer(fallbackFonts: [try regular()]) }

    /// A plain card: the title in DejaVu Sans Bold on a colour.
    static func card(title: String, lines: [String] = [], background: CardColor = .white,
                     alignment: CardAlignment = .leading, size: Double = 72, maxLines: Int = 3) throws -> CardDescription {
        CardDescription(
            background: .color(background),
            title: CardText(title, size: size, color: .ink, fonts: [try bold()], alignment: alignment, maxLines: maxLines),
            lines: try lines.map { CardText($0, size: 40, color: .ink, fonts: [try regular()], alignment: alignment) }
        )
    }

    /// Calls `body` with the path of a file in a fresh temporary folder, removed afterwards.
    static func withTemporaryFile<T>(named name: String, contents: [UInt8], _ body: (String) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("landfallcards-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent(name).path
        try Data(contents).write(to: URL(fileURLWithPath: path))
        return try body(path)
    }

    /// The columns of a canvas that hold a pixel other than `background`, as a range.
    static func inkedColumns(_ canvas: Canvas, background: CardColor) -> ClosedRange<Int>? {
        var first: Int?, last: Int?
        for x in 0..<canvas.width {
            for y in 0..<canvas.height where canvas.pixel(x: x, y: y) != background {
                if first == nil { first = x }
                last = x
                break
            }
        }
        guard let first, let last else { return nil }
        return first...last
    }
}
