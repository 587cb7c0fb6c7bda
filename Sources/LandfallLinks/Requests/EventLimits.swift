/// The limits `POST /v1/events` puts on what apps report.
public enum EventLimits {
    /// Most events in one request.
    public static let batchCount = 100
    /// Largest request body, in bytes (64 KiB); the server answers 413 above it.
    public static let bodyBytes = 64 * 1024
    /// How far after the server's clock an event's time may be (5 minutes), in seconds.
    public static let futureTolerance: Double = 5 * 60
    /// How far before the server's clock an event's time may be (30 days), in seconds.
    public static let maximumAge: Double = 30 * 86_400
    /// Longest `url`.
    public static let urlLength = 2048
}
