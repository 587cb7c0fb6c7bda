/// One text block of a card, the title or a line under it: what it says and how it looks.
///
/// ```swift
/// let title = CardText("Daily Puzzle for 2026-11-20", size: 72, color: .white, fonts: [bold], maxLines: 3)
/// ```
///
/// Text that does not fit its width is wrapped at spaces (inside a word only when the word alone
/// is wider than the card); text that does not fit `maxLines`, or the card's height, ends with
/// an ellipsis (…).
public struct CardText: Sendable {
    /// What the block says. Newlines break lines; other control characters are dropped.
    public var text: String
    /// The font size in pixels (the em square), 4...400.
    public var size: Double
    /// The colour of the letters.
    public var color: CardColor
    /// The fonts, in order of preference, tried character by character: a character the first
    /// one lacks is drawn with the next one that has it, then with the renderer's fallbacks.
    /// Empty: the renderer's fallbacks alone.
    public var fonts: [CardFont]
    /// Where the lines sit across the card.
    public var alignment: CardAlignment
    /// The most lines the block takes, at least 1.
    public var maxLines: Int
    /// The distance between baselines, as a multiple of `size`.
    public var lineSpacing: Double

    /// Creates a text block.
    public init(_ text: String, size: Double, color: CardColor = .ink, fonts: [CardFont] = [],
                alignment: CardAlignment = .leading, maxLines: Int = 1, lineSpacing: Double = 1.2) {
        self.text = text
        self.size = size
        self.color = color
        self.fonts = fonts
        self.alignment = alignment
        self.maxLines = maxLines
        self.lineSpacing = lineSpacing
    }
}
