import Crypto
import LandfallSite

extension CardAssets {
    /// The name of a card's picture: 32 hex digits of a SHA-256 over everything that decides
    /// its pixels — the renderer's ``CardRenderer/identity``, the size, colours, texts and
    /// alignments, and the digests of the images and fonts it draws with. Equal fingerprints
    /// mean equal pictures, so a card kept under its fingerprint never goes stale; any change
    /// of the template, the values, a file or the renderer makes a new one.
    ///
    /// ```swift
    /// assets.fingerprint(of: resolved, renderer: renderer)   // "3f9c0a…" (32 digits)
    /// ```
    ///
    /// Only what the card shows goes in: a card drawn from public values (the default card of
    /// a page under embargo) has a fingerprint that says nothing of what is hidden.
    public func fingerprint(of card: ResolvedCard, renderer: CardRenderer) -> String {
        var fields = FingerprintFields()
        fields.add("landfall card")
        fields.add(renderer.identity)
        fields.add("\(card.width)x\(card.height)")
        switch card.background {
        case .color(let hex):
            fields.add("color")
            fields.add(hex)
        case .image(let path, let overlay):
            fields.add("image")
            file(path, into: &fields)
            fields.add(overlay ?? "")
        }
        if let icon = card.icon {
            fields.add("icon")
            file(icon, into: &fields)
        } else {
            fields.add("no icon")
        }
        for text in [card.title] + card.lines {
            fields.add("text")
            fields.add(text.text)
            fields.add("\(text.size)")
            fields.add(text.color)
            fields.add(text.alignment.rawValue)
            fields.add("\(text.maxLines)")
            for font in text.fonts { file(font, into: &fields) }
        }
        return FileDigest.hex(SHA256.hash(data: fields.bytes), count: 16)
    }

    private func file(_ name: String, into fields: inout FingerprintFields) {
        fields.add(name)
        fields.add(digests[name] ?? "absent")
    }
}

/// Fields written one after another, each after its length, so that no two lists of fields
/// write the same bytes.
struct FingerprintFields {
    var bytes: [UInt8] = []

    mutating func add(_ field: String) {
        bytes.append(contentsOf: "\(field.utf8.count):".utf8)
        bytes.append(contentsOf: field.utf8)
    }
}
