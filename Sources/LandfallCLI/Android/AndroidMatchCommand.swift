import AppSiteAssociation
import ArgumentParser
import LandfallJSON
import LandfallSite

/// `landfall android match MANIFEST URL...`: which activity of an app opens each link, the way
/// Android resolves a link tapped in a browser, and why not when none does.
struct AndroidMatchCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "match",
        abstract: "Explain which activity opens each URL, the way Android reads the app's manifest.",
        discussion: """
            Reads an AndroidManifest.xml and, for every URL, decides what Android does when the \
            link is tapped in a browser (an ACTION_VIEW intent, categories BROWSABLE and DEFAULT, \
            no MIME type): the activity and intent filter that open it, or that none does and why \
            (no_filter_matches, not_verified, host_not_verified, excluded_by_served_rules, \
            no_served_rule_matched, activity_not_exported, missing_category, not_web_or_custom), \
            with every filter tried on the way.

            An http(s) link opens the app directly only when an android:autoVerify="true" filter \
            declares its host and the host's assetlinks.json grants the package. Without \
            --assetlinks or --site, every declared host is taken as verified; with them, the file \
            is read as Android does (dynamic_app_link_components on Android 15). --package \
            defaults to the manifest's package attribute, then (with --site) to the site's only \
            Android app; modern manifests have none, so give it with --assetlinks.

            The manifest's problems (a filter without BROWSABLE, android:exported missing, a \
            pattern Android rejects, @string/... values that cannot be resolved offline) are \
            printed on standard error; the links are decided anyway.

            The exit status is 0 whenever the decisions could be made, whatever they are; with \
            --expect opens (or closed) it is 1 when any URL does otherwise. It is 2 for a usage \
            error, an unreadable file, or a manifest that is not well-formed XML.

            Examples:
              landfall android match app/src/main/AndroidManifest.xml \\
                  https://example.com/puzzle/today myapp://puzzle/12
              landfall android match AndroidManifest.xml https://example.com/private/1 \\
                  --assetlinks assetlinks.json --package com.example.app --expect closed
              landfall android match AndroidManifest.xml https://example.com/p/1 \\
                  --site landfall.yml --android-version 14 --format json
            """
    )

    @Argument(help: ArgumentHelp("The app's AndroidManifest.xml, or - to read standard input.", valueName: "manifest"))
    var manifest: String

    @Argument(help: ArgumentHelp("One or more URLs to decide, such as https://example.com/puzzle/today.", valueName: "url"))
    var urls: [String] = []

    @Option(help: ArgumentHelp("The assetlinks.json every URL's host serves.", valueName: "file"))
    var assetlinks: String?

    @Option(help: ArgumentHelp("A site configuration: each host serves the assetlinks.json Landfall generates for it.", valueName: "landfall.yml"))
    var site: String?

    @Option(name: .customLong("package"), help: ArgumentHelp(
        "The application ID the served files must grant. Default: the manifest's package attribute, or the --site's only Android app.", valueName: "package"))
    var packageName: String?

    @Option(name: .customLong("android-version"), help: ArgumentHelp(
        "The Android version to model: before 12 unverified links show a chooser, before 15 <uri-relative-filter-group> and dynamic_app_link_components are ignored.",
        valueName: "n"))
    var androidVersion: Int = 15

    @Option(help: ArgumentHelp("Exit with status 1 unless every URL gets this answer.", valueName: "opens|closed"))
    var expect: AndroidMatchExpectation?

    @OptionGroup var output: OutputFormatOptions

    func validate() throws {
        guard !urls.isEmpty else {
            throw ValidationError("give at least one URL after the manifest, such as https://example.com/path")
        }
        guard (1...20).contains(androidVersion) else {
            throw ValidationError("--android-version takes an Android version such as 15 (not an API level such as 35), not \(androidVersion)")
        }
        if assetlinks != nil, site != nil {
            throw ValidationError("give either --assetlinks or --site, not both: each says what the hosts serve")
        }
        if let packageName, packageName.isEmpty || packageName.contains(where: { $0 == " " || $0 == "/" }) {
            throw ValidationError("--package takes an application ID such as com.example.app, not \"\(packageName)\"")
        }
    }

    func execute(in context: CommandContext) -> CommandOutput {
        var result = CommandOutput()
        let input: InputFile
        let manifest: AndroidManifest
        do {
            (manifest, input) = try AndroidManifest.read(self.manifest, in: context)
        } catch {
            result.fail(error.description, status: .usageOrInputError)
            return result
        }
        guard let links = LinkURL.parsing(arguments: urls, into: &result) else { return result }
        guard let (served, sitePackage) = servedFiles(in: context, into: &result) else { return result }
        let package = packageName ?? manifest.package ?? sitePackage
        if served != nil, package == nil {
            result.fail("\(input.nameInSentence) has no package attribute (Gradle sets the application ID), so there is no package "
                        + "to look for in assetlinks.json; give it with --package com.example.app", status: .usageOrInputError)
            return result
        }
        for diagnostic in manifest.diagnostics {
            result.printError(TerminalText.visible("\(input.displayName): \(diagnostic.description)"))
        }

        let matcher = AndroidIntentMatcher(manifest, assetLinks: served, packageName: package, androidVersion: androidVersion)
        let decisions = links.map { matcher.decision(for: $0) }
        switch output.format {
        case .text: result.standardOutput = AndroidMatchReport(decisions: decisions).text(style: context.style)
        case .json: result.standardOutput = JSONWriter.pretty.string(for: AndroidMatchReport(decisions: decisions).json)
        }
        if let expect {
            let unexpected = decisions.filter { $0.opens != (expect == .opens) }
            if !unexpected.isEmpty {
                result.printError("error: \(unexpected.count) of \(decisions.count) URLs \(expect == .opens ? "do not open the app" : "open the app")")
                result.raise(to: .problemsFound)
            }
        }
        return result
    }

    /// What each host serves, from `--assetlinks` or `--site` (`nil` when neither is given),
    /// and with `--site` the package of the site's only Android app; `nil` when the file cannot
    /// be used (the reason is in `output`).
    func servedFiles(in context: CommandContext, into output: inout CommandOutput)
        -> (files: (@Sendable (String) -> AssetLinksFile?)?, sitePackage: String?)? {
        if let assetlinks {
            do {
                let file = try AssetLinksFile.read(assetlinks, in: context)
                return ({ _ in file }, nil)
            } catch {
                output.fail(error.description, status: .usageOrInputError)
                return nil
            }
        }
        if let site {
            guard let (checked, issues, source) = SiteConfigurationInput.check(site, in: context, into: &output) else { return nil }
            guard let checked else {
                output.printError("error: \(source) is not a usable site configuration; run `landfall config check \(site)`")
                for issue in issues { output.printError(TerminalText.visible(issue.description(in: source))) }
                output.raise(to: .usageOrInputError)
                return nil
            }
            let packages = checked.configuration.apps.compactMap(\.android?.package)
            return ({ host in checked.assetLinks(servedOn: host) }, packages.count == 1 ? packages[0] : nil)
        }
        return (nil, nil)
    }
}

/// The answer `landfall android match --expect` wants for every URL.
enum AndroidMatchExpectation: String, ExpressibleByArgument, CaseIterable {
    /// The app opens.
    case opens
    /// The app does not open.
    case closed
}
