import Foundation
import HTTPTypes
@testable import LandfallServer
import LandfallStorage
import Testing

/// The overview's numbers are the statistics API's, and what people wrote is shown as text.
@Suite struct DashboardOverviewTests {
    @Test("today's clicks, the chart and the most clicked link appear once clicked, on both databases", arguments: ServerCases.all)
    func theOverviewCountsClicks(transport: Transport, database: TestDatabase) async throws {
        let server = try await DashboardCases.server(database: database)
        let key = try await server.authorization()
        try await server.run(transport) { client in
            _ = try await client.createLink(#"{"target": "https://daily.example.com/puzzle/2026-11-20", "slug": "xss", "preview": {"title": "<img src=x onerror=alert(1)>"}}"#, key: key)
            for _ in 0..<7 { _ = try await client.visit("xss", as: Visitors.iPhone) }
            for _ in 0..<3 { _ = try await client.visit("xss", as: Visitors.desktop) }
            var browser = DashboardBrowser(client: client)
            try await browser.signIn(email: DemoSite.administratorEmail, password: DashboardCases.password)
            let page = try await browser.get("/")
            #expect(page.status == .ok)
            let text = page.text
            #expect(text.contains("<h2>Today</h2>"))
            #expect(text.contains("<div><dt>Clicks</dt><dd>10</dd></div>"))
            #expect(text.contains("<code>https://go.daily.example.com/xss</code>"))
            #expect(text.contains("&lt;img src=x onerror=alert(1)&gt;") && !text.contains("<img src=x"))
            #expect(text.contains("10 clicks in 30 days; the most, 10, on 2026-11-20."))
            #expect(text.contains("data:image/svg+xml;base64,"))
            #expect(text.contains(#"<span class="label">ios</span>"#))
            // Through the development name, the link is shown as one this machine opens.
            var local = DashboardBrowser(client: client, host: DashboardCases.localHost)
            try await local.signIn(email: DemoSite.administratorEmail, password: DashboardCases.password)
            #expect(try await local.get("/").text.contains("<code>http://go.localhost:8080/xss</code>"))
        }
    }

    @Test("the overview lists the in-app browsers people clicked in and the most visited long links, the links as text")
    func theOverviewShowsInAppBrowsersAndLongLinks() async throws {
        let server = try await DashboardCases.server(database: .sqlite)
        let key = try await server.authorization()
        try await server.run(.router) { client in
            _ = try await client.createLink(#"{"target": "https://daily.example.com/puzzle/2026-11-20", "slug": "insta-clicks"}"#, key: key)
            for _ in 0..<2 { _ = try await client.visit("insta-clicks", as: InAppBrowserPageTests.instagram) }
            let longLink = "https://daily.example.com/puzzle/2026-11-19?from=a&to=b"
            for userAgent in [Visitors.desktop, Visitors.slack] {
                _ = try await client.execute("/?link=\(JSONText.queryValue(longLink))", host: Demo.links, headers: [.userAgent: userAgent])
            }
            var browser = DashboardBrowser(client: client)
            try await browser.signIn(email: DemoSite.administratorEmail, password: DashboardCases.password)
            let text = try await browser.get("/").text
            #expect(text.contains("<h2>In-app browsers, last 30 days</h2>"))
            #expect(text.contains(#"<span class="label">Instagram</span>"#), "\(text)")
            #expect(text.contains("<h2>Long links, last 30 days</h2>"))
            #expect(text.contains("<code>https://daily.example.com/puzzle/2026-11-19?from=a&amp;to=b</code>"), "\(text)")
            #expect(text.contains(#"<td class="number" data-label="Clicks">1</td><td class="number" data-label="Previews">1</td>"#))
            #expect(text.contains("<div><dt>Clicks</dt><dd>3</dd></div>"), "the long link's visit is one of today's clicks")
        }
    }

    @Test("the chart draws one bar per day, the highest at full height, and says in words what it shows")
    func theChartDrawsItsDays() {
        let chart = DailyChart(days: [("2026-11-18", 0), ("2026-11-19", 5), ("2026-11-20", 10)])
        #expect(chart.svg.components(separatedBy: "<rect ").count - 1 == 3)
        #expect(chart.svg.contains(#"height="174.0""#))   // 180 - 2 - 4: the full plot
        #expect(!chart.svg.contains("<text"), "labels are the page's text, readable at any width")
        #expect(chart.highest == 10)
        #expect(chart.svg.contains("<title>2026-11-19: 5</title>"))
        #expect(chart.text == "15 clicks in 3 days; the most, 10, on 2026-11-20.")
        #expect(DailyChart(days: [("2026-11-20", 0)]).text == "No clicks in these 1 days.")
    }

    @Test("the dashboard's templates all parse")
    func theTemplatesParse() {
        for name in DashboardTemplates.all.keys {
            #expect(DashboardTemplates.library.getTemplate(named: name) != nil, "\(name)")
        }
    }
}
