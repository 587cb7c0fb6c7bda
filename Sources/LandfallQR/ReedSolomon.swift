/// Reed–Solomon error correction over GF(256) with the QR code's field polynomial
/// x⁸ + x⁴ + x³ + x² + 1 (0x11D), generator roots α⁰ … α^(n−1).
struct ReedSolomon: Sendable {
    /// The generator polynomial's coefficients, highest degree first, leading 1 omitted.
    let generator: [UInt8]

    /// Makes the encoder for `degree` error-correction codewords per block.
    init(degree: Int) {
        precondition((1...255).contains(degree), "Reed–Solomon degree \(degree) is outside 1...255")
        var coefficients = [UInt8](repeating: 0, count: degree)
        coefficients[degree - 1] = 1
        var root: UInt8 = 1
        for _ in 0..<degree {
            for index in 0..<degree {
                coefficients[index] = GaloisField.multiply(coefficients[index], root)
                if index + 1 < degree { coefficients[index] ^= coefficients[index + 1] }
            }
            root = GaloisField.multiply(root, 0x02)
        }
        generator = coefficients
    }

    /// The error-correction codewords for one block of data codewords.
    func remainder(of data: some Collection<UInt8>) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: generator.count)
        for byte in data {
            let factor = byte ^ result[0]
            result.removeFirst()
            result.append(0)
            if factor != 0 {
                for index in result.indices {
                    result[index] ^= GaloisField.multiply(generator[index], factor)
                }
            }
        }
        return result
    }
}

/// Arithmetic in GF(2⁸) modulo 0x11D, through log and antilog tables.
enum GaloisField {
    private static let tables: (exp: [UInt8], log: [UInt8]) = {
        var exp = [UInt8](repeating: 0, count: 512)
        var log = [UInt8](repeating: 0, count: 256)
        var value = 1
        for power in 0..<255 {
            exp[power] = UInt8(value)
            log[value] = UInt8(power)
            value <<= 1
            if value & 0x100 != 0 { value ^= 0x11D }
        }
        for power in 255..<512 { exp[power] = exp[power - 255] }
        return (exp, log)
    }()

    /// The product of two field elements.
    static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        if a == 0 || b == 0 { return 0 }
        return tables.exp[Int(tables.log[Int(a)]) + Int(tables.log[Int(b)])]
    }
}
