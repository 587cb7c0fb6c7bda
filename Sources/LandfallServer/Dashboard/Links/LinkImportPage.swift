/// The import page of ``LinkImportRoutes``: the text box for the file (and the file input the
/// page's script reads into it), the choice of what to do with refused rows, the report of
/// each row (`#import-report`), and the columns explained with an example.
enum LinkImportPage {
    /// The columns a file may have (``LinkImportFile``'s, in Landfall's CSV), and what each gives.
    static let columns: [(name: String, meaning: String)] = [
        ("target", "Required. Where the link leads: a page of the site, or an address its allowlist lets links lead to."),
        ("slug", "The short URL's path; empty for a random one."),
        ("host", "The link host; empty for the site's."),
        ("ios, android, desktop", "Where each kind of device goes instead (also overrides.ios, overrides.android, overrides.desktop)."),
        ("title, description, image", "What link previews show (also preview.title, preview.description, preview.imageURL)."),
        ("campaign.source, campaign.medium, campaign", "The campaign (utm_source, utm_medium, utm_campaign); also campaign.term, campaign.content."),
        ("expiresAt", "When the link stops working, in RFC 3339 (2026-12-31T23:59:59Z); also expires."),
        ("maxClicks", "After how many clicks it stops working: a whole number, 1 or more."),
        ("disabled", "true to create it disabled."),
        ("data.KEY", "A value handed to the app with the deep link (data.invitedBy)."),
    ]

    /// A file to copy from.
    static let example = """
        target,slug,title,campaign,maxClicks
        https://daily.example.com/puzzle/2026-12-01,december,December's first puzzle,winter-league,
        https://daily.example.com/leagues/winter,,Winter League,winter-league,500
        """

    static let template = """
        {{<layout}}{{$main}}
        <h1>Import links</h1>
        <section class="card">
        <form id="import-form" method="post" action="/links/import" novalidate>
          <input type="hidden" name="csrf" value="{{user.csrf}}">
          <label for="csv">Links: CSV, JSON, or a Firebase Dynamic Links export</label>
          <textarea id="csv" name="csv" rows="10" spellcheck="false" autocapitalize="off"{{#csvError}} aria-invalid="true"{{/csvError}} aria-describedby="csv-error csv-hint">{{csv}}</textarea>
          {{#csvError}}<p class="field-error" id="csv-error">{{csvError}}</p>{{/csvError}}
          <p class="hint" id="csv-hint">CSV: a header line naming the columns (below), then one link a line, as a spreadsheet saves CSV (UTF-8). JSON: <code>{"links": [{"target": "…", "slug": "…"}]}</code>, as <code>landfall links export --format json</code> writes it. A Firebase export: one CSV file of Google Takeout's, as it is. A row already imported with the same settings is left alone.</p>
          <label for="csv-file">Or choose a file</label>
          <input type="file" id="csv-file" accept=".csv,text/csv,.json,application/json" aria-describedby="csv-file-hint">
          <p class="hint" id="csv-file-hint">Its text is put in the box above, to look at before importing.</p>
          <fieldset>
            <legend>When a row is refused</legend>
            <label class="choice"><input type="radio" name="mode" value="valid"{{#modeValid}} checked{{/modeValid}}> <span>Create the other rows, and list the refused ones to fix</span></label>
            <label class="choice"><input type="radio" name="mode" value="all"{{#modeAll}} checked{{/modeAll}}> <span>Create nothing: all or nothing, as <code>landfall links import</code> does</span></label>
            <label class="choice"><input type="radio" name="mode" value="check"{{#modeCheck}} checked{{/modeCheck}}> <span>Only check every row; create nothing</span></label>
            {{#modeError}}<p class="field-error" id="mode-error">{{modeError}}</p>{{/modeError}}
          </fieldset>
          <div class="actions">
            <button type="submit" id="import-links">Import</button>
            <a href="/links">Cancel</a>
          </div>
        </form>
        </section>
        {{#report}}
        <section class="card" id="import-result">
          <h2>Report</h2>
          <p class="notice" role="status" id="import-summary">{{summary}}</p>
          <p class="hint" id="import-format">Read as: {{format}}.</p>
          <table class="links" id="import-report">
            <thead><tr><th scope="col">Row</th><th scope="col">Result</th><th scope="col">Short URL or problem</th></tr></thead>
            <tbody>
            {{#rows}}
            <tr>
              <td class="line">{{place}}</td>
              <td>{{#created}}<span class="badge good">created</span>{{/created}}{{#unchanged}}<span class="badge">unchanged</span>{{/unchanged}}{{#notCreated}}<span class="badge">{{notCreated}}</span>{{/notCreated}}{{#refused}}<span class="badge bad">refused</span>{{/refused}}</td>
              <td>{{#id}}<a href="/links/{{id}}">{{shortURL}}</a>{{/id}}{{^id}}{{#shortURL}}<code>{{shortURL}}</code>{{/shortURL}}{{/id}}{{#source}}<div class="hint">was {{source}}</div>{{/source}}{{#problems}}<div class="field-error">{{.}}</div>{{/problems}}{{#rowNotes}}<div class="hint">{{.}}</div>{{/rowNotes}}</td>
            </tr>
            {{/rows}}
            </tbody>
          </table>
          <p class="hint">Rows are counted as a spreadsheet counts them: the header is row 1. In JSON, links are counted from 1.</p>
          {{#fileNotes}}<details class="notes" id="import-notes"><summary>What the file had that the links do not keep, and where they go ({{count}})</summary><ul>{{#items}}<li>{{.}}</li>{{/items}}</ul></details>{{/fileNotes}}
        </section>
        {{/report}}
        <section class="card">
          <h2>The columns</h2>
          <p>Only <code>target</code> is required; the columns may come in any order, an empty cell leaves its field out. Every row is checked as a link made with the form is.</p>
          <dl class="columns-help">
            {{#columns}}<dt><code>{{name}}</code></dt><dd>{{meaning}}</dd>{{/columns}}
          </dl>
          <h2>An example</h2>
          <pre class="example">{{example}}</pre>
        </section>
        {{/main}}{{/layout}}
        """
}
