extension AndroidPattern {
    /// Android's advanced glob (`android:pathAdvancedPattern`, `PATTERN_ADVANCED_GLOB`): ports of
    /// `PatternMatcher.parseAndVerifyAdvancedPattern` and `matchAdvancedPattern`.
    ///
    /// Parsing turns the pattern into Java's `int[]` of tokens: UTF-16 units for literals and the
    /// negative markers below; a set holds pairs (low, high) of units; a range `{m,n}` holds its
    /// two bounds. Matching is greedy and never backtracks: each token takes as many characters as
    /// it can (up to its maximum), so `.*a` matches nothing. Names follow the Java source.
    enum AdvancedGlob {
        static let charSetStart: Int32 = -1
        static let charSetInverseStart: Int32 = -2
        static let charSetStop: Int32 = -3
        static let charAny: Int32 = -4
        static let rangeStart: Int32 = -5
        static let rangeStop: Int32 = -6
        static let zeroOrMore: Int32 = -7
        static let oneOrMore: Int32 = -8
        /// `MAX_PATTERN_STORAGE`: the size of Android's scratch array of tokens.
        static let maxPatternStorage = 2048

        static func isParsedModifier(_ token: Int32) -> Bool {
            token == oneOrMore || token == zeroOrMore || token == rangeStop || token == rangeStart
        }

        // MARK: Parsing

        static func parse(_ pattern: [UInt16], text: String) throws(AndroidPatternError) -> [Int32] {
            typealias Reason = AndroidPatternError.Reason
            func failure(_ reason: String, at offset: Int?, _ hint: String) -> AndroidPatternError {
                AndroidPatternError(pattern: text, offset: offset, reason: reason, hint: hint)
            }

            let lp = pattern.count
            var ip = 0
            var scratch: [Int32] = []
            scratch.reserveCapacity(min(lp * 2, maxPatternStorage))
            var inSet = false, inRange = false, inCharClass = false
            var setOpenedAt = 0

            while ip < lp {
                if scratch.count > maxPatternStorage - 3 {
                    throw failure(Reason.tooLarge, at: ip, "Android keeps at most \(maxPatternStorage) parsed tokens "
                                  + "(a character takes one, a character in a set two); shorten the pattern")
                }
                var c = pattern[ip]
                var addToParsedPattern = false
                switch c {
                case ascii("["):
                    if inSet {
                        addToParsedPattern = true
                    } else {
                        guard ip + 1 < lp else {
                            throw failure(Reason.indexOutOfBounds(length: lp, index: ip + 1), at: ip,
                                          "Android throws StringIndexOutOfBoundsException for a '[' at the very end, "
                                          + "where it looks for '^'; close the set, or write \\[ for a literal '['")
                        }
                        setOpenedAt = ip
                        if pattern[ip + 1] == ascii("^") {
                            scratch.append(charSetInverseStart)
                            ip += 1
                        } else {
                            scratch.append(charSetStart)
                        }
                        ip += 1
                        inSet = true
                        continue
                    }
                case ascii("]"):
                    if !inSet {
                        addToParsedPattern = true
                    } else {
                        let parsedToken = scratch[scratch.count - 1]
                        if parsedToken == charSetStart || parsedToken == charSetInverseStart {
                            throw failure(Reason.emptySet, at: ip,
                                          "a set needs at least one character, such as [a-z]; write \\] inside a set for a literal ']'")
                        }
                        scratch.append(charSetStop)
                        inSet = false
                        inCharClass = false
                    }
                case ascii("{"):
                    if !inSet {
                        if scratch.isEmpty || isParsedModifier(scratch[scratch.count - 1]) {
                            throw modifierFailure("{", at: ip, afterModifier: !scratch.isEmpty)
                        }
                        scratch.append(rangeStart)
                        ip += 1
                        inRange = true
                    }
                case ascii("}"):
                    if inRange {
                        scratch.append(rangeStop)
                        inRange = false
                    }
                case ascii("*"), ascii("+"):
                    if !inSet {
                        if scratch.isEmpty || isParsedModifier(scratch[scratch.count - 1]) {
                            throw modifierFailure(c == ascii("*") ? "*" : "+", at: ip, afterModifier: !scratch.isEmpty)
                        }
                        scratch.append(c == ascii("*") ? zeroOrMore : oneOrMore)
                    }
                case ascii("."):
                    if !inSet { scratch.append(charAny) }
                case ascii("\\"):
                    if ip + 1 >= lp {
                        throw failure(Reason.escapeAtEnd, at: ip,
                                      "a '\\' makes the next character literal, and there is none; write \\\\ for a literal backslash")
                    }
                    ip += 1
                    c = pattern[ip]
                    addToParsedPattern = true
                default:
                    addToParsedPattern = true
                }

                if inSet {
                    if inCharClass {
                        scratch.append(Int32(c))
                        inCharClass = false
                    } else if ip + 2 < lp && pattern[ip + 1] == ascii("-") && pattern[ip + 2] != ascii("]") {
                        // The low end of a range such as a-z: skip the dash.
                        inCharClass = true
                        scratch.append(Int32(c))
                        ip += 1
                    } else {
                        // A single character is the range c-c.
                        scratch.append(Int32(c))
                        scratch.append(Int32(c))
                    }
                } else if inRange {
                    let opening = ip - 1
                    guard let endOfSet = pattern[ip...].firstIndex(of: ascii("}")) else {
                        throw failure(Reason.rangeNotEnded, at: opening,
                                      "'{' repeats the token before it, as in {2}, {2,} or {2,4}, and needs a closing '}'; "
                                      + "write \\{ for a literal '{'")
                    }
                    let rangeString = pattern[ip..<endOfSet]
                    let numberHint = "write {N}, {MIN,} or {MIN,MAX} with whole numbers (at most 2147483647), "
                        + "not {\(String(decoding: rangeString, as: UTF16.self))}"
                    let bounds: (Int32, Int32)?
                    if let comma = rangeString.firstIndex(of: ascii(",")) {
                        let minimum = javaParseInt(pattern[ip..<comma])
                        let maximum = comma == endOfSet - 1 ? Int32.max : javaParseInt(pattern[(comma + 1)..<endOfSet])
                        bounds = minimum.flatMap { minimum in maximum.map { (minimum, $0) } }
                    } else {
                        bounds = javaParseInt(rangeString).map { ($0, $0) }
                    }
                    guard let (rangeMin, rangeMax) = bounds else {
                        throw failure(Reason.rangeNumberFormat, at: opening, numberHint)
                    }
                    if rangeMin > rangeMax {
                        throw failure(Reason.rangeMinimumAboveMaximum, at: opening,
                                      "in {MIN,MAX} the minimum must not be greater than the maximum, as in {\(rangeMax),\(rangeMin)}")
                    }
                    scratch.append(rangeMin)
                    scratch.append(rangeMax)
                    ip = endOfSet
                    continue
                } else if addToParsedPattern {
                    scratch.append(Int32(c))
                }
                ip += 1
            }
            if inSet {
                throw failure(Reason.setNotTerminated, at: setOpenedAt,
                              "the set opened here has no closing ']'; write \\[ for a literal '['")
            }
            return scratch

            func modifierFailure(_ modifier: String, at offset: Int, afterModifier: Bool) -> AndroidPatternError {
                let hint = "'\(modifier)' must follow a character, '.', or a set"
                    + (afterModifier ? ", not another repetition" : "") + "; write \\\(modifier) for a literal '\(modifier)'"
                return failure(Reason.modifierWithoutToken, at: offset, hint)
            }
        }

