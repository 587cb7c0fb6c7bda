/// Why a QR code could not be made or drawn, with a message a person can act on.
///
/// ```swift
/// do {
///     _ = try QRCode(hugePayload)
/// } catch let error as QRCodeError where error.code == .dataTooLong {
///     print(error.message)
///     // 2,954 bytes do not fit in a QR code at error correction M: at most 2,331 bytes fit (version 40)
/// }
/// ```
public struct QRCodeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem it is.
    public enum Code: String, Sendable, Hashable, CaseIterable {
        /// The payload is larger than version 40 holds at the requested error correction.
        case dataTooLong
        /// `minimumVersion` is outside 1...40.
        case versionOutOfRange
        /// A forced mask is outside 0...7.
        case maskOutOfRange
        /// A rendering module size is outside 1...64.
        case moduleSizeOutOfRange
        /// A rendering margin (quiet zone) is outside 0...64.
        case marginOutOfRange
    }

    /// What kind of problem it is.
    public let code: Code
    /// What was wrong and what is expected, in one sentence.
    public let message: String

    /// Makes an error with its code and message.
    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    /// The message.
    public var description: String { message }
}

extension QRCodeError {
    static func dataTooLong(byteCount: Int, errorCorrection: QRErrorCorrection, capacity: Int) -> QRCodeError {
        QRCodeError(
            code: .dataTooLong,
            message: "\(grouped(byteCount)) \(byteCount == 1 ? "byte does" : "bytes do") not fit in a QR code "
                + "at error correction \(errorCorrection): at most \(grouped(capacity)) bytes fit (version 40)"
        )
    }

    static func outOfRange(_ code: Code, name: String, value: Int, expected: ClosedRange<Int>) -> QRCodeError {
        QRCodeError(
            code: code,
            message: "\(name) \(value) is out of range: expected \(expected.lowerBound)...\(expected.upperBound)"
        )
    }

    /// Writes a count with thousands separators ("2,954") without Foundation.
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return value < 0 ? "-" + result : result
    }
}
