import LandfallXML

extension AndroidManifestWriter {
    /// `original` (an app's `AndroidManifest.xml`) with the generated block in the app's
    /// activity; every byte outside the block stays as it was.
    ///
    /// The activity is `activity` when given, else the plan's `android.activity`; names are
    /// compared as written and fully qualified with the manifest's `package` (`.MainActivity`
    /// is `com.example.app.MainActivity`), among `<activity>` and `<activity-alias>` elements.
    /// A block between the marker comments is replaced where it is (moved when it is in another
    /// activity); otherwise the block is inserted before `</activity>`, indented like the file,
    /// and a self-closing `<activity … />` gets an end tag. Every hand-written filter that also
    /// names one of the plan's hosts or custom schemes is reported in the notes.
    ///
    /// ```swift
    /// let merged = try AndroidManifestWriter.merge(plan, into: manifest, activity: nil)
    /// merged.notes // ["line 40: a filter Landfall did not write also claims daily.example.com; ..."]
    /// ```
    ///
    /// - Throws: ``AppFileMergeError`` (with the line) when the file is not XML, its root is not
    ///   `<manifest>`, it has no `<application>` or no such activity (the error lists the ones
    ///   there are), or its marker comments are not one begin followed by one end.
    public static func merge(_ plan: AppLinkPlan, into original: String, activity: String?) throws(AppFileMergeError) -> AppFileMerge {
        let android = try requireAndroid(plan)
        let tree: XMLTree
        do {
            tree = try XMLTree(text: original)
        } catch {
            throw AppFileMergeError("the file is not well-formed XML: \(error)", line: error.line)
        }
        let root = tree.root
        guard root.localName == "manifest", root.namespaceURI == nil else {
            throw AppFileMergeError("the root element is <\(root.name)>, not <manifest>: is this an AndroidManifest.xml?", line: root.line)
        }
        guard let prefix = root.attributes.first(where: { $0.name.hasPrefix("xmlns:") && $0.value == androidNamespace })?.localName else {
            throw AppFileMergeError("the <manifest> does not declare the android namespace; add xmlns:android=\"\(androidNamespace)\"", line: root.line)
        }
        guard let application = root.elements(named: "application").first else {
            throw AppFileMergeError("the manifest has no <application>; the activity links open belongs inside one", line: root.line)
        }
        let package = root.attribute("package")?.value
        let activities = application.elements.filter { $0.localName == "activity" || $0.localName == "activity-alias" }
        let wanted = activity ?? android.activity
        guard let target = activities.first(where: { sameActivity(name(of: $0), wanted, package: package) }) else {
            throw missingActivity(wanted, named: activity != nil, among: activities, in: application)
        }

        let newline = original.contains("\r\n") ? "\r\n" : "\n"
        let unit = tree.indentationUnit
        let markers = try markerBlock(in: tree)
        var edits: [XMLEdit] = []
        var notes: [String] = []
        if let markers, markers.parent.startTag == target.startTag {
            let indentation = tree.indentation(ofLineAt: markers.begin.lowerBound)
            let block = filters(for: plan, indentation: indentation, unit: unit, prefix: prefix, newline: newline)
            edits.append(XMLEdit(replacing: wholeLines(markers.begin.lowerBound..<markers.end.upperBound, in: tree), with: block))
        } else {
            if let markers {
                edits.append(XMLEdit(replacing: wholeLines(markers.begin.lowerBound..<markers.end.upperBound, in: tree), with: ""))
                notes.append("line \(tree.line(of: markers.begin.lowerBound)): moved the generated filters from "
                             + "\(markers.parent.attribute("name", namespace: androidNamespace)?.value ?? "<\(markers.parent.name)>") "
                             + "to \(name(of: target))")
            }
            let indentation = tree.indentation(ofLineAt: target.startTag.lowerBound) + unit
            let block = filters(for: plan, indentation: indentation, unit: unit, prefix: prefix, newline: newline)
            edits.append(EntitlementsWriter.insertion(of: block, closing: target, in: tree, newline: newline))
        }
        notes += handWrittenClaims(in: activities, outside: markers?.range, of: plan, in: tree)
        notes += exportNotes(for: target, in: tree)
        return AppFileMerge(text: tree.applying(edits), notes: notes)
    }

