import Foundation

/// A port known only once a server has started, for the reply of a server started before it.
///
/// `@unchecked Sendable` is safe: `value` is read and written only while `lock` is held.
final class PortNumber: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = 0

    /// The port; 0 until set.
    var value: Int {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
