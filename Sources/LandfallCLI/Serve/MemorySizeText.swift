/// An amount of memory as people write it on the command line: a whole number and a unit,
/// `256MB`, `1GB`, `64MiB`, or `0` (off). `KB`/`MB`/`GB` are taken as KiB/MiB/GiB, as memory
/// is counted.
///
/// ```swift
/// try MemorySizeText(parsing: "256MB").bytes   // 268435456
/// try MemorySizeText(parsing: "0").bytes       // 0
/// try MemorySizeText(parsing: "lots")          // throws: 'lots' is not an amount of memory; ...
/// ```
struct MemorySizeText: Sendable, Hashable {
    /// The amount in bytes.
    let bytes: Int

    /// The units: a byte count's multiplier by its symbol (compared without case).
    static let units: [String: Int] = [
        "b": 1, "k": 1 << 10, "kb": 1 << 10, "kib": 1 << 10, "m": 1 << 20, "mb": 1 << 20, "mib": 1 << 20,
        "g": 1 << 30, "gb": 1 << 30, "gib": 1 << 30,
    ]

    /// Reads `text`.
    ///
    /// - Throws: ``MemorySizeTextError`` saying what to write instead.
    init(parsing text: String) throws(MemorySizeTextError) {
        let example = "write a whole number and a unit, such as 256MB or 1GB, or 0 for none"
        let trimmed = text.filter { $0 != " " }
        let digits = trimmed.prefix { $0.isASCII && $0.isNumber }
        let unit = trimmed.dropFirst(digits.count).lowercased()
        guard !digits.isEmpty, digits.count <= 12, let number = Int(digits) else {
            throw MemorySizeTextError(message: "'\(text)' is not an amount of memory; \(example)")
        }
        guard let multiplier = unit.isEmpty && number == 0 ? 1 : Self.units[unit] else {
            let what = unit.isEmpty ? "has no unit" : "has the unit '\(unit)', which is none of B, KB, MB, GB"
            throw MemorySizeTextError(message: "'\(text)' \(what); \(example)")
        }
        let (bytes, overflow) = number.multipliedReportingOverflow(by: multiplier)
        guard !overflow else { throw MemorySizeTextError(message: "'\(text)' is more memory than any machine has; \(example)") }
        self.bytes = bytes
    }
}

/// Why a text is not a ``MemorySizeText``.
struct MemorySizeTextError: Error, Sendable, Hashable, CustomStringConvertible {
    let message: String

    var description: String { message }
}
