import Foundation
import LandfallWire

/// A link's fields, but its host and slug, in a compact binary form for a process's own
/// memory: the server keeps every link packed this way (about 50 bytes for a link with a
/// 45-byte target and nothing else, its origin kept once in ``PackedOrigins``) and unpacks one
/// per visit.
///
/// The form is not a storage or wire format: it has no version, and changes with the model.
/// ``ShortLink/init(unpacking:host:slug:origins:)`` reads only what
/// ``ShortLink/pack(into:origins:)`` wrote, with the same origins.
///
/// Layout: the id's 16 bytes; a flags byte (disabled, has an expiry, has a click limit, updated
/// after it was created); two bytes saying which optional texts follow; the target (its
/// origin's number plus one and the rest, or 0 and the whole target); each optional text
/// present (overrides, preview, campaign, the card's name, in that order); the data's pairs; the
/// dates as the bits of their `Double`s; the click limit and count. Texts and counts are
/// LEB128 lengths and numbers.
extension ShortLink {
    /// Appends the link, but its ``host`` and ``slug``, to `bytes`; its target's origin is
    /// numbered in `origins`.
    public func pack(into bytes: inout [UInt8], origins: inout PackedOrigins) {
        bytes.append(contentsOf: id.uuidBytes)
        var flags: UInt8 = 0
        if isDisabled { flags |= PackedFlags.disabled }
        if expiresAt != nil { flags |= PackedFlags.expires }
        if maxClicks != nil { flags |= PackedFlags.limited }
        if updatedAt != createdAt { flags |= PackedFlags.updated }
        bytes.append(flags)
        let texts = optionalTexts
        var present: UInt16 = 0
        for (index, text) in texts.enumerated() where text != nil { present |= 1 << index }
        bytes.append(UInt8(truncatingIfNeeded: present))
        bytes.append(UInt8(truncatingIfNeeded: present >> 8))
        if let (origin, rest) = PackedOrigins.split(target), let number = origins.number(of: origin) {
            Self.appendNumber(UInt64(number) + 1, to: &bytes)
            Self.appendText(rest, to: &bytes)
        } else {
            Self.appendNumber(0, to: &bytes)
            Self.appendText(target, to: &bytes)
        }
        for case let text? in texts { Self.appendText(text, to: &bytes) }
        Self.appendNumber(UInt64(data.count), to: &bytes)
        for key in data.keys.sorted() {
            Self.appendText(key, to: &bytes)
            Self.appendText(data[key] ?? "", to: &bytes)
        }
        if let expiresAt { Self.appendDate(expiresAt, to: &bytes) }
        Self.appendDate(createdAt, to: &bytes)
        if updatedAt != createdAt { Self.appendDate(updatedAt, to: &bytes) }
        if let maxClicks { Self.appendNumber(UInt64(bitPattern: Int64(maxClicks)), to: &bytes) }
        Self.appendNumber(UInt64(bitPattern: Int64(clickCount)), to: &bytes)
    }

    /// Reads a link that ``pack(into:origins:)`` wrote into `bytes` with `origins`, with its
    /// host and slug.
    ///
    /// - Throws: ``LinkUnpackingError`` when `bytes` end early or hold something else.
    public init(unpacking bytes: UnsafeRawBufferPointer, host: String, slug: String, origins: PackedOrigins) throws(LinkUnpackingError) {
        var reader = PackedReader(bytes: bytes)
        let id = LinkID(uuidBytes: try reader.bytes(16))
        let flags = try reader.byte()
        let present = UInt16(try reader.byte()) | UInt16(try reader.byte()) << 8
        let target = try reader.target(origins: origins)
        // The optional texts in their packed order (``optionalTexts``), read one by one: no array
        // is made for them.
        var index = 0
        func nextText() throws(LinkUnpackingError) -> String? {
            defer { index += 1 }
            return present & (1 << index) != 0 ? try reader.text() : nil
        }
        let overrides = PlatformOverrides(ios: try nextText(), android: try nextText(), desktop: try nextText())
        let preview = SocialPreview(title: try nextText(), description: try nextText(), imageURL: try nextText())
        let campaign = Campaign(source: try nextText(), medium: try nextText(), name: try nextText(), term: try nextText(),
                                content: try nextText())
        let card = try nextText()
        let pairs = try reader.number()
        guard pairs <= UInt64(bytes.count) else { throw LinkUnpackingError(offset: reader.offset, problem: "\(pairs) data pairs") }
        var data: [String: String] = [:]
        if pairs > 0 { data.reserveCapacity(Int(pairs)) }
        for _ in 0..<pairs {
            let key = try reader.text()
            data[key] = try reader.text()
        }
        let expiresAt = flags & PackedFlags.expires != 0 ? try reader.date() : nil
        let createdAt = try reader.date()
        let updatedAt = flags & PackedFlags.updated != 0 ? try reader.date() : createdAt
        let maxClicks = flags & PackedFlags.limited != 0 ? Int(Int64(bitPattern: try reader.number())) : nil
        let clickCount = Int(Int64(bitPattern: try reader.number()))
        guard reader.isAtEnd else { throw LinkUnpackingError(offset: reader.offset, problem: "bytes after the link") }
        self.init(
            id: id, host: host, slug: slug, target: target, overrides: overrides, preview: preview, campaign: campaign,
            data: data, expiresAt: expiresAt, maxClicks: maxClicks, isDisabled: flags & PackedFlags.disabled != 0,
            createdAt: createdAt, updatedAt: updatedAt, clickCount: clickCount, card: card)
    }

