extension QRCode {
    /// The module sizes, in pixels or SVG user units, that rendering accepts.
    public static let moduleSizeRange = 1...64
    /// The quiet-zone widths, in modules, that rendering accepts. The standard asks for 4.
    public static let marginRange = 0...64

    /// Checks rendering arguments and gives the side of the image in pixels.
    func renderedSide(moduleSize: Int, margin: Int) throws(QRCodeError) -> Int {
        guard Self.moduleSizeRange.contains(moduleSize) else {
            throw .outOfRange(.moduleSizeOutOfRange, name: "module size", value: moduleSize, expected: Self.moduleSizeRange)
        }
        guard Self.marginRange.contains(margin) else {
            throw .outOfRange(.marginOutOfRange, name: "margin", value: margin, expected: Self.marginRange)
        }
        return (size + 2 * margin) * moduleSize
    }
}