        /// Java's `Integer.parseInt(s)`: an optional `+` or `-`, then one or more decimal digits
        /// (any Unicode decimal digit, as `Character.digit` accepts), within `Int32`; `nil` where
        /// Java throws `NumberFormatException`.
        static func javaParseInt(_ units: ArraySlice<UInt16>) -> Int32? {
            var rest = units[...]
            var negative = false
            if let first = rest.first, first == ascii("-") || first == ascii("+") {
                negative = first == ascii("-")
                rest = rest.dropFirst()
            }
            guard !rest.isEmpty else { return nil }
            var value: Int64 = 0
            for unit in rest {
                guard let scalar = Unicode.Scalar(unit), scalar.properties.numericType == .decimal,
                      let digit = scalar.properties.numericValue, digit >= 0, digit <= 9 else { return nil }
                value = value * 10 + Int64(digit)
                if value > Int64(Int32.max) + 1 { return nil }
            }
            let signed = negative ? -value : value
            return Int32(exactly: signed)
        }

        // MARK: Matching

        enum TokenType { case any, set, inverseSet, literal }

        static func matches(program parsedPattern: [Int32], _ match: [UInt16]) -> Bool {
            let lp = parsedPattern.count, lm = match.count
            var ip = 0, im = 0
            var setStart = 0, setEnd = 0
            while ip < lp {
                var patternChar = parsedPattern[ip]
                let tokenType: TokenType
                switch patternChar {
                case charAny:
                    tokenType = .any
                    ip += 1
                case charSetStart, charSetInverseStart:
                    tokenType = patternChar == charSetStart ? .set : .inverseSet
                    setStart = ip + 1
                    ip += 1
                    while ip < lp && parsedPattern[ip] != charSetStop { ip += 1 }
                    setEnd = ip - 1
                    ip += 1
                default:
                    setStart = ip
                    tokenType = .literal
                    ip += 1
                }

                let minRepetition: Int, maxRepetition: Int
                if ip >= lp {
                    (minRepetition, maxRepetition) = (1, 1)
                } else {
                    patternChar = parsedPattern[ip]
                    switch patternChar {
                    case zeroOrMore:
                        (minRepetition, maxRepetition) = (0, Int(Int32.max))
                        ip += 1
                    case oneOrMore:
                        (minRepetition, maxRepetition) = (1, Int(Int32.max))
                        ip += 1
                    case rangeStart:
                        (minRepetition, maxRepetition) = (Int(parsedPattern[ip + 1]), Int(parsedPattern[ip + 2]))
                        ip += 4
                    default:
                        (minRepetition, maxRepetition) = (1, 1)
                    }
                }
                if minRepetition > maxRepetition { return false }

                // matchChars: as many as the token takes, up to the maximum; too few is no match.
                var matched = 0
                while matched < maxRepetition
                        && matchChar(match, im + matched, tokenType, parsedPattern, setStart, setEnd) {
                    matched += 1
                }
                if matched < minRepetition { return false }
                im += matched
            }
            return ip >= lp && im >= lm
        }

        static func matchChar(_ match: [UInt16], _ im: Int, _ tokenType: TokenType, _ parsedPattern: [Int32],
                              _ setStart: Int, _ setEnd: Int) -> Bool {
            guard im < match.count else { return false }
            let ch = Int32(match[im])
            switch tokenType {
            case .any:
                return true
            case .set, .inverseSet:
                var i = setStart
                while i < setEnd {
                    if ch >= parsedPattern[i] && ch <= parsedPattern[i + 1] { return tokenType == .set }
                    i += 2
                }
                return tokenType == .inverseSet
            case .literal:
                return ch == parsedPattern[setStart]
            }
        }
    }
}
