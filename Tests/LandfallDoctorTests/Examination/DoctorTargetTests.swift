import Testing
import LandfallDoctor

/// Reading what a user types after `landfall doctor`: a host, `host:port`, or an `https` URL,
/// and refusing everything else with a message that says what to type instead.
@Suite struct DoctorTargetTests {
    struct Reading: Sendable, CustomTestStringConvertible {
        var text: String
        var host: String
        var port: Int = 443
        var pageURL: String?
        var testDescription: String { "'\(text)'" }
    }

    static let readings: [Reading] = [
        Reading(text: "example.com", host: "example.com"),
        Reading(text: "  example.com  ", host: "example.com"),
        Reading(text: "Example.COM.", host: "example.com"),
        Reading(text: "example.com:8443", host: "example.com", port: 8443),
        Reading(text: "links.example.com:443", host: "links.example.com"),
        Reading(text: "https://example.com", host: "example.com"),
        Reading(text: "https://example.com/", host: "example.com"),
        Reading(text: "HTTPS://Example.com:8443/", host: "example.com", port: 8443),
        Reading(text: "https://example.com/.well-known/apple-app-site-association", host: "example.com"),
        Reading(text: "https://example.com/.well-known/assetlinks.json", host: "example.com"),
        Reading(text: "https://example.com/puzzle/1?x=1", host: "example.com",
                pageURL: "https://example.com/puzzle/1?x=1"),
        Reading(text: "https://daily.example.com/puzzle/2026-11-20", host: "daily.example.com",
                pageURL: "https://daily.example.com/puzzle/2026-11-20"),
        Reading(text: "https://example.com/?ref=mail", host: "example.com", pageURL: "https://example.com/?ref=mail"),
        Reading(text: "https://example.com:8443/puzzle/1", host: "example.com", port: 8443,
                pageURL: "https://example.com:8443/puzzle/1"),
    ]

    @Test(arguments: readings)
    func aHostPortOrHTTPSURLIsRead(_ reading: Reading) throws {
        let target = try DoctorTarget(parsing: reading.text)
        #expect(target.host == reading.host)
        #expect(target.port == reading.port)
        #expect(target.pageURL == reading.pageURL)
    }

    struct Refusal: Sendable, CustomTestStringConvertible {
        var text: String
        /// Pieces the message must contain.
        var says: [String]
        var testDescription: String { "'\(text)'" }
    }

    static let refusals: [Refusal] = [
        Refusal(text: "", says: ["the target is empty", "example.com"]),
        Refusal(text: "   ", says: ["the target is empty"]),
        Refusal(text: "http://example.com", says: ["HTTPS only", "https://example.com"]),
        Refusal(text: "http://example.com/puzzle/1", says: ["HTTPS only", "https://example.com/puzzle/1"]),
        Refusal(text: "ftp://example.com/file", says: ["the scheme ftp is not https"]),
        Refusal(text: "https://", says: ["is not a URL with a host"]),
        Refusal(text: "example.com/path", says: ["example.com/path has a path but no scheme", "https://"]),
        Refusal(text: "example.com:0", says: ["port 0 is outside 1-65535"]),
        Refusal(text: "example.com:99999", says: ["port 99999 is outside 1-65535"]),
        Refusal(text: "example.com:https", says: ["'https' is not a port number"]),
        Refusal(text: "https://example.com:0/", says: ["port 0 is outside 1-65535"]),
        Refusal(text: "exa mple.com", says: ["' ' cannot appear in a host name"]),
        Refusal(text: "ex..com", says: ["the host ex..com has an empty label"]),
        Refusal(text: ".example.com", says: ["has an empty label"]),
        Refusal(text: "bücher.de", says: ["'ü' cannot appear in a host name", "xn--"]),
        Refusal(text: "example_com", says: ["'_' cannot appear in a host name"]),
        Refusal(text: "https://bücher.de/", says: ["'ü' cannot appear in a host name", "xn--"]),
        Refusal(text: "https://example.com:99999/", says: ["port 99999 is outside 1-65535"]),
        Refusal(text: "https://ex..com/", says: ["the host ex..com has an empty label"]),
    ]

    @Test(arguments: refusals)
    func anythingElseIsRefusedWithWhatToTypeInstead(_ refusal: Refusal) {
        do {
            let target = try DoctorTarget(parsing: refusal.text)
            Issue.record("'\(refusal.text)' was read as \(target)")
        } catch {
            for piece in refusal.says {
                #expect(error.message.contains(piece), "\(error.message)")
            }
            #expect(error.description == error.message)
        }
    }

    @Test func theDefaultPortIsLeftOutOfTheOriginURLsAndDescription() throws {
        let target = try DoctorTarget(parsing: "https://Links.Example.com/puzzle/1")
        #expect(target.origin == "https://links.example.com")
        #expect(target.url(for: .appleAssociation) == "https://links.example.com/.well-known/apple-app-site-association")
        #expect(target.url(for: .assetLinks) == "https://links.example.com/.well-known/assetlinks.json")
        #expect(target.description == "links.example.com")
    }

    @Test func anotherPortIsNamedInTheOriginURLsAndDescription() throws {
        let target = try DoctorTarget(parsing: "links.example.com:8443")
        #expect(target.origin == "https://links.example.com:8443")
        #expect(target.url(for: .appleAssociation) == "https://links.example.com:8443/.well-known/apple-app-site-association")
        #expect(target.url(for: .assetLinks) == "https://links.example.com:8443/.well-known/assetlinks.json")
        #expect(target.description == "links.example.com:8443")
    }

    @Test(arguments: ["example.com", "example.com:8443", "https://example.com:8443/puzzle/1"])
    func theDescriptionReadsBackAsTheSameHostAndPort(_ text: String) throws {
        let target = try DoctorTarget(parsing: text)
        let again = try DoctorTarget(parsing: target.description)
        #expect(again.host == target.host)
        #expect(again.port == target.port)
        #expect(again.pageURL == nil)
        #expect(try DoctorTarget(parsing: target.origin) == DoctorTarget(host: target.host, port: target.port))
    }
}
