import ArgumentParser
import Foundation
import LandfallServer

/// `landfall config card ROUTE --example URL --output card.png`: one route's share card, drawn
/// offline from the site folder as the server draws it, for designing the template.
struct ConfigCardCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "card",
        abstract: "Draw one route's share card from the site folder, as the server would, to a PNG file.",
        discussion: """
            Reads the site (landfall.yml, its content/ and the card's images and fonts) the way \
            `landfall serve` does, finds the page of --example (a path or a whole URL, which \
            must be a link of ROUTE), and draws its card: the route's `card:`, or the site's \
            default card for a route without one. --data KEY=VALUE gives a short link's data \
            (repeat it for several keys), as a link that carries a score would. --card NAME \
            draws the template NAME of the site's cards: instead, as a short link naming it \
            has it. The embargo is not applied: the card is the one the page will have once \
            it is out.

            The exit status is 0 with the card written, 1 when the card cannot be drawn (an \
            unknown route or template, a URL of another route, missing content, card files refused, cards \
            off in this build), 2 when an option is wrong, the site configuration cannot be \
            read or the file cannot be written.

            Examples:
              landfall config card puzzle --example /puzzle/2026-11-20 --output card.png
              landfall config card puzzle --site examples/demo --example https://daily.example.com/puzzle/2026-11-20 --data score=3:12 --output shared.png
              landfall config card invite --site examples/demo --example /invites/7KQ2M-X4P9T-HCW3R --data invitedBy=Ada --card invitation --output join.png
            """
    )

    @Argument(help: ArgumentHelp("The route's name in landfall.yml.", valueName: "route"))
    var route: String

    @Option(help: ArgumentHelp("A link of the route: a path such as /puzzle/2026-11-20, or a whole URL.", valueName: "url"))
    var example: String

    @Option(name: .shortAndLong, help: ArgumentHelp("The PNG file to write.", valueName: "file"))
    var output: String

    @Option(help: ArgumentHelp("The site configuration, or the folder holding its landfall.yml (default: landfall.yml).", valueName: "path"))
    var site = "landfall.yml"

    @Option(name: .customLong("data"), help: ArgumentHelp("A short link's data, KEY=VALUE; repeat for several keys.", valueName: "key=value"))
    var data: [String] = []

    @Option(help: ArgumentHelp("A template of the site's cards: to draw instead of the route's card, as a short link naming it has.",
                               valueName: "name"))
    var card: String?

    func validate() throws {
        _ = try linkData()
        guard !output.isEmpty, output != "-" else {
            throw ValidationError("--output must name a file (a card is binary; standard output is not offered)")
        }
    }

    /// `--data` as a dictionary: every entry `KEY=VALUE` with a key, each key once.
    func linkData() throws(ValidationError) -> [String: String] {
        var values: [String: String] = [:]
        for entry in data {
            guard let equals = entry.firstIndex(of: "="), equals != entry.startIndex else {
                throw ValidationError("--data '\(entry)' is not KEY=VALUE, such as --data score=3:12")
            }
            let key = String(entry[..<equals])
            guard values.updateValue(String(entry[entry.index(after: equals)...]), forKey: key) == nil else {
                throw ValidationError("--data gives '\(key)' twice")
            }
        }
        return values
    }

    /// The configuration file `--site` names: the file, or `landfall.yml` in the folder.
    var configurationFile: String {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: site, isDirectory: &isDirectory), isDirectory.boolValue {
            return URL(fileURLWithPath: site).appendingPathComponent("landfall.yml").path
        }
        return site
    }

    func execute(in context: CommandContext) -> CommandOutput {
        var result = CommandOutput()
        let design: CardDesign
        do {
            design = try CardDesign.draw(site: .file(configurationFile), route: route, example: example, data: try linkData(), template: card)
        } catch let error as CardDesignError {
            result.fail(error.message, status: error.code == .siteRefused && !FileManager.default.fileExists(atPath: configurationFile)
                        ? .usageOrInputError : .problemsFound)
            return result
        } catch {
            result.fail("\(error)", status: .usageOrInputError)
            return result
        }
        do {
            try Data(design.png).write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            result.fail("cannot write \(output): \(error.localizedDescription)", status: .usageOrInputError)
            return result
        }
        let whose = card.map { "'\($0)' (a link's template)" } ?? "'\(route)'"
        result.print("\(output): the \(design.width)×\(design.height) card of \(whose) for \(example) (\(design.png.count) bytes; served as /static/cards/\(design.fingerprint).png)")
        result.print("  shows: \(design.alt)")
        return result
    }
}
