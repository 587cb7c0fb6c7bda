/// The template and styles of a link's page, `GET /links/{id}` (``LinkPageRoutes``): its short
/// URL with a copy button, its state, its numbers and clicks per day, referrers, platforms and in-app browsers,
/// its fields, and its QR code with PNG and SVG downloads (``LinkQRRoutes``).
enum LinkPage {
    static let templates: [String: String] = ["link": page]
    /// The page needs no script of its own: its copy button and confirmation are the shared
    /// script's (``DashboardScript``).
    static let script = ""
    static let css = """
        .link-head { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem 1rem; margin-bottom: 1rem; }
        .link-head h1 { margin: 0; overflow-wrap: anywhere; }
        .crumbs { margin: 0 0 0.5rem; }
        .short-url { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem; margin: 0 0 0.75rem; font-size: 1.1rem; }
        .short-url code { overflow-wrap: anywhere; }
        .short-url button.copy { margin: 0; }
        .link-totals dl { display: grid; grid-template-columns: repeat(4, 1fr); margin: 0; }
        .facts { margin: 0; }
        .facts div { display: grid; grid-template-columns: 10rem minmax(0, 1fr); gap: 0.75rem; padding: 0.35rem 0; border-bottom: 1px solid var(--line); }
        .facts div:last-child { border-bottom: 0; }
        .facts dt { color: var(--muted); }
        .facts dd, .facts code { margin: 0; overflow-wrap: anywhere; }
        .facts + h2 { margin-top: 1.25rem; }
        .qr-code { display: block; width: 100%; max-width: 16rem; height: auto; margin: 0 auto 0.75rem; image-rendering: pixelated; }
        .qr-options { margin: 1rem 0 0; }
        .referrers td { overflow-wrap: anywhere; }
        @media (max-width: 700px) {
          .link-totals dl { grid-template-columns: repeat(2, 1fr); row-gap: 0.5rem; }
          .facts div { grid-template-columns: minmax(0, 1fr); gap: 0; }
          .short-url { font-size: 1rem; }
        }
        """

