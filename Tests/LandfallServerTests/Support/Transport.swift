/// How a test reaches the server: in process through HummingbirdTesting's router client, or
/// over a real HTTP connection to a server listening on a free loopback port.
enum Transport: String, CaseIterable, Sendable, CustomStringConvertible {
    case router
    case live

    var description: String { rawValue }
}
