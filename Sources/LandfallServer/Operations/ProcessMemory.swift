import Foundation

/// What `landfall serve` asks of glibc's allocator so that its resident memory stays near what
/// it holds. Both functions do nothing where glibc is not the allocator.
public enum ProcessMemory {
    /// Limits glibc's malloc arenas to one per core, unless `MALLOC_ARENA_MAX` is set (then
    /// glibc has read it and this leaves it).
    ///
    /// glibc gives a thread that finds the arenas busy an arena of its own, up to eight per
    /// core; the server's threads (the event loops, Swift's pool, the database's thread pool)
    /// then each keep the pages they freed. Under a million-link load that grew resident
    /// memory by about 45 MB after start; with an arena per core by about 20 MB, at the same
    /// rate of redirects (Benchmarks/ShortLinkRedirect). Call it first, before the threads
    /// start.
    public static func limitMallocArenas() {
        #if canImport(Glibc)
        guard ProcessInfo.processInfo.environment["MALLOC_ARENA_MAX"] == nil else { return }
        // mallopt and M_ARENA_MAX (-8, glibc's malloc.h) are looked up at run time: the Glibc
        // module does not declare them.
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let process = dlopen(nil, RTLD_NOW), let symbol = dlsym(process, "mallopt") else { return }
        let arenaMax: Int32 = -8
        _ = unsafeBitCast(symbol, to: Mallopt.self)(arenaMax, Int32(clamping: max(1, ProcessInfo.processInfo.activeProcessorCount)))
        #endif
    }

    /// Gives the pages of freed memory back to the system: glibc's `malloc_trim(0)` (looked up
    /// at run time: the Glibc module does not declare it).
    static func returnFreedMemory() {
        #if canImport(Glibc)
        typealias MallocTrim = @convention(c) (Int) -> Int32
        guard let process = dlopen(nil, RTLD_NOW), let symbol = dlsym(process, "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
        #endif
    }
}
