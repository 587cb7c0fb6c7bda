/// The error-correction level of a QR code: how much of the symbol can be damaged and still read.
///
/// Higher levels recover more damage but hold fewer bytes per version.
public enum QRErrorCorrection: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// About 7% of codewords can be restored.
    case low
    /// About 15% of codewords can be restored. The default.
    case medium
    /// About 25% of codewords can be restored.
    case quartile
    /// About 30% of codewords can be restored.
    case high

    /// The level's letter as the standard writes it: `L`, `M`, `Q` or `H`.
    public var description: String {
        switch self {
        case .low: "L"
        case .medium: "M"
        case .quartile: "Q"
        case .high: "H"
        }
    }

    /// The two bits that encode the level in the format information (ISO/IEC 18004 Table 12).
    var formatBits: Int {
        switch self {
        case .low: 0b01
        case .medium: 0b00
        case .quartile: 0b11
        case .high: 0b10
        }
    }
}
