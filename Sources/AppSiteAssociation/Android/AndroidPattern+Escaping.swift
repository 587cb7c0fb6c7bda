extension AndroidPattern {
    /// What Android receives for a manifest attribute value: aapt's processing of the text between
    /// the quotes (after XML has replaced `&amp;` and friends).
    ///
    /// - `\\` is `\`, `\n` a newline, `\t` a tab, `\uXXXX` the UTF-16 unit XXXX (up to four hex
    ///   digits; with none, `\u` is `u`), and `\X` is `X` for any other `X`. This is why
    ///   Android's documentation tells you to write `\\*` for a literal `*`: aapt turns `\*` into `*`.
    ///   A lone `\` at the very end is dropped.
    /// - An unescaped `"` opens or closes a quoted stretch and is removed.
    /// - Outside quotes, each run of whitespace (space, tab, newline, carriage return, vertical tab,
    ///   form feed) becomes one space.
    ///
    /// ```swift
    /// AndroidPattern.unescapingManifestValue(#"/files/.*\\.pdf"#) // /files/.*\.pdf
    /// AndroidPattern.unescapingManifestValue(#"/a\*"#)           // /a*  (the star is a wildcard again)
    /// ```
    public static func unescapingManifestValue(_ attribute: String) -> String {
        let input = Array(attribute.utf16)
        var output: [UInt16] = []
        output.reserveCapacity(input.count)
        var quoted = false
        var index = 0
        while index < input.count {
            let unit = input[index]
            if unit == ascii("\\") {
                index += 1
                guard index < input.count else { break }
                let escaped = input[index]
                index += 1
                switch escaped {
                case ascii("n"): output.append(ascii("\n"))
                case ascii("t"): output.append(ascii("\t"))
                case ascii("u"):
                    var value: UInt16 = 0, digits = 0
                    while digits < 4, index < input.count, let digit = hexValue(input[index]) {
                        value = value << 4 | digit
                        digits += 1
                        index += 1
                    }
                    output.append(digits == 0 ? ascii("u") : value)
                default: output.append(escaped)
                }
            } else if unit == ascii("\"") {
                quoted.toggle()
                index += 1
            } else if !quoted && isCollapsedWhitespace(unit) {
                output.append(ascii(" "))
                while index < input.count && isCollapsedWhitespace(input[index]) { index += 1 }
            } else {
                output.append(unit)
                index += 1
            }
        }
        return String(decoding: output, as: UTF16.self)
    }

    /// What to write in the XML attribute so that Android receives `pattern`: the inverse of
    /// ``unescapingManifestValue(_:)``. Backslashes are doubled; `"`, and an `@` or `?` at the
    /// start (which would make the value a resource reference), get a `\`; a newline is `\n`, a
    /// tab `\t`, other whitespace that aapt would collapse `\uXXXX`. XML escaping (`&amp;`,
    /// `&lt;`, `&quot;`) is not done here.
    ///
    /// ```swift
    /// AndroidPattern.manifestAttributeValue(#"/files/.*\.pdf"#) // /files/.*\\.pdf
    /// AndroidPattern.manifestAttributeValue("@home")           // \@home
    /// ```
    public static func manifestAttributeValue(_ pattern: String) -> String {
        var output = ""
        var previousWasRawSpace = false
        for (position, scalar) in pattern.unicodeScalars.enumerated() {
            var rawSpace = false
            switch scalar {
            case "\\": output += #"\\"#
            case "\"": output += #"\""#
            case "@" where position == 0, "?" where position == 0: output += "\\" + String(scalar)
            case "\n": output += #"\n"#
            case "\t": output += #"\t"#
            case " " where !previousWasRawSpace:
                output += " "
                rawSpace = true
            case _ where scalar.value < 0x80 && isCollapsedWhitespace(UInt16(scalar.value)):
                output += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                    + String(scalar.value, radix: 16).uppercased()
            default: output.unicodeScalars.append(scalar)
            }
            previousWasRawSpace = rawSpace
        }
        return output
    }

    /// A simple glob (`android:pathPattern`) that matches `text`: `\`, `.` and `*` get a `\`.
    ///
    /// Android's simple glob still treats an escaped `.` as any character (only `*` and `\` are
    /// really made literal), so the result matches `text` and also texts that differ from it where
    /// `text` has a `.`: `/a\.b` matches `/a.b` and `/axb`.
    ///
    /// ```swift
    /// AndroidPattern.simpleGlobLiteral("/v1.0/*") // /v1\.0/\*
    /// ```
    public static func simpleGlobLiteral(_ text: String) -> String {
        escaping(text, characters: #"\.*"#)
    }

    /// An advanced glob (`android:pathAdvancedPattern`) that matches exactly `text`: `\ . * + { } [ ]`
    /// get a `\`.
    ///
    /// ```swift
    /// AndroidPattern.advancedGlobLiteral("/a+b[1]") // /a\+b\[1\]
    /// ```
    public static func advancedGlobLiteral(_ text: String) -> String {
        escaping(text, characters: #"\.*+{}[]"#)
    }

    static func escaping(_ text: String, characters: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            if characters.unicodeScalars.contains(scalar) { output += "\\" }
            output.unicodeScalars.append(scalar)
        }
        return output
    }

    /// Whitespace that aapt collapses outside quotes (C's `isspace`).
    static func isCollapsedWhitespace(_ unit: UInt16) -> Bool {
        unit == 0x20 || (0x09...0x0D).contains(unit)
    }

    static func hexValue(_ unit: UInt16) -> UInt16? {
        switch unit {
        case 0x30...0x39: unit - 0x30
        case 0x41...0x46: unit - 0x41 + 10
        case 0x61...0x66: unit - 0x61 + 10
        default: nil
        }
    }

    static func ascii(_ character: Unicode.Scalar) -> UInt16 { UInt16(character.value) }
}
