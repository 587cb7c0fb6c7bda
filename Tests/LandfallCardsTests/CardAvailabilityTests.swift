import Testing

@testable import LandfallCards

/// What `landfall serve` says when cards are off: which library is missing and what to install.
@Suite struct CardAvailabilityTests {
    @Test("the libraries cards need are named with the Debian package of each")
    func libraries() {
        #expect(CardRenderer.libraries.map(\.name) == ["FreeType", "libpng", "zlib"])
        #expect(CardRenderer.libraries.map(\.debianPackage) == ["libfreetype-dev", "libpng-dev", "zlib1g-dev"])
    }

    @Test("a library whose header is in none of the folders is missing")
    func missing() {
        #expect(CardRenderer.missingLibraries(folders: []).map(\.name) == ["FreeType", "libpng", "zlib"])
        #expect(CardRenderer.missingLibraries(folders: ["/no/such/folder"]).count == 3)
    }

    @Test("a build with cards has no reason to give; one without says why and what to install")
    func reason() throws {
        if CardRenderer.isAvailable {
            #expect(CardRenderer.offReason == nil)
            #expect(CardRenderer.missingLibraries().isEmpty, "this build found the headers; they are still here")
        } else {
            let reason = try #require(CardRenderer.offReason)
            #expect(reason.hasPrefix("share cards are off: landfall was built without FreeType, libpng or zlib"))
            #expect(reason.contains("apt-get install libfreetype-dev libpng-dev zlib1g-dev"))
        }
    }
}
