/// Everything a card shows, resolved: the renderer's input (placeholders already filled, files
/// already read).
///
/// The card is a stack, centred vertically between the paddings: the icon, the title, then the
/// lines, each placed across the card by its text's alignment (the icon follows the title's).
/// When the stack is taller than the card, the longest texts give up lines first (ending in an
/// ellipsis), then the icon goes, then the last lines.
///
/// ```swift
/// let card = CardDescription(
///     background: .color(CardColor(hex: "#3b5bdb")!),
///     icon: icon,
///     title: CardText("Daily Puzzle for 2026-11-20", size: 72, color: .white, fonts: [bold], maxLines: 3),
///     lines: [CardText("Shared score: 42", size: 40, color: .white)]
/// )
/// let png = try CardRenderer.system().render(card)
/// ```
public struct CardDescription: Sendable {
    /// The width in pixels; 1200 by default, the size preview crawlers expect.
    public var width: Int
    /// The height in pixels; 630 by default.
    public var height: Int
    /// What is behind everything.
    public var background: CardBackground
    /// The app icon, drawn with rounded corners above the title; none when nil.
    public var icon: CardImage?
    /// The icon's side in pixels.
    public var iconSize: Int
    /// The title.
    public var title: CardText
    /// The texts under the title, in order.
    public var lines: [CardText]
    /// The empty margin on every side, in pixels.
    public var padding: Int

    /// Creates a card description.
    public init(width: Int = 1200, height: Int = 630, background: CardBackground, icon: CardImage? = nil,
                iconSize: Int = 112, title: CardText, lines: [CardText] = [], padding: Int = 80) {
        self.width = width
        self.height = height
        self.background = background
        self.icon = icon
        self.iconSize = iconSize
        self.title = title
        self.lines = lines
        self.padding = padding
    }

    /// The title then the lines.
    var texts: [CardText] { [title] + lines }

    /// Checks the sizes and counts against ``CardLimits``.
    func validate() throws(CardError) {
        guard CardLimits.cardSide.contains(width), CardLimits.cardSide.contains(height) else {
            throw CardError(.invalidCard, "a card of \(width)×\(height) pixels is outside \(CardLimits.cardSide.lowerBound)...\(CardLimits.cardSide.upperBound) on a side")
        }
        guard padding >= 0, padding * 2 < min(width, height) else {
            throw CardError(.invalidCard, "a padding of \(padding) pixels leaves nothing of a \(width)×\(height) card")
        }
        guard iconSize > 0, iconSize <= min(width, height) else {
            throw CardError(.invalidCard, "an icon of \(iconSize) pixels does not fit a \(width)×\(height) card")
        }
        for (index, text) in texts.enumerated() {
            let which = index == 0 ? "the title" : "line \(index)"
            guard CardLimits.textSize.contains(text.size) else {
                throw CardError(.invalidCard, "\(which): a size of \(text.size) pixels is outside \(Int(CardLimits.textSize.lowerBound))...\(Int(CardLimits.textSize.upperBound))")
            }
            guard (1...CardLimits.maxLines).contains(text.maxLines) else {
                throw CardError(.invalidCard, "\(which): \(text.maxLines) lines is outside 1...\(CardLimits.maxLines)")
            }
            guard text.lineSpacing >= 0.5, text.lineSpacing <= 4 else {
                throw CardError(.invalidCard, "\(which): a line spacing of \(text.lineSpacing) is outside 0.5...4")
            }
        }
    }
}

/// What is behind a card's text.
public enum CardBackground: Sendable {
    /// One colour.
    case color(CardColor)
    /// An image scaled to cover the card (cropped to its proportions, centred), with an optional
    /// colour laid over it (a translucent shade keeps text readable).
    case image(CardImage, overlay: CardColor?)
}
