/// The eight data mask patterns of ISO/IEC 18004 Table 10, by reference number.
///
/// A mask inverts the data modules where its condition holds, with `i` the row and `j` the
/// column (so `x` is `j` and `y` is `i`).
enum QRMask {
    /// The mask reference numbers.
    static let range = 0...7

    /// Whether mask `mask` inverts the module at column `x`, row `y`.
    static func inverts(_ mask: Int, x j: Int, y i: Int) -> Bool {
        switch mask {
        case 0: (i + j) % 2 == 0
        case 1: i % 2 == 0
        case 2: j % 3 == 0
        case 3: (i + j) % 3 == 0
        case 4: (i / 2 + j / 3) % 2 == 0
        case 5: (i * j) % 2 + (i * j) % 3 == 0
        case 6: ((i * j) % 2 + (i * j) % 3) % 2 == 0
        case 7: ((i + j) % 2 + (i * j) % 3) % 2 == 0
        default: preconditionFailure("mask \(mask) is outside 0...7")
        }
    }
}

extension ModuleGrid {
    /// Inverts every non-function module that the mask selects. Applying it twice undoes it.
    mutating func applyMask(_ mask: Int) {
        for y in 0..<size {
            for x in 0..<size where !isFunction[y * size + x] && QRMask.inverts(mask, x: x, y: y) {
                modules[y * size + x].toggle()
            }
        }
    }
}
