import Foundation
import Testing

@testable import LandfallCards

@Suite struct SystemFontsTests {
    @Test("an installed font is found by its file name, with or without spaces, hyphens, case and extension",
          arguments: ["DejaVu Sans Bold", "DejaVuSans-Bold", "dejavusans-bold.ttf", "DEJAVU_SANS_BOLD"])
    func findsByName(name: String) throws {
        try #require(FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"), "fonts-dejavu-core is not installed")
        #expect(SystemFonts.path(named: name) == "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")
    }

    @Test("a name no installed font has finds nothing", arguments: ["No Such Font", "", "DejaVu Sans Bolder"])
    func findsNothing(name: String) {
        #expect(SystemFonts.path(named: name) == nil)
    }
}
