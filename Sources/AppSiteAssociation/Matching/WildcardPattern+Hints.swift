extension WildcardPattern {
    /// The fewest characters the pattern can match, and the most (`nil` when unbounded).
    var lengthRange: (minimum: Int, maximum: Int?) {
        Self.lengthRange(of: tokens)
    }

    private static func lengthRange(of tokens: [Token]) -> (minimum: Int, maximum: Int?) {
        var minimum = 0
        var maximum: Int? = 0
        for token in tokens {
            switch token {
            case .literal(let bytes):
                let length = String(decoding: bytes, as: UTF8.self).unicodeScalars.count
                minimum += length
                maximum = maximum.map { $0 + length }
            case .anyCharacter, .characterClass:
                minimum += 1
                maximum = maximum.map { $0 + 1 }
            case .anyRun:
                maximum = nil
            case .choice(let alternatives):
                let ranges = alternatives.map(lengthRange(of:))
                minimum += ranges.map(\.minimum).min() ?? 0
                if let current = maximum, ranges.allSatisfy({ $0.maximum != nil }) {
                    maximum = current + (ranges.compactMap(\.maximum).max() ?? 0)
                } else {
                    maximum = nil
                }
            case .never:
                break
            }
        }
        return (minimum, maximum)
    }

    /// A short reason why `input` (as compared) does not match, or `nil` when no simple reason
    /// can be given.
    public func mismatchHint(for input: String) -> String? {
        if let name = variables.first(where: { !$0.isDefined })?.name {
            return "$(\(name)) is not a defined substitution variable, so the pattern matches nothing"
        }
        let length = input.unicodeScalars.count
        let (minimum, maximum) = lengthRange
        if let maximum, minimum == maximum, length != minimum {
            return "needs \(minimum) character\(minimum == 1 ? "" : "s"), found \(length)"
        }
        if length < minimum {
            return "needs at least \(minimum) characters, found \(length)"
        }
        if let maximum, length > maximum {
            return "allows at most \(maximum) characters, found \(length)"
        }
        if case .literal(let bytes)? = tokens.first {
            let prefix = String(decoding: bytes, as: UTF8.self)
            let compared = caseInsensitive ? Self.foldCase(input) : input
            if !compared.hasPrefix(prefix) { return "does not start with `\(prefix)`" }
        }
        if tokens.count > 1, case .literal(let bytes)? = tokens.last {
            let suffix = String(decoding: bytes, as: UTF8.self)
            let compared = caseInsensitive ? Self.foldCase(input) : input
            if !compared.hasSuffix(suffix) { return "does not end with `\(suffix)`" }
        }
        return nil
    }
}