    /// What the activity's `android:exported` means for the filters just written: without it,
    /// Android 12 and later refuse to install an app whose activity has intent filters; with
    /// `false`, no link from another app (a browser) can start it.
    static func exportNotes(for activity: XMLTreeElement, in tree: XMLTree) -> [String] {
        switch activity.attribute("exported", namespace: androidNamespace)?.value {
        case nil:
            return ["line \(activity.line): \(name(of: activity)) has no android:exported; Android 12 and later refuse to install an app "
                    + "whose activity has intent filters without it: add android:exported=\"true\""]
        case "false":
            return ["line \(activity.line): \(name(of: activity)) has android:exported=\"false\", so no browser can open it and no link "
                    + "opens the app: set it to \"true\""]
        default:
            return []
        }
    }

    // MARK: activities

    /// The `android:name` of an activity as written.
    static func name(of activity: XMLTreeElement) -> String {
        activity.attribute("name", namespace: androidNamespace)?.value ?? "(no android:name)"
    }

    /// Whether two activity names name the same class: equal as written, or once each is made
    /// fully qualified with the manifest's package (a name starting with `.`, or without a `.`,
    /// is relative to it).
    static func sameActivity(_ a: String, _ b: String, package: String?) -> Bool {
        func qualified(_ name: String) -> String {
            guard let package else { return name }
            if name.hasPrefix(".") { return package + name }
            return name.contains(".") ? name : package + "." + name
        }
        return a == b || qualified(a) == qualified(b)
    }

    /// The error for an activity the manifest does not have: the launcher activity when there is
    /// exactly one and the name came from `landfall.yml`, else the list of activities.
    static func missingActivity(_ wanted: String, named explicitly: Bool, among activities: [XMLTreeElement],
                                in application: XMLTreeElement) -> AppFileMergeError {
        guard !activities.isEmpty else {
            return AppFileMergeError("the manifest has no activity named \(wanted): its <application> has no <activity>", line: application.line)
        }
        let launchers = activities.filter(isLauncher)
        if !explicitly, launchers.count == 1 {
            let launcher = name(of: launchers[0])
            return AppFileMergeError(
                "the manifest has no activity named \(wanted) (android.activity in landfall.yml); its launcher activity is \(launcher) "
                    + "(line \(launchers[0].line)): set android.activity: \(launcher) in landfall.yml, or pass --activity \(launcher)",
                line: application.line)
        }
        let names = activities.map { "\(name(of: $0)) (line \($0.line))" }.joined(separator: ", ")
        return AppFileMergeError("the manifest has no activity named \(wanted); its activities are \(names)", line: application.line)
    }

    /// Whether an activity (not disabled) has the MAIN action with the LAUNCHER category.
    static func isLauncher(_ activity: XMLTreeElement) -> Bool {
        guard activity.attribute("enabled", namespace: androidNamespace)?.value != "false" else { return false }
        return activity.elements(named: "intent-filter").contains { filter in
            let names = filter.elements.compactMap { $0.attribute("name", namespace: androidNamespace)?.value }
            return names.contains("android.intent.action.MAIN") && names.contains("android.intent.category.LAUNCHER")
        }
    }

    // MARK: markers

    /// The generated block found in the document: its begin and end comments and the element
    /// they are in.
    struct MarkerBlock {
        var begin: Range<Int>
        var end: Range<Int>
        var parent: XMLTreeElement
        var range: Range<Int> { begin.lowerBound..<end.upperBound }
    }

