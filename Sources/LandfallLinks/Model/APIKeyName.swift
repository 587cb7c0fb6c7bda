import Foundation

/// What an API key's name must be: it says what the key is for (`ci`, `marketing site`), one
/// line of 1 to 100 characters; spaces around it are dropped. Names need not be unique.
///
/// `landfall keys create --name` and the dashboard's new-key form check it the same way:
///
/// ```swift
/// let name = APIKeyName.trimmed("  ci ")       // "ci"
/// APIKeyName.problem(with: "")                  // "must say what the key is for; it is empty"
/// ```
public enum APIKeyName {
    /// The longest name accepted, in characters.
    public static let maximumLength = 100

    /// The name as stored: without the spaces around it.
    public static func trimmed(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespaces)
    }

    /// What is wrong with `name` (already ``trimmed(_:)``), or `nil` for a good name: the end of
    /// a sentence that starts with the field's name (`--name must …`).
    public static func problem(with name: String) -> String? {
        OneLineText.problem(with: name, maximumLength: maximumLength, emptyMeans: "say what the key is for")
    }
}
