import Foundation
import SQLKit

/// The values of optional columns as bound parameters: `NULL` for `nil`.
enum ColumnValue {
    /// Text, or `NULL`.
    static func text(_ value: String?) -> any SQLExpression {
        value.map { SQLBind($0) } ?? SQLLiteral.null
    }

    /// A date in milliseconds, or `NULL`.
    static func date(_ value: Date?) -> any SQLExpression {
        value.map { SQLBind(Milliseconds.from($0)) } ?? SQLLiteral.null
    }
}