    /// The block between the marker comments, `nil` when there is none.
    static func markerBlock(in tree: XMLTree) throws(AppFileMergeError) -> MarkerBlock? {
        var begins: [(Range<Int>, XMLTreeElement)] = []
        var ends: [(Range<Int>, XMLTreeElement)] = []
        func visit(_ element: XMLTreeElement) {
            for child in element.children {
                switch child {
                case .comment(let text, let range):
                    let text = text.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
                    if text.hasPrefix("landfall:begin") { begins.append((range, element)) }
                    if text.hasPrefix("landfall:end") { ends.append((range, element)) }
                case .element(let inner):
                    visit(inner)
                case .text, .other:
                    break
                }
            }
        }
        visit(tree.root)
        func lines(_ found: [(Range<Int>, XMLTreeElement)]) -> String {
            found.map { String(tree.line(of: $0.0.lowerBound)) }.joined(separator: " and ")
        }
        if begins.count > 1 {
            throw AppFileMergeError("the manifest has \(begins.count) landfall:begin comments (lines \(lines(begins))); "
                                    + "keep one generated block and delete the others", line: tree.line(of: begins[1].0.lowerBound))
        }
        if ends.count > 1 {
            throw AppFileMergeError("the manifest has \(ends.count) landfall:end comments (lines \(lines(ends))); "
                                    + "keep one generated block and delete the others", line: tree.line(of: ends[1].0.lowerBound))
        }
        switch (begins.first, ends.first) {
        case (nil, nil):
            return nil
        case (let begin?, nil):
            throw AppFileMergeError("the landfall:begin comment has no landfall:end after it; add <!-- landfall:end --> where the generated block ends",
                                    line: tree.line(of: begin.0.lowerBound))
        case (nil, let end?):
            throw AppFileMergeError("the landfall:end comment has no landfall:begin before it; delete it, or add the begin comment",
                                    line: tree.line(of: end.0.lowerBound))
        case (let begin?, let end?):
            guard begin.0.upperBound <= end.0.lowerBound, begin.1.startTag == end.1.startTag else {
                throw AppFileMergeError("the landfall:begin comment (line \(tree.line(of: begin.0.lowerBound))) and the landfall:end comment "
                                        + "(line \(tree.line(of: end.0.lowerBound))) do not enclose one block in one element",
                                        line: tree.line(of: begin.0.lowerBound))
            }
            return MarkerBlock(begin: begin.0, end: end.0, parent: begin.1)
        }
    }

    /// `range` widened to whole lines: back over the indentation before it when nothing else
    /// precedes it on its line, and on over the line break after it when nothing else follows.
    static func wholeLines(_ range: Range<Int>, in tree: XMLTree) -> Range<Int> {
        let bytes = tree.bytes
        var start = range.lowerBound
        while start > 0, bytes[start - 1] == UInt8(ascii: " ") || bytes[start - 1] == UInt8(ascii: "\t") { start -= 1 }
        guard start == 0 || bytes[start - 1] == UInt8(ascii: "\n") else { return range }
        var end = range.upperBound
        while end < bytes.count, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t") { end += 1 }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\r") { end += 1 }
        guard end == bytes.count || bytes[end] == UInt8(ascii: "\n") else { return start..<range.upperBound }
        return start..<min(end + 1, bytes.count)
    }

    // MARK: notes

    /// A note for every intent filter outside the generated block that names one of the
    /// plan's hosts or custom schemes: it opens its own paths, whatever the routes say.
    static func handWrittenClaims(in activities: [XMLTreeElement], outside generated: Range<Int>?, of plan: AppLinkPlan,
                                  in tree: XMLTree) -> [String] {
        let hosts = Set(plan.androidFilters.flatMap(\.hosts).map { $0.lowercased() })
        let schemes = Set(plan.androidFilters.filter { !$0.autoVerify }.flatMap(\.schemes))
        var notes: [String] = []
        for activity in activities {
            for filter in activity.elements(named: "intent-filter") {
                if let generated, generated.contains(filter.startTag.lowerBound) { continue }
                let data = filter.elements(named: "data")
                let claimed = data.compactMap { $0.attribute("host", namespace: androidNamespace)?.value.lowercased() }.filter(hosts.contains)
                    + data.compactMap { $0.attribute("scheme", namespace: androidNamespace)?.value }.filter(schemes.contains)
                    .map { "the scheme \($0)" }
                var seen = Set<String>()
                let unique = claimed.filter { seen.insert($0).inserted }
                guard !unique.isEmpty else { continue }
                notes.append("line \(filter.line): a filter Landfall did not write also claims \(unique.joined(separator: ", ")); "
                             + "it opens whatever paths it lists, whatever the routes say")
            }
        }
        return notes
    }
}
