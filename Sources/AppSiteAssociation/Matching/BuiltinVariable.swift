import Foundation

/// Apple's built-in substitution variables.
///
/// The character classes stand for exactly one character; `region` and `lang` stand for one
/// ISO code as Foundation lists them (`GB` is a region, `UK` is not).
public enum BuiltinVariable: String, Sendable, CaseIterable {
    /// One alphabetic character.
    case alpha
    /// One upper-case letter.
    case upper
    /// One lower-case letter.
    case lower
    /// One letter or decimal digit.
    case alnum
    /// One decimal digit.
    case digit
    /// One hexadecimal digit, `0-9`, `a-f`, `A-F`.
    case xdigit
    /// One ISO region code (`Locale.Region.isoRegions`).
    case region
    /// One ISO language code (`Locale.LanguageCode.isoLanguageCodes`).
    case lang

    var meaning: VariableMeaning {
        switch self {
        case .alpha: .characterClass(.alpha)
        case .upper: .characterClass(.upper)
        case .lower: .characterClass(.lower)
        case .alnum: .characterClass(.alnum)
        case .digit: .characterClass(.digit)
        case .xdigit: .characterClass(.xdigit)
        case .region: .values(Self.regionCodes)
        case .lang: .values(Self.languageCodes)
        }
    }

    /// ISO region codes as Foundation lists them.
    static let regionCodes: [String] = Locale.Region.isoRegions.map(\.identifier)
    /// ISO language codes as Foundation lists them.
    static let languageCodes: [String] = Locale.LanguageCode.isoLanguageCodes.map(\.identifier)
}

/// A class of single characters used by the built-in variables.
enum CharacterClass: Sendable, Hashable {
    case alpha, upper, lower, alnum, digit, xdigit

    /// Whether `scalar` belongs to the class. With `caseInsensitive`, the input has been
    /// lower-cased, so `upper` and `lower` accept any cased letter.
    func contains(_ scalar: Unicode.Scalar, caseInsensitive: Bool) -> Bool {
        let properties = scalar.properties
        switch self {
        case .alpha: return properties.isAlphabetic
        case .upper: return caseInsensitive ? properties.isCased && properties.isAlphabetic : properties.isUppercase
        case .lower: return caseInsensitive ? properties.isCased && properties.isAlphabetic : properties.isLowercase
        case .alnum: return properties.isAlphabetic || properties.numericType == .decimal
        case .digit: return properties.numericType == .decimal
        case .xdigit:
            return ("0"..."9").contains(scalar) || ("a"..."f").contains(scalar) || ("A"..."F").contains(scalar)
        }
    }
}
