/// ANSI colour for terminal output, or plain text when colour is off.
///
/// Commands get theirs from ``CommandContext/style``, which turns colour on only when standard
/// output is a terminal and `NO_COLOR` is unset.
///
/// ```swift
/// let style = TerminalStyle(usesColor: true)
/// style.paint("error", .red) // "\u{1B}[31merror\u{1B}[0m"
/// ```
public struct TerminalStyle: Sendable {
    /// The colours and emphases used.
    public enum Color: String, Sendable {
        case red = "31"
        case green = "32"
        case yellow = "33"
        case blue = "34"
        case cyan = "36"
        case bold = "1"
        case dim = "2"
    }

    /// Whether escape codes are written.
    public var usesColor: Bool

    /// Creates a style.
    public init(usesColor: Bool) {
        self.usesColor = usesColor
    }

    /// `text` in `color`, or `text` unchanged when colour is off.
    public func paint(_ text: String, _ color: Color) -> String {
        usesColor ? "\u{1B}[\(color.rawValue)m\(text)\u{1B}[0m" : text
    }
}
