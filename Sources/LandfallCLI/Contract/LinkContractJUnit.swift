/// JUnit XML for a contract run, the format CI systems (GitHub Actions reporters, GitLab,
/// Jenkins) read: one `<testsuite>` named after the contract, one `<testcase>` per case, and a
/// `<failure>` carrying the explanation for each case that failed.
///
/// ```xml
/// <?xml version="1.0" encoding="UTF-8"?>
/// <testsuite name="contract" tests="2" failures="1" errors="0" skipped="0">
///   <testcase classname="contract" name="https://daily.example.com/puzzle/2026-11-20"/>
///   <testcase classname="contract" name="https://daily.example.com/archive/2025">
///     <failure message="expected it to open ...">expected it to open ...</failure>
///   </testcase>
/// </testsuite>
/// ```
enum LinkContractJUnit {
    /// The document for `verdicts`; `suite` names the suite and each case's class.
    static func document(suite: String, verdicts: [LinkContractVerdict]) -> String {
        let failures = verdicts.filter { !$0.passed }.count
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<testsuite name="\#(escape(suite))" tests="\#(verdicts.count)" failures="\#(failures)" errors="0" skipped="0">"#,
        ]
        for verdict in verdicts {
            let name = "name=\"\(escape(verdict.contractCase.url.text))\""
            let opening = "  <testcase classname=\"\(escape(suite))\" \(name)"
            if verdict.passed {
                lines.append(opening + "/>")
            } else {
                let message = verdict.failures.joined(separator: "; ")
                let body = (["line \(verdict.contractCase.line): \(verdict.contractCase.url.text)"] + verdict.failures)
                    .joined(separator: "\n")
                lines.append(opening + ">")
                lines.append("    <failure message=\"\(escape(message))\" type=\"ContractFailure\">\(escape(body))</failure>")
                lines.append("  </testcase>")
            }
        }
        lines.append("</testsuite>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` with the five XML special characters escaped, line breaks kept as character
    /// references (so attributes keep them), and characters XML 1.0 cannot hold dropped.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            case "\n": escaped += "&#10;"
            case "\t": escaped += "&#9;"
            case "\r": escaped += "&#13;"
            default:
                // XML 1.0 allows no other control character, nor U+FFFE/U+FFFF.
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
