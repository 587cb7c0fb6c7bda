import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import LandfallCLI
import Testing

@Suite struct ContractJUnitTests {
    /// What a JUnit document holds, read back with Foundation's XMLParser.
    final class JUnitReader: NSObject, XMLParserDelegate {
        var suites: [[String: String]] = []
        var cases: [[String: String]] = []
        var failures: [(caseName: String, message: String, body: String)] = []
        private var text = ""
        private var inFailure = false

        func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?,
                    qualifiedName: String?, attributes: [String: String] = [:]) {
            switch element {
            case "testsuite": suites.append(attributes)
            case "testcase": cases.append(attributes)
            case "failure":
                inFailure = true
                text = ""
                failures.append((cases.last?["name"] ?? "", attributes["message"] ?? "", ""))
            default: break
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if inFailure { text += string }
        }

        func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
            if element == "failure", !failures.isEmpty {
                failures[failures.count - 1].body = text
                inFailure = false
            }
        }

        static func read(_ path: String) throws -> JUnitReader {
            let parser = try #require(XMLParser(contentsOf: URL(fileURLWithPath: path)))
            let reader = JUnitReader()
            parser.delegate = reader
            #expect(parser.parse(), "the JUnit file is well-formed XML: \(String(describing: parser.parserError))")
            return reader
        }
    }

    @Test func theJUnitFileHasOneSuiteOneCasePerContractCaseAndAFailurePerFailedCase() async throws {
        let results = try CLIFixtures.temporaryFolder().appendingPathComponent("results.xml").path
        let output = await runLandfall(["test", CLIFixtures.example("contracts/demo-broken.yml"), "--junit", results])
        #expect(output.status == .problemsFound)
        let junit = try JUnitReader.read(results)
        #expect(junit.suites.count == 1)
        #expect(junit.suites.first?["name"] == "demo-broken")
        #expect(junit.suites.first?["tests"] == "4")
        #expect(junit.suites.first?["failures"] == "3")
        #expect(junit.cases.map { $0["name"] } == [
            "https://daily.example.com/puzzle/2026-11-20", "https://daily.example.com/archive/2025",
            "https://daily.example.com/news/launch", "https://daily.example.com/puzzle/today",
        ])
        #expect(junit.failures.map(\.caseName) == Array(junit.cases.prefix(3).compactMap { $0["name"] }))
        #expect(junit.failures[1].message
            == "expected it to open ABCDE12345.com.example.dailypuzzle, but does not open ABCDE12345.com.example.dailypuzzle: detail 1, rule 2 `/archive/?*` excludes it")
        #expect(junit.failures[0].body == "line 7: https://daily.example.com/puzzle/2026-11-20\nexpected parameter date = 2026-11-21, but it is 2026-11-20")
    }

    @Test func aPassingRunWritesCasesWithoutFailures() async throws {
        let results = try CLIFixtures.temporaryFolder().appendingPathComponent("results.xml").path
        let output = await runLandfall(["test", CLIFixtures.example("contracts/demo.yml"), "--junit", results])
        #expect(output.status == .success)
        let junit = try JUnitReader.read(results)
        #expect(junit.suites.first?["tests"] == "5")
        #expect(junit.suites.first?["failures"] == "0")
        #expect(junit.cases.count == 5)
        #expect(junit.failures.isEmpty)
    }

    @Test func quotesAmpersandsAndAngleBracketsAreEscapedAndReadBackIntact() async throws {
        // The URL has `&`; the deciding rule's label is JSON with quotes.
        let url = "https://example.com/help/faq?articleNumber=4812&from=<home>"
        let contract = try CLIFixtures.temporaryFile("escapes.yml", """
            association: \(CLIFixtures.example("apple-app-site-association"))
            app: ABCDE12345.com.example.app
            cases:
              - url: "\(url)"
                opens: false
            """)
        let results = try CLIFixtures.temporaryFolder().appendingPathComponent("results.xml").path
        let output = await runLandfall(["test", contract, "--junit", results])
        #expect(output.status == .problemsFound)
        let xml = try String(contentsOfFile: results, encoding: .utf8)
        #expect(xml.contains("&amp;from=&lt;home&gt;"))
        #expect(xml.contains("&quot;/&quot;:&quot;/help/*&quot;"))
        let junit = try JUnitReader.read(results)
        #expect(junit.cases.first?["name"] == url)
        let message = try #require(junit.failures.first?.message)
        #expect(message.contains(#"rule 4 `{"/":"/help/*","?":{"articleNumber":"????"}}` matched"#))
        #expect(output.lines.first == "✗ \(url)  \(message)", "the XML carries the same explanation as the text")
    }

    @Test func aJUnitFileThatCannotBeWrittenIsAnInputError() async throws {
        let output = await runLandfall(["test", CLIFixtures.example("contracts/demo.yml"),
                                        "--junit", "/nonexistent-folder-for-landfall/results.xml"])
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError.hasPrefix("error: cannot write \"/nonexistent-folder-for-landfall/results.xml\""))
    }
}
