extension ModuleGrid {
    /// Places codewords in the non-function modules: in two-module-wide columns from the right,
    /// upwards then downwards in turn, skipping the vertical timing pattern; each codeword's
    /// most significant bit first (ISO/IEC 18004 §7.7.3). Remainder bits stay light.
    mutating func placeCodewords(_ codewords: [UInt8]) {
        let bitTotal = codewords.count * 8
        var bitIndex = 0
        var right = size - 1
        while right >= 1 {
            if right == 6 { right = 5 }
            let upward = (right + 1) & 2 == 0
            for vertical in 0..<size {
                let y = upward ? size - 1 - vertical : vertical
                for x in [right, right - 1] where !isFunction[y * size + x] {
                    guard bitIndex < bitTotal else { continue }
                    self[x, y] = (codewords[bitIndex >> 3] >> (7 - UInt8(bitIndex & 7))) & 1 == 1
                    bitIndex += 1
                }
            }
            right -= 2
        }
    }
}
