/// The site page's template and styles (``SitePageRoutes``): the association files, each in
/// `<pre id="aasa-HOST">` or `<pre id="assetlinks-HOST">` (HOST the first host serving it) with
/// its lint results; the route table `#routes` with each example and what it opens; the
/// embargoed content in `#embargoes` ("Nothing is embargoed" when none) and what opened in the
/// last 7 days in `#opened`.
enum SitePage {
    static let templates: [String: String] = ["site": site]

    static let css = """
        pre.file { max-height: 24rem; overflow: auto; background: var(--paper); padding: 0.75rem; border-radius: 6px; font-size: 0.85rem; }
        .lint { list-style: none; padding: 0; margin: 0.5rem 0 1rem; }
        .lint li { margin: 0.4rem 0; overflow-wrap: anywhere; }
        .lint .fix { display: block; color: var(--muted); font-size: 0.9rem; }
        .site-routes td { vertical-align: top; overflow-wrap: anywhere; min-width: 0; }
        .site-routes code { overflow-wrap: anywhere; }
        .site-routes dl { margin: 0 0 0.75rem; display: grid; grid-template-columns: 4.5rem minmax(0, 1fr); gap: 0.15rem 0.75rem; font-size: 0.9rem; }
        .site-routes dt { color: var(--muted); }
        .site-routes dd { margin: 0; }
        .site-routes .example { margin: 0 0 0.25rem; }
        .embargoes td { overflow-wrap: anywhere; }
        """

    static let site = """
        {{<layout}}{{$main}}
        <h1>Site</h1>
        <p class="muted">As served now, from <code>{{source}}</code> (loaded {{loadedAt}}). A reload of the configuration shows here at once.</p>
        <section class="card" aria-labelledby="files-heading">
          <h2 id="files-heading">Association files</h2>
          {{#noFiles}}<p>The site lists no iOS or Android app, so it serves no association file.</p>{{/noFiles}}
          {{#files}}
          <h3>{{name}}</h3>
          <p>Served at <code>{{path}}</code> on {{hosts}}{{#localNames}} <span class="muted">(and here on {{localNames}})</span>{{/localNames}}, {{bytes}} bytes.</p>
          <p>{{#clean}}<span class="badge good">{{lintSummary}}</span>{{/clean}}{{^clean}}<span class="badge bad">{{lintSummary}}</span>{{/clean}} <span class="muted">(<code>landfall aasa validate</code>)</span></p>
          <ul class="lint">
            {{#diagnostics}}
            <li><span class="badge {{badge}}">{{severity}}</span> <code>{{code}}</code> {{#place}}<code class="muted">{{place}}</code>{{/place}}: {{message}}{{#fix}}<span class="fix">Fix: {{fix}}</span>{{/fix}}</li>
            {{/diagnostics}}
          </ul>
          <pre class="file" id="{{id}}">{{text}}</pre>
          {{/files}}
        </section>
        <section class="card" aria-labelledby="routes-heading">
          <h2 id="routes-heading">Routes</h2>
          <p class="muted">Each example as the router decides it (<code>landfall routes match</code>), and what it opens on iOS and Android (the files above) and in a browser.</p>
          <table class="links site-routes" id="routes">
            <thead><tr><th scope="col">Route</th><th scope="col">Opens</th><th scope="col">Examples</th></tr></thead>
            <tbody>
            {{#routes}}
            <tr>
              <td><strong>{{name}}</strong><br><code>{{pattern}}</code></td>
              <td>{{opens}}<br><span class="muted">Web: the “{{template}}” page{{#pageTitle}}, titled “{{pageTitle}}”{{/pageTitle}}</span>{{#embargo}}<br><span class="muted">{{embargo}}</span>{{/embargo}}</td>
              <td>
                {{#noExamples}}<span class="muted">No example</span>{{/noExamples}}
                {{#examples}}
                <p class="example"><code>{{url}}</code>{{#fromContent}} <span class="muted">(from its content)</span>{{/fromContent}}</p>
                <dl>
                  <dt>Router</dt><dd>{{decision}}</dd>
                  <dt>iOS</dt><dd>{{#ios}}<div>{{.}}</div>{{/ios}}</dd>
                  <dt>Android</dt><dd>{{#android}}<div>{{.}}</div>{{/android}}</dd>
                  <dt>Web</dt><dd>{{web}}</dd>
                </dl>
                {{/examples}}
              </td>
            </tr>
            {{/routes}}
            </tbody>
          </table>
        </section>
        <section class="card" aria-labelledby="embargoes-heading">
          <h2 id="embargoes-heading">Embargoed content</h2>
          <p class="muted">Hidden now ({{now}}), and when each opens.</p>
          {{#nothingHidden}}<p>Nothing is embargoed.</p>{{/nothingHidden}}
          {{^nothingHidden}}
          <table class="links embargoes" id="embargoes">
            <thead><tr><th scope="col">Page</th><th scope="col">Route</th><th scope="col">Opens</th></tr></thead>
            <tbody>
            {{#hidden}}
            <tr><td><code>{{url}}</code></td><td>{{route}}</td><td>{{opensAt}} <span class="muted">({{relative}})</span></td></tr>
            {{/hidden}}
            </tbody>
          </table>
          {{#moreHidden}}<p class="muted">And {{moreHidden}} more.</p>{{/moreHidden}}
          {{/nothingHidden}}
          <h3>Opened in the last 7 days</h3>
          {{^hasOpened}}<p class="muted">Nothing.</p>{{/hasOpened}}
          {{#hasOpened}}
          <table class="links embargoes" id="opened">
            <thead><tr><th scope="col">Page</th><th scope="col">Route</th><th scope="col">Opened</th></tr></thead>
            <tbody>
            {{#opened}}
            <tr><td><code>{{url}}</code></td><td>{{route}}</td><td>{{opensAt}} <span class="muted">({{relative}})</span></td></tr>
            {{/opened}}
            </tbody>
          </table>
          {{/hasOpened}}
        </section>
        {{/main}}{{/layout}}
        """
}
