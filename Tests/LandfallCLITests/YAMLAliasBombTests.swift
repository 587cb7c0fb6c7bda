import Testing

/// Every command that reads YAML refuses an alias bomb (ten anchors, each a list repeating
/// the previous one nine times: a billion values from a few hundred bytes) with an error that
/// says what is wrong, instead of walking it until memory runs out.
@Suite struct YAMLAliasBombTests {
    static func bomb(under key: String) -> String {
        var lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x]"]
        for level in 1...9 {
            lines.append("a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ") + "]")
        }
        lines.append("\(key): *a9")
        return lines.joined(separator: "\n") + "\n"
    }

    static let tooLarge = "too large: the document stands for more than 1000000 values once its aliases (*name) are expanded"

    @Test func configCheckRefusesIt() async throws {
        let file = try CLIFixtures.temporaryFile("landfall.yml", Self.bomb(under: "routes"))
        let output = await runLandfall(["config", "check", file])
        #expect(output.status == .problemsFound)
        #expect(output.standardOutput.contains("error: \(Self.tooLarge)"), "\(output.standardOutput)")
    }

    @Test func aRouteTableIsRefused() async throws {
        let file = try CLIFixtures.temporaryFile("routes.yml", Self.bomb(under: "routes"))
        let output = await runLandfall(["routes", "match", "--routes", file, "https://example.com/"])
        // As for any table that cannot be read.
        #expect(output.status == .problemsFound)
        #expect(output.standardError.contains("is \(Self.tooLarge)"), "\(output.standardError)")
    }

    @Test func anAssociationSpecIsRefused() async throws {
        let file = try CLIFixtures.temporaryFile("aasa-spec.yml", "apps: [ABCDE12345.com.example.app]\n" + Self.bomb(under: "rules"))
        let output = await runLandfall(["aasa", "generate", "--spec", file])
        #expect(output.status != .success)
        #expect(output.standardError.contains(Self.tooLarge), "\(output.standardError)")
    }

    @Test func aLinkContractIsRefused() async throws {
        let file = try CLIFixtures.temporaryFile("contract.yml", Self.bomb(under: "cases"))
        let output = await runLandfall(["test", file])
        #expect(output.status != .success)
        #expect(output.standardError.contains(Self.tooLarge), "\(output.standardError)")
    }
}
