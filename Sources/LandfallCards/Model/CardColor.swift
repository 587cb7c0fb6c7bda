import Foundation

/// An sRGB colour with 8-bit channels and an alpha (255 is opaque).
///
/// ```swift
/// let blue = CardColor(hex: "#3b5bdb")     // CardColor(red: 59, green: 91, blue: 219)
/// let shade = CardColor(red: 0, green: 0, blue: 0, alpha: 96)
/// ```
public struct CardColor: Sendable, Hashable, CustomStringConvertible {
    /// The red channel.
    public var red: UInt8
    /// The green channel.
    public var green: UInt8
    /// The blue channel.
    public var blue: UInt8
    /// The opacity: 0 is transparent, 255 opaque.
    public var alpha: UInt8

    /// Creates a colour from its channels.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Reads `#rrggbb` (or `#rrggbbaa`), in either case; nil for anything else.
    public init?(hex: String) {
        let digits = Array(hex.utf8)
        guard digits.first == UInt8(ascii: "#"), digits.count == 7 || digits.count == 9 else { return nil }
        var channels: [UInt8] = []
        var index = 1
        while index < digits.count {
            guard let high = Self.hexValue(digits[index]), let low = Self.hexValue(digits[index + 1]) else { return nil }
            channels.append(high << 4 | low)
            index += 2
        }
        self.init(red: channels[0], green: channels[1], blue: channels[2], alpha: channels.count == 4 ? channels[3] : 255)
    }

    /// `#rrggbb`, with `aa` after it when the colour is not opaque.
    public var description: String {
        let channels = alpha == 255 ? [red, green, blue] : [red, green, blue, alpha]
        return "#" + channels.map { byte in
            let text = String(byte, radix: 16)
            return byte < 16 ? "0" + text : text
        }.joined()
    }

    /// The relative luminance of WCAG 2 (0 for black, 1 for white).
    public var luminance: Double {
        func linear(_ channel: UInt8) -> Double {
            let value = Double(channel) / 255
            return value <= 0.039_28 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// White or near-black, whichever reads better on this colour (the higher WCAG contrast).
    public var readableTextColor: CardColor {
        let white = 1.05 / (luminance + 0.05)
        let dark = (luminance + 0.05) / (CardColor.ink.luminance + 0.05)
        return white >= dark ? .white : .ink
    }

    /// Opaque white.
    public static let white = CardColor(red: 255, green: 255, blue: 255)
    /// The near-black used for text on light backgrounds.
    public static let ink = CardColor(red: 0x1c, green: 0x1f, blue: 0x26)

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