    /// The optional texts in the order they are packed (and read back, one by one, by
    /// ``init(unpacking:host:slug:origins:)``).
    private var optionalTexts: [String?] {
        [overrides.ios, overrides.android, overrides.desktop, preview.title, preview.description, preview.imageURL,
         campaign.source, campaign.medium, campaign.name, campaign.term, campaign.content, card]
    }

    private static func appendText(_ text: some StringProtocol, to bytes: inout [UInt8]) {
        let utf8 = text.utf8
        appendNumber(UInt64(utf8.count), to: &bytes)
        bytes.append(contentsOf: utf8)
    }

    private static func appendDate(_ date: Date, to bytes: inout [UInt8]) {
        let bits = date.timeIntervalSinceReferenceDate.bitPattern
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
    }

    /// LEB128: seven bits a byte, the high bit set on every byte but the last.
    private static func appendNumber(_ number: UInt64, to bytes: inout [UInt8]) {
        var rest = number
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }
}

/// The flags byte of a packed link.
private enum PackedFlags {
    static let disabled: UInt8 = 1
    static let expires: UInt8 = 2
    static let limited: UInt8 = 4
    static let updated: UInt8 = 8
}

/// Bytes that are not a packed link (``ShortLink/init(unpacking:host:slug:origins:)``).
public struct LinkUnpackingError: Error, CustomStringConvertible, Equatable {
    /// Where in the bytes reading stopped.
    public var offset: Int
    /// What was wrong there.
    public var problem: String

    public var description: String { "not a packed link: \(problem) at byte \(offset)" }
}

/// Reads a packed link's bytes from the front.
private struct PackedReader {
    let bytes: UnsafeRawBufferPointer
    private(set) var offset = 0

    init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { offset == bytes.count }

    mutating func byte() throws(LinkUnpackingError) -> UInt8 {
        guard offset < bytes.count else { throw LinkUnpackingError(offset: offset, problem: "the end") }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func bytes(_ count: Int) throws(LinkUnpackingError) -> UnsafeRawBufferPointer {
        guard count >= 0, count <= bytes.count - offset else {
            throw LinkUnpackingError(offset: offset, problem: "\(count) bytes wanted, \(bytes.count - offset) left")
        }
        defer { offset += count }
        return UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + count)])
    }

    mutating func number() throws(LinkUnpackingError) -> UInt64 {
        var number: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let byte = try byte()
            guard shift < 64 else { throw LinkUnpackingError(offset: offset, problem: "a number of more than 64 bits") }
            number |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return number }
            shift += 7
        }
    }

    mutating func text() throws(LinkUnpackingError) -> String {
        String(decoding: try textBytes(), as: UTF8.self)
    }

    /// A text's bytes: its length, then that many bytes.
    mutating func textBytes() throws(LinkUnpackingError) -> UnsafeRawBufferPointer {
        let count = try number()
        guard count <= UInt64(bytes.count) else { throw LinkUnpackingError(offset: offset, problem: "a text of \(count) bytes") }
        return try bytes(Int(count))
    }

    /// A target: its origin's number plus one, then the rest (or 0, then the whole target).
    mutating func target(origins: PackedOrigins) throws(LinkUnpackingError) -> String {
        let number = try number()
        guard number > 0 else { return try text() }
        guard let origin = origins.origin(number - 1) else { throw LinkUnpackingError(offset: offset, problem: "origin \(number - 1) of \(origins.count)") }
        let rest = try textBytes()
        return String(unsafeUninitializedCapacity: origin.count + rest.count) { buffer in
            _ = buffer.initialize(fromContentsOf: origin)
            _ = UnsafeMutableBufferPointer(rebasing: buffer[origin.count...]).initialize(fromContentsOf: rest)
            return origin.count + rest.count
        }
    }

    mutating func date() throws(LinkUnpackingError) -> Date {
        let raw = try bytes(8)
        var bits: UInt64 = 0
        for index in 0..<8 { bits |= UInt64(raw[index]) << UInt64(8 * index) }
        return Date(timeIntervalSinceReferenceDate: Double(bitPattern: bits))
    }
}

extension LinkID {
    /// The identifier's 16 bytes (a ``LinkID`` is always a UUID: see ``init(_:)``).
    var uuidBytes: [UInt8] {
        guard let uuid = UUID(uuidString: rawValue) else { return [UInt8](repeating: 0, count: 16) }
        return withUnsafeBytes(of: uuid.uuid) { Array($0) }
    }

    /// The identifier whose 16 bytes are `bytes`, written as ``rawValue`` is: lowercase, with dashes.
    init(uuidBytes bytes: UnsafeRawBufferPointer) {
        let digits: StaticString = "0123456789abcdef"
        let text = String(unsafeUninitializedCapacity: 36) { buffer in
            var written = 0
            digits.withUTF8Buffer { digits in
                for index in 0..<16 {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        buffer[written] = UInt8(ascii: "-")
                        written += 1
                    }
                    buffer[written] = digits[Int(bytes[index] >> 4)]
                    buffer[written + 1] = digits[Int(bytes[index] & 0x0F)]
                    written += 2
                }
            }
            return written
        }
        self.init(uncheckedRawValue: text)
    }
}
