/// A QR code (ISO/IEC 18004, Model 2) holding bytes in byte mode: a square of dark and light
/// modules, ready to draw.
///
/// The smallest version (1...40) that holds the bytes at the requested error correction is
/// chosen, and the mask (0...7) with the lowest penalty under the standard's four rules.
///
/// ```swift
/// let code = try QRCode("https://example.com/s/abc123")
/// code.version          // 3
/// code.size             // 29 modules per side
/// code[x: 0, y: 0]      // true: the top-left finder is dark
/// let svg = try code.svg()
/// let png = try code.png(moduleSize: 8)
/// ```
public struct QRCode: Sendable, Hashable {
    /// The version, 1...40: the symbol is `17 + 4 × version` modules per side.
    public let version: Int
    /// The error-correction level.
    public let errorCorrection: QRErrorCorrection
    /// The data mask pattern, 0...7.
    public let mask: Int
    /// Modules per side, without the quiet zone.
    public let size: Int
    private let modules: [Bool]

    /// Encodes bytes in byte mode.
    ///
    /// - Parameters:
    ///   - bytes: the payload; up to 2,953 bytes at `.low`, 2,331 at `.medium`, 1,663 at
    ///     `.quartile` and 1,273 at `.high`.
    ///   - errorCorrection: the level; `.medium` by default.
    ///   - minimumVersion: the smallest version to use, 1...40 (a larger one is used if the
    ///     bytes need it).
    ///   - mask: forces a mask pattern, 0...7, instead of choosing the one with the lowest penalty.
    /// - Throws: ``QRCodeError`` with code `.dataTooLong` when the bytes do not fit in version 40,
    ///   `.versionOutOfRange` or `.maskOutOfRange` for arguments outside their ranges.
    public init(
        _ bytes: some Collection<UInt8>,
        errorCorrection: QRErrorCorrection = .medium,
        minimumVersion: Int = 1,
        mask: Int? = nil
    ) throws(QRCodeError) {
        guard QRVersion.range.contains(minimumVersion) else {
            throw .outOfRange(.versionOutOfRange, name: "minimum version", value: minimumVersion, expected: QRVersion.range)
        }
        if let mask, !QRMask.range.contains(mask) {
            throw .outOfRange(.maskOutOfRange, name: "mask", value: mask, expected: QRMask.range)
        }
        let payload = Array(bytes)
        guard let version = (minimumVersion...40).lazy.map(QRVersion.init)
            .first(where: { $0.byteCapacity(errorCorrection) >= payload.count })
        else {
            throw .dataTooLong(
                byteCount: payload.count, errorCorrection: errorCorrection,
                capacity: QRVersion(40).byteCapacity(errorCorrection))
        }

        let data = QRCodewords.dataCodewords(for: payload, version: version, level: errorCorrection)
        let codewords = QRCodewords.interleaved(data, version: version, level: errorCorrection)
        var grid = ModuleGrid(functionPatternsOf: version)
        grid.placeCodewords(codewords)

        let chosenMask = mask ?? Self.lowestPenaltyMask(of: grid, level: errorCorrection)
        grid.applyMask(chosenMask)
        grid.drawFormatInformation(ModuleGrid.formatInformation(level: errorCorrection, mask: chosenMask))

        self.version = version.number
        self.errorCorrection = errorCorrection
        self.mask = chosenMask
        self.size = version.size
        self.modules = grid.modules
    }

    /// Encodes text as its UTF-8 bytes, in byte mode.
    ///
    /// - Throws: ``QRCodeError``, as the initializer that takes bytes does.
    public init(
        _ text: String,
        errorCorrection: QRErrorCorrection = .medium,
        minimumVersion: Int = 1,
        mask: Int? = nil
    ) throws(QRCodeError) {
        try self.init(Array(text.utf8), errorCorrection: errorCorrection, minimumVersion: minimumVersion, mask: mask)
    }

    /// Whether the module at column `x`, row `y` is dark; (0, 0) is the top-left corner.
    /// Modules outside the symbol are the quiet zone: light.
    public subscript(x x: Int, y y: Int) -> Bool {
        guard (0..<size).contains(x), (0..<size).contains(y) else { return false }
        return modules[y * size + x]
    }

    /// The mask whose symbol (with its format information) scores the lowest penalty; the
    /// lowest-numbered one on a tie.
    static func lowestPenaltyMask(of grid: ModuleGrid, level: QRErrorCorrection) -> Int {
        var best = (mask: 0, score: Int.max)
        for mask in QRMask.range {
            var masked = grid
            masked.applyMask(mask)
            masked.drawFormatInformation(ModuleGrid.formatInformation(level: level, mask: mask))
            let score = QRPenalty.score(masked)
            if score < best.score { best = (mask, score) }
        }
        return best.mask
    }
}
