import Foundation
import SQLKit

/// Token buckets kept in the database, so that several instances on one PostgreSQL share
/// them: a client gets `burst` tries across all of them, not `burst` on each.
extension Storage {
    /// Takes one token from the bucket named `bucket` at `now`, creating it full when it has
    /// no row: `.allowed` when it held one, else `.limited` with the seconds until it will.
    ///
    /// One statement decides (an `INSERT … ON CONFLICT DO UPDATE … RETURNING`, the refill
    /// computed from the stored time and `now`), so that racing takes from any number of
    /// instances never grant more than the bucket holds. A `now` earlier than the bucket's
    /// last update (another instance's clock ahead of this one's) refills nothing.
    ///
    /// ```swift
    /// let verdict = try await storage.takeToken("sign-in:203.0.113.7", limit: TokenBucketLimit(rate: 1.0 / 6, burst: 10), at: Date())
    /// ```
    ///
    /// - Throws: ``StorageError`` when the database cannot answer.
    public func takeToken(_ bucket: String, limit: TokenBucketLimit, at now: Date) async throws(StorageError) -> TokenVerdict {
        let nowMilliseconds = Milliseconds.from(now)
        let rate = TokenBucketLimit.effectiveRate(limit.rate)
        let fullAt = nowMilliseconds + Int((limit.refillSeconds * 1000).rounded(.up))
        let firstGranted = limit.burst >= 1
        let firstTokens = Double(firstGranted ? limit.burst - 1 : max(limit.burst, 0))
        return try await statement("taking a token of the rate limit bucket \(bucket)") { database, kind in
            let least: SQLQueryString = kind == .postgres ? "LEAST" : "min"
            let greatest: SQLQueryString = kind == .postgres ? "GREATEST" : "max"
            let refilled: SQLQueryString = """
                \(least)(\(bind: Double(limit.burst)), rate_limit_buckets.tokens
                    + \(greatest)(0, \(bind: nowMilliseconds) - rate_limit_buckets.updated_at) * \(bind: rate) / 1000.0)
                """
            let row = try await database.raw("""
                INSERT INTO rate_limit_buckets (bucket, tokens, updated_at, full_at, granted)
                VALUES (\(bind: bucket), \(bind: firstTokens), \(bind: nowMilliseconds), \(bind: fullAt), \(bind: firstGranted))
                ON CONFLICT (bucket) DO UPDATE SET
                    tokens = CASE WHEN \(refilled) >= 1 THEN \(refilled) - 1 ELSE \(refilled) END,
                    granted = \(refilled) >= 1,
                    updated_at = \(greatest)(rate_limit_buckets.updated_at, \(bind: nowMilliseconds)),
                    full_at = \(greatest)(rate_limit_buckets.updated_at, \(bind: nowMilliseconds)) + \(bind: fullAt - nowMilliseconds)
                RETURNING tokens, granted
                """).first()
            guard let row else { throw TokenBucketRowMissing() }
            if try row.decode(column: "granted", as: Bool.self) { return .allowed }
            return .waiting(tokens: try row.decode(column: "tokens", as: Double.self), rate: rate)
        }
    }

    /// Whether the bucket named `bucket` holds a token at `now`, without taking it (for limits
    /// that only count failures: ask first, ``takeToken(_:limit:at:)`` after a failure). A
    /// bucket without a row is full.
    ///
    /// - Throws: ``StorageError`` when the database cannot answer.
    public func checkToken(_ bucket: String, limit: TokenBucketLimit, at now: Date) async throws(StorageError) -> TokenVerdict {
        let nowMilliseconds = Milliseconds.from(now)
        let rate = TokenBucketLimit.effectiveRate(limit.rate)
        let kind = try backend().kind
        let tokens = try await reading("reading the rate limit bucket \(bucket)") { database in
            let least: SQLQueryString = kind == .postgres ? "LEAST" : "min"
            let greatest: SQLQueryString = kind == .postgres ? "GREATEST" : "max"
            return try await database.raw("""
                SELECT \(least)(\(bind: Double(limit.burst)), tokens + \(greatest)(0, \(bind: nowMilliseconds) - updated_at) * \(bind: rate) / 1000.0) AS tokens
                FROM rate_limit_buckets WHERE bucket = \(bind: bucket)
                """).first().map { try $0.decode(column: "tokens", as: Double.self) }
        }
        let held = tokens ?? Double(limit.burst)
        return held >= 1 ? .allowed : .waiting(tokens: held, rate: rate)
    }

    /// Deletes the buckets that are full again at `now` (a missing bucket is a full one).
    ///
    /// - Returns: How many were deleted.
    public func purgeTokenBuckets(at now: Date) async throws(StorageError) -> Int {
        let nowMilliseconds = Milliseconds.from(now)
        return try await statement("purging full rate limit buckets") { database, _ in
            try await database.delete(from: "rate_limit_buckets").where("full_at", .lessThanOrEqual, nowMilliseconds)
                .returning("bucket").all().count
        }
    }

    /// Runs one writing statement: on PostgreSQL outside a transaction (one statement is
    /// atomic by itself, and this saves the `BEGIN` and `COMMIT` round trips), on SQLite on
    /// the writer connection.
    private func statement<Result: Sendable>(
        _ action: String, _ body: @escaping @Sendable (any SQLDatabase, BackendKind) async throws -> Result
    ) async throws(StorageError) -> Result {
        switch try backend().kind {
        case .postgres: try await reading(action) { database in try await body(database, .postgres) }
        case .sqlite: try await writing(action) { database, _ in try await body(database, .sqlite) }
        }
    }
}

/// The taking statement returned no row (it always returns one).
private struct TokenBucketRowMissing: Error, CustomStringConvertible {
    var description: String { "the database returned no row for the bucket" }
}
