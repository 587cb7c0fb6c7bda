import HTTPTypes

extension HTTPFields {
    /// The value of the `name` field, as `self[name]` gives it (the values of several such
    /// fields joined), without the joining when there is one: the common case, and the one on
    /// the short-link redirect's path (a visitor's `User-Agent`).
    func value(of name: HTTPField.Name) -> String? {
        var found: String?
        for field in self where field.name == name {
            guard found == nil else { return self[name] }
            found = field.value
        }
        return found
    }
}