    static let page = """
        {{<layout}}{{$main}}
        <p class="crumbs small"><a href="/links">Links</a></p>
        <div class="link-head">
          <h1>{{heading}}</h1>
          <span id="link-state" class="badge{{#isActive}} good{{/isActive}}{{^isActive}} bad{{/isActive}}">{{state}}</span>
        </div>
        <section class="card" aria-label="Short URL">
          <p class="short-url"><code id="short-url">{{url}}</code><button type="button" class="copy" id="copy-url" data-copy="{{url}}">Copy</button></p>
          {{#openURL}}<p class="small"><a id="open-url" href="{{openURL}}">Open it on this machine</a> <span class="muted">({{openURL}})</span></p>{{/openURL}}
          {{#stateReason}}<p class="muted small">{{stateReason}}</p>{{/stateReason}}
          {{#cardWarning}}<p class="problem" id="card-warning" role="status">{{cardWarning}}</p>{{/cardWarning}}
          {{#mayEdit}}
          <div class="actions">
            <a class="button" id="edit-link" href="/links/{{id}}/edit">Edit</a>
            {{#isDisabled}}
            <form method="post" action="/links/{{id}}/enable">
              <input type="hidden" name="csrf" value="{{user.csrf}}">
              <button id="enable-link" class="secondary">Enable</button>
            </form>
            {{/isDisabled}}
            {{^isDisabled}}
            <form method="post" action="/links/{{id}}/disable">
              <input type="hidden" name="csrf" value="{{user.csrf}}">
              <button id="disable-link" class="secondary">Disable</button>
            </form>
            {{/isDisabled}}
            <form method="post" action="/links/{{id}}/delete" data-confirm="Delete this link? Its short URL stops working.">
              <input type="hidden" name="csrf" value="{{user.csrf}}">
              <button id="delete-link" class="danger">Delete</button>
            </form>
          </div>
          {{/mayEdit}}
        </section>
        <section class="card period link-totals">
          <h2>Since it was made</h2>
          <dl>
            <div><dt>Clicks</dt><dd id="total-clicks">{{clicks}}</dd></div>
            <div><dt>Installs</dt><dd id="total-installs">{{installs}}</dd></div>
            <div><dt>App opens</dt><dd id="total-opens">{{opens}}</dd></div>
            <div><dt>Link previews</dt><dd id="total-previews">{{previews}}</dd></div>
          </dl>
        </section>
        {{>daily-chart}}
        <div class="columns">
          <section class="card">
            <h2>Referrers</h2>
            {{^referrers}}<p class="muted">No clicks yet.</p>{{/referrers}}
            {{#hasReferrers}}
            <table class="links referrers" id="referrers">
              <thead><tr><th scope="col">Referrer</th><th scope="col" class="number">Clicks</th></tr></thead>
              <tbody>
              {{#referrers}}
              <tr><td>{{host}}</td><td class="number" data-label="Clicks">{{clicks}}</td></tr>
              {{/referrers}}
              </tbody>
            </table>
            {{/hasReferrers}}
          </section>
          <section class="card">
            <h2>Platforms</h2>
            {{^platforms}}<p class="muted">No clicks yet.</p>{{/platforms}}
            <ol class="funnel" id="platforms">
              {{#platforms}}
              {{>meter}}
              {{/platforms}}
            </ol>
            <h2>In-app browsers</h2>
            {{^inAppBrowsers}}<p class="muted">No clicks from an app's browser yet.</p>{{/inAppBrowsers}}
            <ol class="funnel" id="in-app-browsers">
              {{#inAppBrowsers}}
              {{>meter}}
              {{/inAppBrowsers}}
            </ol>
          </section>
        </div>
        <div class="columns">
          <section class="card">
            {{#groups}}
            <h2>{{heading}}</h2>
            {{^rows}}<p class="muted">{{empty}}</p>{{/rows}}
            {{#hasRows}}
            <dl class="facts">
              {{#rows}}<div><dt>{{label}}</dt><dd>{{#code}}<code>{{value}}</code>{{/code}}{{^code}}{{value}}{{/code}}</dd></div>{{/rows}}
            </dl>
            {{/hasRows}}
            {{/groups}}
          </section>
          <section class="card">
            <h2>QR code</h2>
            <img id="qr" class="qr-code" src="/links/{{id}}/qr.svg{{qrQuery}}" alt="QR code for {{url}}">
            <div class="actions">
              <a id="qr-png" class="button secondary" href="/links/{{id}}/qr.png{{qrQuery}}" download>PNG</a>
              <a id="qr-svg" class="button secondary" href="/links/{{id}}/qr.svg{{qrQuery}}" download>SVG</a>
            </div>
            <form method="get" action="/links/{{id}}" class="toolbar qr-options">
              <div>
                <label for="size">Pixels per module</label>
                <input id="size" name="size" type="number" min="{{sizeMin}}" max="{{sizeMax}}" value="{{qrSize}}"{{#sizeError}} aria-invalid="true" aria-describedby="size-error"{{/sizeError}}>
                {{#sizeError}}<p class="field-error" id="size-error">{{sizeError}}</p>{{/sizeError}}
              </div>
              <div>
                <label for="ecc">Error correction</label>
                <select id="ecc" name="ecc"{{#eccError}} aria-invalid="true" aria-describedby="ecc-error"{{/eccError}}>
                  {{#eccChoices}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/eccChoices}}
                </select>
                {{#eccError}}<p class="field-error" id="ecc-error">{{eccError}}</p>{{/eccError}}
              </div>
              {{#otherError}}<p class="field-error" id="qr-error">{{otherError}}</p>{{/otherError}}
              <button type="submit" class="secondary">Redraw</button>
            </form>
            <p class="hint">The PNG is for print, the SVG for anything that scales. Error correction: how much of the code can be damaged and still read; more draws a denser code.</p>
          </section>
        </div>
        {{/main}}{{/layout}}
        """
}
