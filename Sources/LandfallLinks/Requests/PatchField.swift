/// What a `PATCH` body says about one optional field: nothing (absent), clear it (`null`), or
/// set it to a value.
///
/// ```swift
/// // {"maxClicks": null, "expiresAt": "2026-12-31T23:59:59Z"}
/// patch.maxClicks   // .cleared
/// patch.expiresAt   // .set(2026-12-31 23:59:59 +0000)
/// patch.data        // .unchanged
/// ```
public enum PatchField<Value: Sendable & Hashable>: Sendable, Hashable {
    /// The field was absent: keep the current value.
    case unchanged
    /// The field was `null`: remove the current value.
    case cleared
    /// The field has a new value.
    case set(Value)

    /// The value after the change: `current`, `nil` or the new value.
    public func applied(to current: Value?) -> Value? {
        switch self {
        case .unchanged: current
        case .cleared: nil
        case .set(let value): value
        }
    }

    /// The new value, when the field sets one.
    public var newValue: Value? {
        if case .set(let value) = self { return value }
        return nil
    }

    /// Whether the field changes anything.
    public var isUnchanged: Bool { self == .unchanged }
}
