/// The association-file pattern language, matched the slow and obvious way, as an oracle for
/// ``WildcardPattern``: `*` is any run of characters (crossing `/`), `?` one character,
/// everything else literal. Characters are Unicode scalars. Patterns must not use variables.
enum ReferenceMatcher {
    /// Dynamic programming over (pattern prefix, subject prefix): O(pattern × subject).
    static func matches(pattern: String, subject: String) -> Bool {
        let pattern = Array(pattern.unicodeScalars)
        let subject = Array(subject.unicodeScalars)
        // reachable[j]: the pattern prefix seen so far matches subject[..<j].
        var reachable = [Bool](repeating: false, count: subject.count + 1)
        reachable[0] = true
        for token in pattern {
            var next = [Bool](repeating: false, count: subject.count + 1)
            switch token {
            case "*":
                var seen = false
                for j in 0...subject.count {
                    seen = seen || reachable[j]
                    next[j] = seen
                }
            case "?":
                for j in 0..<subject.count where reachable[j] { next[j + 1] = true }
            default:
                for j in 0..<subject.count where reachable[j] && subject[j] == token { next[j + 1] = true }
            }
            reachable = next
        }
        return reachable[subject.count]
    }
}
