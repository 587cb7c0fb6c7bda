import Foundation
import LandfallLinks
import Testing

@Suite struct LinkIDTests {
    @Test func generatedIdentifiersAreVersionSevenUUIDsThatSortByCreationTime() {
        var generator = SystemRandomNumberGenerator()
        let earlier = LinkID.generate(at: Date(timeIntervalSince1970: 1_700_000_000), using: &generator)
        let later = LinkID.generate(at: Date(timeIntervalSince1970: 1_700_000_000.002), using: &generator)
        #expect(earlier < later)
        #expect(Array(earlier.rawValue)[14] == "7")
        #expect(LinkID(earlier.rawValue.uppercased()) == earlier)
        #expect(LinkID("not-a-uuid") == nil)
    }
}
