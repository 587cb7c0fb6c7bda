import SeededRandom
import Testing
@testable import LandfallLinks

/// ``UserAgentSignatureTable``'s single pass over a header finds what looking for each needle
/// in turn finds: the first crawler of the table, and, when there is none, which platform
/// needles are there.
@Suite struct UserAgentSignatureTableTests {
    /// What looking for each needle of `signatures` in `header` finds, one after the other.
    static func lookingForEach(_ header: String, in signatures: [UserAgentSignature])
        -> (crawler: String?, windowsPhone: Bool, ios: Bool, android: Bool) {
        let lowered = String(decoding: header.utf8.map(UserAgentSignatureTable.lowercased), as: UTF8.self)
        var crawler: String?
        var windowsPhone = false, ios = false, android = false
        for signature in signatures where lowered.utf8.count >= signature.needle.utf8.count
            && lowered.utf8.firstRange(of: Array(signature.needle.lowercased().utf8)) != nil {
            switch signature.meaning {
            case .crawler(let name): if crawler == nil { crawler = name }
            case .windowsPhone: windowsPhone = true
            case .ios: ios = true
            case .android: android = true
            }
        }
        return (crawler, windowsPhone, ios, android)
    }

    @Test("finds what looking for each needle finds, in 5,000 headers made of needles, their pieces, case changes and other bytes")
    func singlePassFindsWhatEachNeedleFinds() {
        var generator = SeededGenerator(seed: 2026_11_28)
        let table = UserAgentSignatureTable.shared
        let needles = UserAgentSignature.all.map(\.needle)
        let filler = ["Mozilla/5.0 (", "; ", ") ", "AppleWebKit/605.1.15", " ", "x", "/", "iP", "an", "Wi", "é", "ø", "1"]
        for _ in 0..<5_000 {
            var header = ""
            for _ in 0..<Int.random(in: 0...8, using: &generator) {
                switch Int.random(in: 0..<4, using: &generator) {
                case 0:
                    header += needles.randomElement(using: &generator)!
                case 1:
                    let needle = needles.randomElement(using: &generator)!
                    header += String(needle.prefix(Int.random(in: 0...needle.count, using: &generator)))
                case 2:
                    header += needles.randomElement(using: &generator)!.uppercased()
                default:
                    header += filler.randomElement(using: &generator)!
                }
            }
            let found = Array(header.utf8).withUnsafeBufferPointer { table.scan($0) }
            let expected = Self.lookingForEach(header, in: UserAgentSignature.all)
            // Once it has the first crawler the pass may stop: the platform only counts without one.
            #expect(found.crawler == expected.crawler, "\(header)")
            if expected.crawler == nil {
                #expect(found.windowsPhone == expected.windowsPhone && found.ios == expected.ios && found.android == expected.android, "\(header)")
            }
        }
    }

    @Test("finds what looking for each needle finds, for 2,000 random tables of short needles over three letters")
    func singlePassFindsWhatEachNeedleFindsInRandomTables() {
        var generator = SeededGenerator(seed: 2026_11_28_2)
        let letters = Array("abc")
        func word(_ lengths: ClosedRange<Int>) -> String {
            String((0..<Int.random(in: lengths, using: &generator)).map { _ in letters.randomElement(using: &generator)! })
        }
        for _ in 0..<2_000 {
            let signatures = (0..<Int.random(in: 1...6, using: &generator)).map { index in
                let meaning: UserAgentSignature.Meaning = switch Int.random(in: 0..<4, using: &generator) {
                case 0: .crawler("c\(index)")
                case 1: .windowsPhone
                case 2: .ios
                default: .android
                }
                return UserAgentSignature(word(1...6), meaning)
            }
            let table = UserAgentSignatureTable(signatures)
            for _ in 0..<10 {
                var header = word(0...30)
                if Bool.random(using: &generator) { header = header.uppercased() }
                if Int.random(in: 0..<4, using: &generator) == 0 { header.insert("é", at: header.startIndex) }
                let found = Array(header.utf8).withUnsafeBufferPointer { table.scan($0) }
                let expected = Self.lookingForEach(header, in: signatures)
                #expect(found.crawler == expected.crawler, "\(header) in \(signatures.map(\.needle))")
                if expected.crawler == nil {
                    #expect(found.windowsPhone == expected.windowsPhone && found.ios == expected.ios && found.android == expected.android,
                            "\(header) in \(signatures.map(\.needle))")
                }
            }
        }
    }

    @Test("a one-byte needle is found at any position, the last included")
    func oneByteNeedles() {
        let table = UserAgentSignatureTable([UserAgentSignature("z", .android), UserAgentSignature("ab", .ios)])
        for header in ["z", "xz", "zx", "xxz", "Z"] {
            #expect(Array(header.utf8).withUnsafeBufferPointer { table.scan($0) }.android, "\(header)")
        }
        #expect(!Array("xa".utf8).withUnsafeBufferPointer { table.scan($0) }.ios)
        #expect(Array("xAB".utf8).withUnsafeBufferPointer { table.scan($0) }.ios)
    }
}
