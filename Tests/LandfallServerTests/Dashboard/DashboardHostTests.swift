import Foundation
import HTTPTypes
@testable import LandfallServer
import LandfallStorage
import Testing

/// The admin host serves the dashboard and nothing else, and no other host serves it.
@Suite struct DashboardHostTests {
    @Test("the admin host has no association file, and a short link's slug there is the dashboard's 404", arguments: Transport.allCases)
    func theAdminHostIsOnlyTheDashboard(transport: Transport) async throws {
        let server = try await DashboardCases.server()
        try await server.run(transport) { client in
            for path in ["/.well-known/apple-app-site-association", "/apple-app-site-association", "/.well-known/assetlinks.json"] {
                let file = try await client.get(path, host: DashboardCases.host)
                #expect(file.status == .notFound, "\(path)")
                #expect(!file.text.contains("applinks"))
            }
            // A path near an association file's is no site page there either.
            let near = try await client.get("/.well-known/apple-app-site-association/", host: DashboardCases.host)
            #expect(near.status == .notFound && near.text.contains("The dashboard's host has no association file"))
            let slug = try await client.get("/friday", host: DashboardCases.host)
            #expect(slug.status == .notFound && slug.text.contains("The dashboard has no page at this address."), "\(slug.text)")
            #expect(slug["Location"] == nil)
            #expect(slug["Content-Security-Policy"] == DashboardHeadersMiddleware.contentSecurityPolicy)
            let style = try await client.get("/assets/dashboard.css", host: DashboardCases.host)
            #expect(style.status == .ok && style["Content-Type"] == "text/css; charset=utf-8")
        }
    }

    @Test("the dashboard's paths on the site, link and interstitial hosts are theirs, never the dashboard", arguments: Transport.allCases)
    func otherHostsNeverReachTheDashboard(transport: Transport) async throws {
        let server = try await DashboardCases.server()
        try await server.run(transport) { client in
            for host in [Demo.site, Demo.links, Demo.interstitial, Demo.localSite] {
                let page = try await client.get("/sign-in", host: host)
                #expect(!page.text.contains("Sign in</h1>") && page.headers[values: .setCookie].isEmpty, "\(host)")
                let post = try await client.execute("/sign-in", method: .post, host: host,
                                                    headers: [.contentType: "application/x-www-form-urlencoded"], body: "csrf=x")
                #expect(post.status == .methodNotAllowed, "\(host)")
            }
        }
    }

    @Test("the association files list no path of the admin host, and the site's hosts stay as they were")
    func noAssociationCoversTheDashboard() async throws {
        let server = try await DashboardCases.server()
        try await server.run(.router) { _ in }   // starts and stops the server, which closes its storage
        let hosts = server.parts.sites.current.configuration.hosts
        #expect(hosts.admin == "admin.daily.example.com")
        #expect(!hosts.servedHosts.contains("admin.daily.example.com"))
        #expect(hosts.role(of: "admin.localhost") == .local(name: "admin.localhost", standingFor: .admin))
    }
}
