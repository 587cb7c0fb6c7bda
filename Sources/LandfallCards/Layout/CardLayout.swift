/// Where everything of a card goes: the icon's square and each text's lines, in drawing order,
/// with their positions. Pure: text widths come from a ``CardMeasuring``.
struct CardLayout {
    /// One line, ready to draw.
    struct Line: Equatable {
        /// The characters in visual order (left to right on the card).
        var characters: [Character]
        /// The left end of the line.
        var x: Double
        /// The baseline.
        var baseline: Double
        /// The advance of the line.
        var width: Double
    }

    /// The icon's top-left corner and side, when it is drawn.
    var icon: (x: Int, y: Int, size: Int)?
    /// For each text (title first), its lines.
    var texts: [[Line]]

    /// Space between the icon and the title, and between one text and the next, as a share of
    /// the next text's size.
    static let iconGap = 40.0
    static let textGap = 0.55

    /// Lays a card out.
    init(card: CardDescription, measuring: some CardMeasuring) {
        let texts = card.texts
        let available = Double(card.height - 2 * card.padding)
        let lineWidth = Double(card.width - 2 * card.padding)
        var maxLines = texts.map { $0.maxLines }
        var showsIcon = card.icon != nil
        var shownTexts = texts.count
        var broken: [TextLines] = []
        let metrics = texts.indices.map { measuring.lineMetrics(text: $0) }

        func breakLines(_ index: Int) -> TextLines {
            let breaker = LineBreaker(width: lineWidth, maxLines: maxLines[index]) { character, previous in
                measuring.advance(text: index, character, after: previous)
            }
            return breaker.lines(of: PreparedText(texts[index].text))
        }
        func stackHeight() -> Double {
            var height = 0.0
            var first = true
            if showsIcon, let icon = card.icon, icon.width > 0 {
                height += Double(card.iconSize)
                first = false
            }
            for index in 0..<shownTexts where !broken[index].lines.isEmpty {
                if !first { height += index == 0 ? Self.iconGap : texts[index].size * Self.textGap }
                height += Double(broken[index].lines.count) * metrics[index].lineHeight
                first = false
            }
            return height
        }

        broken = texts.indices.map(breakLines)
        // Too tall: the text with the most lines gives one up (the later one on a tie), then the
        // icon goes, then the last texts.
        while stackHeight() > available {
            let candidates = (0..<shownTexts).filter { broken[$0].lines.count > 1 }
            if let longest = candidates.max(by: { broken[$0].lines.count < broken[$1].lines.count || (broken[$0].lines.count == broken[$1].lines.count && $0 < $1) }) {
                maxLines[longest] = broken[longest].lines.count - 1
                broken[longest] = breakLines(longest)
            } else if showsIcon {
                showsIcon = false
            } else if shownTexts > 1 {
                shownTexts -= 1
            } else {
                break  // one line of the title taller than the card: drawn, and clipped
            }
        }

        var y = Double(card.padding) + max(0, (available - stackHeight()) / 2)
        let left = Double(card.padding)
        let right = Double(card.width - card.padding)
        let titleDirection = BidiOrder.direction(of: texts[0].text.prefix(200))
        if showsIcon, card.icon != nil {
            let size = card.iconSize
            let x: Double = switch Self.side(texts[0].alignment, titleDirection) {
            case .left: left
            case .center: (Double(card.width) - Double(size)) / 2
            case .right: right - Double(size)
            }
            icon = (Int(x.rounded()), Int(y.rounded()), size)
            y += Double(size)
        } else {
            icon = nil
        }
        var placed: [[Line]] = []
        var first = !showsIcon
        for index in texts.indices {
            guard index < shownTexts, !broken[index].lines.isEmpty else {
                placed.append([])
                continue
            }
            if !first { y += index == 0 ? Self.iconGap : texts[index].size * Self.textGap }
            first = false
            let direction = BidiOrder.direction(of: broken[index].lines.joined())
            let side = Self.side(texts[index].alignment, direction)
            var lines: [Line] = []
            for (characters, width) in zip(broken[index].lines, broken[index].widths) {
                let x: Double = switch side {
                case .left: left
                case .center: (Double(card.width) - width) / 2
                case .right: right - width
                }
                lines.append(Line(characters: BidiOrder.visual(characters, paragraph: direction),
                                  x: x.rounded(), baseline: (y + metrics[index].ascent).rounded(), width: width))
                y += metrics[index].lineHeight
            }
            placed.append(lines)
        }
        self.texts = placed
    }

    enum Side {
        case left, center, right
    }

    /// The side an alignment means for a paragraph's direction.
    static func side(_ alignment: CardAlignment, _ direction: BidiOrder.Direction) -> Side {
        switch (alignment, direction) {
        case (.center, _): .center
        case (.leading, .leftToRight), (.trailing, .rightToLeft): .left
        case (.leading, .rightToLeft), (.trailing, .leftToRight): .right
        }
    }
}

/// What a layout needs to know of a card's fonts.
protocol CardMeasuring {
    /// The distance between baselines and the height above the baseline, for text `text` (0 is
    /// the title).
    func lineMetrics(text: Int) -> (lineHeight: Double, ascent: Double)
    /// The advance of a character drawn after another in text `text`, kerning included.
    func advance(text: Int, _ character: Character, after previous: Character?) -> Double
}
