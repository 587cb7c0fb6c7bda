/// What a short, one-line text given on the command line or in the dashboard (a key's name, a
/// person's name) must be: not empty, not too long, without control characters.
///
/// ```swift
/// OneLineText.problem(with: "", maximumLength: 100, emptyMeans: "say what the key is for")
/// // "must say what the key is for; it is empty"
/// ```
public enum OneLineText {
    /// What is wrong with `text`, or `nil`: the end of a sentence that starts with the field's
    /// name (`--name must …`, `The name must …`).
    ///
    /// - Parameters:
    ///   - text: The text given.
    ///   - maximumLength: The most characters it may have.
    ///   - emptyMeans: What the message for an empty text says it must be
    ///     ("say what the key is for").
    public static func problem(with text: String, maximumLength: Int, emptyMeans: String) -> String? {
        if text.isEmpty { return "must \(emptyMeans); it is empty" }
        if text.count > maximumLength {
            return "must be at most \(maximumLength) characters; it has \(text.count)"
        }
        if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "must be one line of text, without control characters such as tabs or line breaks"
        }
        return nil
    }
}
