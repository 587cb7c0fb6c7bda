#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive `flock` on a data directory, held while a process opens (and perhaps creates)
/// the SQLite database in it, so that two landfall processes starting at once on a new
/// directory do not see each other's half-made file: SQLite creates an empty file before it
/// writes the first page, and an empty file is what ``StorageError/Code/emptyDatabaseFile(path:)``
/// refuses. The lock is advisory and only landfall takes it; SQLite's own locks are untouched.
struct DirectoryLock: ~Copyable {
    private let descriptor: Int32

    /// Takes the lock on `directory`, waiting for another holder (trying every 10 ms) for at
    /// most `timeout`: a minute by default, since a holder only keeps it while it opens the
    /// database, however long a loaded machine takes to let it finish.
    ///
    /// - Throws: ``StorageError`` (`.unreachable`) when the directory cannot be opened or the
    ///   lock is still held after `timeout`.
    init(_ directory: String, timeout: Duration = .seconds(60)) async throws(StorageError) {
        let descriptor = open(directory, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw StorageError(.unreachable, "cannot open the data directory \(directory) to lock it: errno \(errno)")
        }
        let deadline = ContinuousClock.now + timeout
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, ContinuousClock.now < deadline else {
                close(descriptor)
                throw StorageError(.unreachable, "another process kept the data directory \(directory) locked while opening its database for \(timeout); try again")
            }
            try? await Task.sleep(for: .milliseconds(10))
        }
        self.descriptor = descriptor
    }

    deinit {
        // Closing the descriptor releases the lock.
        close(descriptor)
    }
}
