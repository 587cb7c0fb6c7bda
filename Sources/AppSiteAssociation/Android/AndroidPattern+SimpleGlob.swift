extension AndroidPattern {
    /// Android's simple glob (`android:pathPattern`, `PATTERN_SIMPLE_GLOB`): a line-by-line port
    /// of `PatternMatcher.matchGlobPattern`.
    ///
    /// `.` is any one UTF-16 unit, `X*` zero or more `X`, `.*` any run, `\` makes the next
    /// character literal. There is no backtracking: `.*` followed by a character consumes the
    /// path up to the *first* occurrence of that character (taken literally, even `.`) and no
    /// further; `X*` consumes every `X` it can. The names (`ip`, `im`, `nextChar`) are Java's, so
    /// the port can be read against the original.
    enum SimpleGlob {
        /// Java's `(char) 0`, what `nextChar` holds past the end of the pattern.
        static let end: UInt16 = 0
        static let dot = UInt16(UInt8(ascii: "."))
        static let star = UInt16(UInt8(ascii: "*"))
        static let backslash = UInt16(UInt8(ascii: "\\"))

        static func matches(pattern: [UInt16], _ match: [UInt16]) -> Bool {
            let np = pattern.count
            if np <= 0 { return match.count <= 0 }
            let nm = match.count
            var ip = 0, im = 0
            var nextChar = pattern[0]
            func char(at index: Int) -> UInt16 { index < np ? pattern[index] : end }

            while ip < np && im < nm {
                var c = nextChar
                ip += 1
                nextChar = char(at: ip)
                let escaped = c == backslash
                if escaped {
                    c = nextChar
                    ip += 1
                    nextChar = char(at: ip)
                }
                if nextChar == star {
                    if !escaped && c == dot {
                        // `.*` at the end of the pattern: everything left matches.
                        if ip >= np - 1 { return true }
                        ip += 1
                        nextChar = pattern[ip]
                        // Consume everything until the next character of the pattern is found.
                        if nextChar == backslash {
                            ip += 1
                            nextChar = char(at: ip)
                        }
                        repeat {
                            if match[im] == nextChar { break }
                            im += 1
                        } while im < nm
                        // The next character of the pattern is not in the rest of the path.
                        if im == nm { return false }
                        ip += 1
                        nextChar = char(at: ip)
                        im += 1
                    } else {
                        // Consume only characters equal to the one before `*`.
                        repeat {
                            if match[im] != c { break }
                            im += 1
                        } while im < nm
                        ip += 1
                        nextChar = char(at: ip)
                    }
                } else {
                    if c != dot && match[im] != c { return false }
                    im += 1
                }
            }
            if ip >= np && im >= nm { return true }
            // The path is used up, but the pattern still ends with `.*`.
            if ip == np - 2 && pattern[ip] == dot && pattern[ip + 1] == star { return true }
            return false
        }
    }
}
