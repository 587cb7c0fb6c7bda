/// Turns a byte payload into the final codeword sequence of a symbol: the byte-mode bit stream,
/// padded to the data capacity, split into blocks, each block followed by its Reed–Solomon
/// error-correction codewords, and the blocks interleaved (ISO/IEC 18004 §7.4 and §7.5–7.6).
enum QRCodewords {
    /// The data codewords: mode 0100, the byte count, the bytes, up to four terminator zeros,
    /// zeros to the byte boundary, then the pad bytes 0xEC and 0x11 alternately.
    static func dataCodewords(for bytes: [UInt8], version: QRVersion, level: QRErrorCorrection) -> [UInt8] {
        let capacity = version.dataCodewords(level)
        var writer = BitWriter()
        writer.append(0b0100, bitCount: 4)
        writer.append(bytes.count, bitCount: version.byteCountIndicatorBits)
        for byte in bytes { writer.append(Int(byte), bitCount: 8) }
        writer.append(0, bitCount: min(4, capacity * 8 - writer.bitCount))
        writer.append(0, bitCount: (8 - writer.bitCount % 8) % 8)
        var codewords = writer.bytes
        var pad: UInt8 = 0xEC
        while codewords.count < capacity {
            codewords.append(pad)
            pad ^= 0xEC ^ 0x11
        }
        return codewords
    }

    /// The data codewords split into blocks, each with its error correction, interleaved:
    /// first codeword of every block, then the second, …, then the error-correction codewords
    /// the same way. Shorter blocks come first and simply skip the last data round.
    static func interleaved(_ data: [UInt8], version: QRVersion, level: QRErrorCorrection) -> [UInt8] {
        let blockCount = version.blockCount(level)
        let eccLength = version.errorCorrectionCodewordsPerBlock(level)
        let shortBlockCount = blockCount - version.totalCodewords % blockCount
        let shortDataLength = version.totalCodewords / blockCount - eccLength
        let encoder = ReedSolomon(degree: eccLength)

        var dataBlocks: [ArraySlice<UInt8>] = []
        var eccBlocks: [[UInt8]] = []
        var start = 0
        for index in 0..<blockCount {
            let length = shortDataLength + (index < shortBlockCount ? 0 : 1)
            let block = data[start..<start + length]
            dataBlocks.append(block)
            eccBlocks.append(encoder.remainder(of: block))
            start += length
        }

        var result: [UInt8] = []
        result.reserveCapacity(version.totalCodewords)
        for offset in 0...shortDataLength {
            for block in dataBlocks where offset < block.count {
                result.append(block[block.startIndex + offset])
            }
        }
        for offset in 0..<eccLength {
            for block in eccBlocks { result.append(block[offset]) }
        }
        return result
    }
}

/// Appends bits most significant first and packs them into bytes.
struct BitWriter {
    private(set) var bytes: [UInt8] = []
    private(set) var bitCount = 0

    mutating func append(_ value: Int, bitCount count: Int) {
        for shift in stride(from: count - 1, through: 0, by: -1) {
            if bitCount % 8 == 0 { bytes.append(0) }
            if (value >> shift) & 1 == 1 {
                bytes[bytes.count - 1] |= 0x80 >> UInt8(bitCount % 8)
            }
            bitCount += 1
        }
    }
}
