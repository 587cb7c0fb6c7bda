import LandfallXML
import PropertyBased
import Testing

@Suite struct XMLTreeTests {
    let android = "http://schemas.android.com/apk/res/android"

    let manifest = """
        <?xml version="1.0" encoding="utf-8"?>
        <!-- the app -->
        <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.app">
            <application android:label="@string/app_name">
                <activity android:exported="true" android:name=".MainActivity">
                    <intent-filter android:autoVerify="true">
                        <data android:scheme="https" android:host="example.com" android:pathPattern="/a\\\\..*"/>
                    </intent-filter>
                </activity>
            </application>
        </manifest>
        """

    @Test func elementsAttributesAndLinesAreReadWithTheirNamespaces() throws {
        let tree = try XMLTree(text: manifest)
        #expect(tree.root.name == "manifest")
        #expect(tree.root.attribute("package")?.value == "com.example.app")
        let activity = try #require(tree.root.descendants(named: "activity").first)
        #expect(activity.line == 5)
        #expect(activity.column == 9)
        #expect(activity.attribute("name", namespace: android)?.value == ".MainActivity")
        #expect(activity.attribute("name") == nil)
        let data = try #require(activity.descendants(named: "data").first)
        #expect(data.isSelfClosing)
        #expect(data.attribute("pathPattern", namespace: android)?.value == #"/a\\..*"#)
        #expect(tree.text(data.attribute("host", namespace: android)!.valueRange) == "example.com")
    }

    @Test func aNamespaceBoundToAnotherPrefixIsTheSameNamespace() throws {
        let tree = try XMLTree(text: #"<manifest xmlns:a="http://schemas.android.com/apk/res/android"><activity a:name=".Main"/></manifest>"#)
        #expect(tree.root.elements(named: "activity").first?.attribute("name", namespace: android)?.value == ".Main")
    }

    @Test func entitiesAndCharacterReferencesAreDecoded() throws {
        let tree = try XMLTree(text: #"<a v="x &amp; &lt;y&gt; &quot;z&quot; &#233; &#x1F600;">t &amp; u<![CDATA[<raw>]]></a>"#)
        #expect(tree.root.attribute("v")?.value == "x & <y> \"z\" é 😀")
        #expect(tree.root.text == "t & u<raw>")
    }

    @Test(arguments: [
        ("", "line 1, column 1: the document is empty"),
        ("<a>", "line 1, column 1: <a> (line 1) is never closed; add </a>"),
        ("<a>\n  <b>\n</a>", "line 3, column 1: </a> closes <b>, which was opened at line 2; close it with </b> first"),
        (#"<a x="1" x="2"/>"#, "line 1, column 10: <a> has the attribute x twice"),
        (#"<a x/>"#, "line 1, column 4: the attribute x of <a> has no value; write x=\"...\""),
        (#"<a android:name="x"/>"#, "line 1, column 4: the prefix android of the attribute android:name is not declared (add xmlns:android=\"...\" to the root element)"),
        (#"<a>&nbsp;</a>"#, "line 1, column 4: unknown entity &nbsp;; XML knows &lt; &gt; &amp; &quot; &apos; and &#...;"),
        ("<a/><b/>", "line 1, column 5: a second root element; a document has one (the first is <a> at line 1)"),
        ("<a/> text", "line 1, column 6: text after the root element </a>"),
        (#"<a x="<"/>"#, "line 1, column 7: '<' in the value of x; write &lt;"),
        ("<a><!-- open </a>", "line 1, column 4: a comment is not closed with -->"),
        (#"<a x="1"y="2"/>"#, "line 1, column 9: expected a space, '>' or '/>' in <a>, found 'y'"),
    ])
    func malformedDocumentsNameTheLineAndWhatIsWrong(text: String, expected: String) {
        #expect(throws: XMLTreeError.self) { try XMLTree(text: text) }
        do {
            _ = try XMLTree(text: text)
        } catch {
            #expect(error.description == expected)
        }
    }

    @Test func nestingBeyondTheLimitIsRefusedWithoutExhaustingTheStack() {
        let depth = XMLTree.maximumDepth + 1
        let text = String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth)
        #expect(throws: XMLTreeError.self) { try XMLTree(text: text) }
    }

    @Test func editsSpliceTextAndKeepEveryOtherByte() throws {
        let tree = try XMLTree(text: manifest)
        let activity = try #require(tree.root.descendants(named: "activity").first)
        let end = try #require(activity.endTag)
        let edited = tree.applying([XMLEdit(inserting: "    <!-- new -->\n        ", at: end.lowerBound)])
        #expect(edited.replacingOccurrences(of: "    <!-- new -->\n        ", with: "") == manifest)
        let again = try XMLTree(text: edited)
        #expect(again.root.descendants(named: "activity").first?.children.contains {
            if case .comment(" new ", _) = $0 { true } else { false }
        } == true)
    }

    @Test func indentationIsReadFromTheDocument() throws {
        let tree = try XMLTree(text: manifest)
        #expect(tree.indentationUnit == "    ")
        let tabs = try XMLTree(text: "<plist>\n\t<dict>\n\t\t<key>a</key>\n\t</dict>\n</plist>")
        #expect(tabs.indentationUnit == "\t")
        let activity = try #require(tree.root.descendants(named: "activity").first)
        #expect(tree.indentation(ofLineAt: activity.startTag.lowerBound) == "        ")
    }

    static let characters: [Character] = ["a", "Z", "0", " ", "&", "<", ">", "\"", "'", "\t", "\n", "\r", ";", "#", "é", "😀", "]", "-"]

    @Test func anAttributeValueAndTextWrittenEscapedReadBackAsTheOriginal() async {
        let values = Gen<Character?>.element(of: Self.characters).map { $0 ?? "a" }.string(of: 0...30)
        await propertyCheck(count: 500, input: values) { value throws in
            let tree = try XMLTree(text: "<a v=\"\(XMLEscaping.attributeValue(value))\">\(XMLEscaping.text(value))</a>")
            #expect(tree.root.attribute("v")?.value == value)
            #expect(tree.root.text == value)
        }
    }

    @Test func aCommentWrittenEscapedIsOneComment() throws {
        let tree = try XMLTree(text: "<a><!--\(XMLEscaping.comment("a -- b -"))--></a>")
        #expect(tree.root.children.count == 1)
    }
}
