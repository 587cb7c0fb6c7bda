import NIOCore

/// Where one HTTP/1 connection is between requests, and since when: what its deadlines are
/// measured from. Both of the connection's handlers write to it (``ConnectionGuardHandler``
/// when bytes arrive, ``HTTP1ServerCodec`` when a request's head or end is read and a
/// response ends), on the connection's event loop; the guard's timer reads it.
final class ConnectionTimeline {
    enum Phase: Equatable {
        /// Waiting for a request: after connecting or after the last response.
        case waiting
        /// The first bytes of a request's header have come, not all of it.
        case readingHeader
        /// The header has come; its body is being read.
        case readingBody
        /// Every request read is being answered: the server's turn, no deadline.
        case responding
    }

    /// Which timeout has run out.
    enum Expiry: String {
        case idle
        case header
        case body
    }

    private(set) var phase = Phase.waiting
    private(set) var since: NIODeadline
    /// Requests whose head has been read and whose response has not ended.
    private var unanswered = 0
    /// Whether a request's head has been read and its end not yet.
    private var readingRequest = false

    init(now: NIODeadline) {
        since = now
    }

    // The clock is read only when a phase with a deadline begins: a few times per request.

    /// Bytes arrived: a new request's header begins if the connection was waiting.
    func bytesArrived() {
        if phase == .waiting {
            phase = .readingHeader
            since = .now()
        }
    }

    /// A request's head was read: its body is next.
    func headRead() {
        unanswered += 1
        readingRequest = true
        phase = .readingBody
        since = .now()
    }

    /// A request's end was read.
    func endRead() {
        readingRequest = false
        if unanswered > 0 {
            phase = .responding
        } else {
            phase = .waiting
            since = .now()
        }
    }

    /// A response's end was written.
    func responseEnded() {
        unanswered = max(unanswered - 1, 0)
        if unanswered == 0, !readingRequest {
            phase = .waiting
            since = .now()
        }
    }

    /// The timeout that has run out at `now`, if any.
    func expiry(at now: NIODeadline, limits: ConnectionLimits) -> Expiry? {
        let (timeout, expiry): (Duration, Expiry)
        switch phase {
        case .waiting: (timeout, expiry) = (limits.idleTimeout, .idle)
        case .readingHeader: (timeout, expiry) = (limits.headerTimeout, .header)
        case .readingBody: (timeout, expiry) = (limits.bodyTimeout, .body)
        case .responding: return nil
        }
        return now - since >= TimeAmount(timeout) ? expiry : nil
    }
}
