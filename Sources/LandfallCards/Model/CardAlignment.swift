/// Where a text's lines (and the icon above a title) sit across the card.
///
/// `leading` and `trailing` follow the text's direction: a Hebrew title aligned `leading`
/// starts at the right edge.
public enum CardAlignment: String, Sendable, Hashable, CaseIterable {
    /// The side the text starts from: left for left-to-right text, right for right-to-left.
    case leading
    /// Centred.
    case center
    /// The side the text ends at.
    case trailing
}
