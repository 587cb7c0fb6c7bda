import Foundation
import LandfallSite
import Testing
import Yams

/// Every YAML file Landfall reads is composed by ``BoundedYAML``: a document whose aliases
/// expand it past a million values is refused with a clear error, quickly, instead of being
/// walked (a 4 KB "billion laughs" file once took `landfall config check` to 5.87 GB).
@Suite struct BoundedYAMLTests {
    /// Ten anchors, each a list repeating the previous one `fanOut` times: about
    /// `fanOut ^ 10` values from a few hundred bytes.
    static func bomb(fanOut: Int = 9, under key: String = "bomb") -> String {
        var lines = ["a0: &a0 [" + Array(repeating: "x", count: fanOut).joined(separator: ", ") + "]"]
        for level in 1...9 {
            lines.append("a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: fanOut).joined(separator: ", ") + "]")
        }
        lines.append("\(key): *a9")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The same bomb made of mappings rather than lists.
    static let mappingBomb: String = {
        var lines = ["m0: &m0 {k0: x, k1: x, k2: x, k3: x, k4: x, k5: x, k6: x, k7: x, k8: x}"]
        for level in 1...9 {
            lines.append("m\(level): &m\(level) {" + (0..<9).map { "k\($0): *m\(level - 1)" }.joined(separator: ", ") + "}")
        }
        lines.append("top: *m9")
        return lines.joined(separator: "\n") + "\n"
    }()

    /// Runs `work` and fails the test if it has not finished within `seconds`, so that a
    /// regression shows as a failure rather than a run that never ends.
    static func finishes<T: Sendable>(within seconds: Double, _ work: @escaping @Sendable () -> T) async throws -> T {
        try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { work() }
            group.addTask {
                try await Task.sleep(for: .seconds(seconds))
                return nil
            }
            let first = try await group.next()!
            group.cancelAll()
            guard let first else {
                Issue.record("did not finish within \(seconds) s")
                throw CancellationError()
            }
            return first
        }
    }

    @Test("a document whose aliases expand past the limit is refused", arguments: [
        ("lists of lists", BoundedYAMLTests.bomb()),
        ("mappings of mappings", BoundedYAMLTests.mappingBomb),
        ("lists repeated three times over twenty levels", {
            var lines = ["b0: &b0 [x, x, x]"]
            for level in 1...19 { lines.append("b\(level): &b\(level) [*b\(level - 1), *b\(level - 1), *b\(level - 1)]") }
            return lines.joined(separator: "\n") + "\n"
        }()),
    ])
    func aDocumentWhoseAliasesExpandPastTheLimitIsRefused(name: String, yaml: String) async throws {
        let outcome = try await Self.finishes(within: 120) { () -> String in
            do {
                _ = try BoundedYAML.compose(yaml: yaml)
                return "accepted"
            } catch let error as BoundedYAML.TooLarge {
                return "refused at \(error.limit)"
            } catch {
                return "other error: \(error)"
            }
        }
        #expect(outcome == "refused at \(BoundedYAML.maximumNodes)", "\(name)")
    }

    @Test("anchors used the ordinary way compose as Yams composes them")
    func anchorsUsedTheOrdinaryWayCompose() throws {
        let yaml = """
            defaults: &defaults {requires: [date], opensApp: true}
            routes:
              - {name: puzzle, <<: *defaults}
              - {name: archive, <<: *defaults}
            shared: &shared [a, b, c]
            again: *shared
            """
        let bounded = try BoundedYAML.compose(yaml: yaml)
        #expect(bounded == (try Yams.compose(yaml: yaml)))
        #expect(bounded?["again"]?.array(of: String.self) == ["a", "b", "c"])
    }

    @Test("the limit counts every value a walk visits, a shared one once per use")
    func theLimitCountsEveryValueAWalkVisits() throws {
        // The root mapping, its two keys, `items` (a list of 250) and `again` (a list of
        // three aliases of `items`, each counted as the whole list again).
        let yaml = "items: &items [" + Array(repeating: "x", count: 250).joined(separator: ", ") + "]\nagain: [*items, *items, *items]\n"
        let values = 1 + 1 + 251 + 1 + 1 + 3 * 251
        #expect(try BoundedYAML.compose(yaml: yaml, maximumNodes: values) != nil)
        let error = #expect(throws: BoundedYAML.TooLarge.self) {
            try BoundedYAML.compose(yaml: yaml, maximumNodes: values - 1)
        }
        #expect(error?.limit == values - 1)
    }

    @Test("an empty document composes to nothing, and bad YAML is still Yams's error")
    func emptyAndInvalidDocuments() {
        #expect((try? BoundedYAML.compose(yaml: "")) == .some(nil))
        #expect(throws: YamlError.self) { try BoundedYAML.compose(yaml: "a: [1, 2") }
        #expect(throws: YamlError.self) { try BoundedYAML.compose(yaml: "a: *nowhere") }
    }

    @Test("a site configuration that is an alias bomb gets one error saying so, quickly")
    func aSiteConfigurationThatIsAnAliasBombGetsOneError() async throws {
        let yaml = Self.bomb(under: "routes")
        let issues = try await Self.finishes(within: 120) { SiteConfigurationReader.check(yaml: yaml).issues }
        #expect(issues.count == 1)
        #expect(issues.first?.severity == .error)
        #expect(issues.first?.message.hasPrefix("too large: the document stands for more than 1000000 values once its aliases (*name) are expanded") == true)
    }
}
