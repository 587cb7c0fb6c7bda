import Foundation
import LandfallLinks
import Testing

/// Times in the API, the exports and the webhook events: UTC with exactly the stored millisecond.
@Suite struct APITimeTests {
    @Test("A time is written in UTC with its millisecond, never one less", arguments: [
        (1_795_176_000_000, "2026-11-20T12:00:00.000Z"),
        (1_795_176_000_001, "2026-11-20T12:00:00.001Z"),
        (1_795_176_000_010, "2026-11-20T12:00:00.010Z"),
        (1_795_176_000_290, "2026-11-20T12:00:00.290Z"),
        (1_795_176_000_999, "2026-11-20T12:00:00.999Z"),
        (1_795_176_059_999, "2026-11-20T12:00:59.999Z"),
        (0, "1970-01-01T00:00:00.000Z"),
    ])
    func millisecondsAreKept(milliseconds: Int, text: String) {
        // Read back as the storage reads a stored time: milliseconds divided by 1000.
        #expect(APITime.string(Date(timeIntervalSince1970: Double(milliseconds) / 1000)) == text)
    }

    @Test("Every millisecond of a second is written as itself")
    func everyMillisecondRoundTrips() {
        for millisecond in 0..<1000 {
            let date = Date(timeIntervalSince1970: Double(1_795_176_000_000 + millisecond) / 1000)
            #expect(APITime.string(date).hasSuffix(String(format: ".%03dZ", millisecond)), "\(millisecond)")
        }
    }
}
