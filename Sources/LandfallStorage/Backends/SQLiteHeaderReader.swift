#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import NIOConcurrencyHelpers

/// Reads the first bytes of the SQLite database file through one descriptor kept open for as
/// long as the storage's connections are.
///
/// Never open and close the database file beside SQLite: POSIX releases every lock a process
/// holds on a file when it closes ANY descriptor of that file, so a `FileHandle` opened to
/// peek at the header and closed again drops the locks SQLite's connections rely on, and
/// another process (or a checkpoint) may then remove or rewrite the WAL under them: a corrupted
/// database. This descriptor is closed only after every connection is (``close()``).
final class SQLiteHeaderReader: Sendable {
    private let descriptor: NIOLockedValueBox<Int32>

    /// Opens `path` for reading; a file that cannot be opened gives a reader that reads nothing.
    init(path: String) {
        descriptor = NIOLockedValueBox(open(path, O_RDONLY | O_CLOEXEC))
    }

    /// The file's first `count` bytes as they are on disk now, or `nil` when they cannot be read.
    func header(count: Int = 16) -> Data? {
        descriptor.withLockedValue { descriptor in
            guard descriptor >= 0 else { return nil }
            var bytes = [UInt8](repeating: 0, count: count)
            let read = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, 0) }
            return read == count ? Data(bytes) : nil
        }
    }

    /// Closes the descriptor: call it only once SQLite's connections to the file are closed.
    func close() {
        descriptor.withLockedValue { descriptor in
            if descriptor >= 0 { closeDescriptor(descriptor) }
            descriptor = -1
        }
    }
}

/// The C library's `close`, which ``SQLiteHeaderReader/close()`` would otherwise shadow.
private func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
}
