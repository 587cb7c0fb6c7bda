import Foundation
import LandfallStorage

/// What this instance keeps of the links in memory: the table of every link (``LinkTable``,
/// unless it is off) and the cache of those asked lately (``LinkCache``).
///
/// A write through this instance forgets the links it changed in both at once
/// (``forget(host:slugs:)``), so that the next visit reads what was written;
/// ``LinkChangeListener`` then reads them again into the table, and does the same for other
/// processes' writes.
struct LinkMemory: Sendable {
    let cache: LinkCache
    let table: LinkTable?

    /// Forgets `slugs` on `host` (lowercased) in the table and the cache.
    func forget(host: String, slugs: [String]) {
        table?.markUnknown(host: host, slugs: slugs)
        cache.remove(host: host, slugs: slugs)
    }
}
