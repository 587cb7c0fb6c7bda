import Foundation

extension LinkClient {
    /// The most events one `POST /v1/events` carries (the server refuses more).
    public static let maxBatchSize = 100
    /// The most bytes of events one batch carries, under the server's 64 KiB body limit.
    static let maxBatchBytes = 60_000
    /// How old an event may be: the server refuses older ones, so the queue drops them.
    static let maxEventAge: TimeInterval = 30 * 24 * 60 * 60
    /// The longest URL an event carries; a longer one is left out of the event.
    static let maxEventURLLength = 2048

    /// The events reported but not yet accepted by the server, oldest first.
    public var pendingEvents: [LinkEvent] { state.pendingEvents }

    /// Adds an event to the offline queue; ``flush()`` sends it.
    ///
    /// The queue keeps at most the configuration's ``LinkClientConfiguration/maxPendingEvents``
    /// (the oldest are dropped first) and is part of ``state``, so events reported offline
    /// survive a relaunch. An event whose id is already queued is not queued twice; a URL
    /// that is not http(s), or longer than 2,048 bytes, is left out.
    ///
    /// ```swift
    /// await client.report(LinkEvent(kind: .open, occurredAt: client.now(), url: url.absoluteString))
    /// try await client.flush()
    /// ```
    public func report(_ event: LinkEvent) {
        var event = event
        if let url = event.url {
            let lowered = url.prefix(8).lowercased()
            if url.utf8.count > Self.maxEventURLLength || !(lowered.hasPrefix("https://") || lowered.hasPrefix("http://")) {
                event.url = nil
            }
        }
        guard !state.pendingEvents.contains(where: { $0.id == event.id }) else { return }
        state.pendingEvents.append(event)
        let bound = configuration.maxPendingEvents
        if state.pendingEvents.count > bound {
            state.pendingEvents.removeFirst(state.pendingEvents.count - bound)
        }
    }

    /// Sends the queued events in batches of at most 100 (`POST /v1/events`), oldest first,
    /// and removes each batch the server accepted.
    ///
    /// A batch that fails for a temporary reason stays queued, with the same event ids, for
    /// the next flush (the server counts a replayed id once). Events the server will never
    /// take are dropped instead of blocking the queue: those older than 30 days, and one it
    /// refuses with `400` (the one it names in `field`, or the whole batch). A concurrent call
    /// joins the flush in progress.
    ///
    /// - Returns: How many events were accepted, were duplicates, or were dropped.
    /// - Throws: ``LinkClientError`` when a batch could not be sent; the events not sent
    ///   stay queued.
    @discardableResult
    public func flush() async throws(LinkClientError) -> FlushSummary {
        if let running = flushInProgress {
            return try await running.value.get()
        }
        let task = Task { await self.sendPendingEvents() }
        flushInProgress = task
        let result = await task.value
        flushInProgress = nil
        return try result.get()
    }

    private func sendPendingEvents() async -> Result<FlushSummary, LinkClientError> {
        var summary = FlushSummary()
        let oldest = now().addingTimeInterval(-Self.maxEventAge)
        let countBefore = state.pendingEvents.count
        state.pendingEvents.removeAll { $0.occurredAt < oldest }
        summary.dropped += countBefore - state.pendingEvents.count

        var batchLimit = Self.maxBatchSize
        while !state.pendingEvents.isEmpty {
            let batch = nextBatch(limit: batchLimit)
            let response: LinkResponse
            let request: LinkRequest
            do throws(LinkClientError) {
                request = try self.request(.post, "/v1/events", body: EventBatchBody(events: batch.map(wireEvent)))
                response = try await send(request)
            } catch {
                guard case .refused(let problem) = error, problem.status == 400 || problem.status == 413 else {
                    return .failure(error)
                }
                if problem.status == 413, batch.count > 1 {
                    batchLimit = max(1, batch.count / 2)
                    continue
                }
                let refused: Set<String>
                if let index = Self.eventIndex(in: problem.field), batch.indices.contains(index) {
                    refused = [batch[index].id]
                } else {
                    refused = Set(batch.map(\.id))
                }
                state.pendingEvents.removeAll { refused.contains($0.id) }
                summary.dropped += refused.count
                continue
            }
            let answer: EventBatchAnswer
            do throws(LinkClientError) {
                answer = try decode(EventBatchAnswer.self, from: response, of: request)
            } catch {
                return .failure(error)
            }
            let sent = Set(batch.map(\.id))
            state.pendingEvents.removeAll { sent.contains($0.id) }
            summary.accepted += answer.accepted
            summary.duplicates += answer.duplicates
        }
        return .success(summary)
    }

    /// The oldest queued events, at most `limit` of them and about ``maxBatchBytes`` bytes.
    private func nextBatch(limit: Int) -> [LinkEvent] {
        var batch: [LinkEvent] = []
        var bytes = 0
        for event in state.pendingEvents.prefix(limit) {
            let size = 160 + (event.url?.utf8.count ?? 0) + (event.linkID?.utf8.count ?? 0) + event.id.utf8.count
            if !batch.isEmpty, bytes + size > Self.maxBatchBytes { break }
            batch.append(event)
            bytes += size
        }
        return batch
    }

    private func wireEvent(_ event: LinkEvent) -> EventBatchBody.Event {
        EventBatchBody.Event(id: event.id, type: event.kind.rawValue, at: WireTime.string(event.occurredAt),
                             platform: configuration.platform.rawValue, url: event.url, linkID: event.linkID)
    }

    /// The index in `events[3].at` (or `events[3]`), if the field names one event.
    static func eventIndex(in field: String?) -> Int? {
        guard let field, field.hasPrefix("events["), let close = field.firstIndex(of: "]") else { return nil }
        return Int(field[field.index(field.startIndex, offsetBy: 7)..<close])
    }
}
