/// The invitations' pages (``InvitationPageRoutes``): the list with the runtime switch, a
/// batch's codes, the form that creates a batch, and the redemption audit. Every value is
/// escaped (`{{name}}`); write controls are shown only with `mayEdit`, and the routes refuse
/// them too.
enum InvitationPages {
    static let templates: [String: String] = [
        "invitations": list, "invitation-batch": batch, "invitation-new": new, "invitation-audit": audit,
    ]

    static let css = """
        .requirement p { margin: 0.25rem 0; }
        .requirement form { margin: 0.5rem 0 0; }
        .requirement button { margin-top: 0.25rem; }
        .invitations td form { margin: 0; }
        .invitations td button { margin: 0; padding: 0.2rem 0.7rem; font-size: 0.85rem; font-weight: 400; }
        .invitations td:first-child code { white-space: nowrap; }
        .invitations td.url code { overflow-wrap: anywhere; }
        .batch-facts + .actions { margin-top: 1rem; }
        .invitations .batch { font-size: 0.8rem; overflow-wrap: anywhere; }
        .invitation-audit td { font-size: 0.9rem; overflow-wrap: anywhere; }
        .invitation-audit tr.flagged td:nth-child(2) { color: var(--bad); font-weight: 600; }
        .batch-facts { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; margin: 0; }
        .batch-facts dt { color: var(--muted); }
        .batch-facts dd { margin: 0; overflow-wrap: anywhere; }
        @media (max-width: 700px) {
          .batch-facts { grid-template-columns: 1fr; }
          .batch-facts dd { margin-bottom: 0.4rem; }
        }
        """

    static let list = """
        {{<layout}}{{$main}}
        <h1>Invitations</h1>
        {{#notice}}<p class="notice" role="status">{{notice}}</p>{{/notice}}
        <section class="card requirement" aria-labelledby="requirement-heading">
          <h2 id="requirement-heading">Runtime switch</h2>
          <p>The app requires an invitation: <strong id="requirement-state" class="badge{{#required}} good{{/required}}">{{requiredText}}</strong></p>
          <p class="hint">Apps read it from <code>GET /v1/settings</code> at launch; a change takes effect at once, on every server within a second.</p>
          {{#mayEdit}}
          <form method="post" action="/invitations/requirement">
            <input type="hidden" name="csrf" value="{{user.csrf}}">
            <input type="hidden" name="required" value="{{requiredNext}}">
            <button type="submit" id="toggle-requirement"{{#required}} class="secondary"{{/required}}>{{toggleLabel}}</button>
          </form>
          {{/mayEdit}}
        </section>
        <section class="card">
          <div class="actions">
            {{#mayEdit}}<a class="button" id="new-invitations" href="/invitations/new">New batch</a>{{/mayEdit}}
            <a class="button secondary" id="export-invitations" href="{{exportURL}}">Export CSV</a>
            <a class="button secondary" id="invitation-audit-link" href="/invitations/audit">Redemption audit</a>
          </div>
          <form class="toolbar" method="get" action="/invitations" role="search">
            <div>
              <label for="batch">Batch</label>
              <input id="batch" name="batch" type="text" value="{{batch}}" placeholder="a batch id">
            </div>
            <div>
              <label for="status">Status</label>
              <select id="status" name="status">
                <option value="">any</option>
                {{#statuses}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{value}}</option>{{/statuses}}
              </select>
            </div>
            <button type="submit" class="secondary">Filter</button>
            {{#filtered}}<a href="/invitations">Clear</a>{{/filtered}}
          </form>
          {{#batchPage}}<p><a href="{{batchPage}}">This batch's page</a>: copy its codes, or revoke it whole.</p>{{/batchPage}}
          {{#empty}}<p class="muted">{{empty}}</p>{{/empty}}
          {{^empty}}
          <table class="links invitations" id="invitations">
            <thead><tr><th scope="col">Code</th><th scope="col">Batch</th><th scope="col">Status</th><th scope="col" class="number">Redeemed</th><th scope="col">Created</th><th scope="col">Expires</th>{{#mayEdit}}<th scope="col"><span class="muted">Revoke</span></th>{{/mayEdit}}</tr></thead>
            <tbody>
            {{#invitations}}
            <tr>
              <td><code>{{code}}</code><button type="button" class="copy" data-copy="{{code}}">Copy</button></td>
              <td class="batch" data-label="Batch"><a href="{{batchPage}}">{{batch}}</a>{{#campaign}}<br><span class="muted">{{campaign}}</span>{{/campaign}}</td>
              <td><span class="badge {{statusClass}}">{{status}}</span></td>
              <td class="number" data-label="Redeemed">{{redeemed}} of {{uses}}</td>
              <td data-label="Created">{{created}}</td>
              <td data-label="Expires">{{expires}}</td>
              {{#mayEdit}}<td>{{#revocable}}
                <form method="post" action="/invitations/{{code}}/revoke" data-confirm="Revoke {{code}}? It is refused from then on, for good.">
                  <input type="hidden" name="csrf" value="{{user.csrf}}">
                  <input type="hidden" name="back" value="{{back}}">
                  <button type="submit" class="danger" aria-label="Revoke {{code}}">Revoke</button>
                </form>{{/revocable}}</td>{{/mayEdit}}
            </tr>
            {{/invitations}}
            </tbody>
          </table>
          {{/empty}}
          <p class="pager">{{#firstPage}}<a href="{{firstPage}}">First page</a>{{/firstPage}}{{^firstPage}}<span></span>{{/firstPage}}{{#nextPage}}<a href="{{nextPage}}">Next page</a>{{/nextPage}}</p>
        </section>
        {{/main}}{{/layout}}
        """

    static let batch = """
        {{<layout}}{{$main}}
        <p><a href="/invitations">← Invitations</a></p>
        <h1>Batch of {{count}} invitation{{^single}}s{{/single}}</h1>
        {{#notice}}<p class="notice" role="status">{{notice}}</p>{{/notice}}
        <section class="card">
          <dl class="batch-facts">
            <dt>Batch</dt><dd><code>{{batchID}}</code></dd>
            <dt>Created</dt><dd>{{created}}</dd>
            <dt>Uses per code</dt><dd>{{uses}}</dd>
            <dt>Expires</dt><dd>{{expires}}</dd>
            {{#campaign}}<dt>Campaign</dt><dd>{{campaign}}</dd>{{/campaign}}
            {{#note}}<dt>Note</dt><dd>{{note}}</dd>{{/note}}
          </dl>
          <div class="actions">
            <button type="button" class="copy" id="copy-codes" data-copy="{{allCodes}}">Copy all codes</button>
            <a class="button secondary" id="download-codes" href="{{csvURL}}">Download CSV</a>
            <a href="{{listURL}}">See them in the list</a>
            {{#mayEdit}}{{#revocable}}
            <form method="post" action="{{revokeAction}}" data-confirm="Revoke every code of this batch? They are refused from then on, for good.">
              <input type="hidden" name="csrf" value="{{user.csrf}}">
              <button type="submit" class="danger" id="revoke-batch">Revoke the whole batch</button>
            </form>
            {{/revocable}}{{/mayEdit}}
          </div>
        </section>
        <section class="card">
          {{#more}}<p class="muted">{{more}}</p>{{/more}}
          <table class="links invitations" id="{{tableID}}">
            <thead><tr><th scope="col">Code</th><th scope="col">URL</th><th scope="col">Status</th><th scope="col" class="number">Redeemed</th>{{#mayEdit}}<th scope="col"><span class="muted">Revoke</span></th>{{/mayEdit}}</tr></thead>
            <tbody>
            {{#codes}}
            <tr>
              <td><code>{{code}}</code><button type="button" class="copy" data-copy="{{code}}">Copy</button></td>
              <td class="url">{{#url}}<code>{{url}}</code>{{/url}}{{^url}}<span class="muted">no invitation route</span>{{/url}}</td>
              <td><span class="badge {{statusClass}}">{{status}}</span></td>
              <td class="number" data-label="Redeemed">{{redeemed}} of {{uses}}</td>
              {{#mayEdit}}<td>{{#revocable}}
                <form method="post" action="/invitations/{{code}}/revoke" data-confirm="Revoke {{code}}? It is refused from then on, for good.">
                  <input type="hidden" name="csrf" value="{{user.csrf}}">
                  <input type="hidden" name="back" value="{{back}}">
                  <button type="submit" class="danger" aria-label="Revoke {{code}}">Revoke</button>
                </form>{{/revocable}}</td>{{/mayEdit}}
            </tr>
            {{/codes}}
            </tbody>
          </table>
        </section>
        {{/main}}{{/layout}}
        """

    static let new = """
        {{<layout}}{{$main}}
        <p><a href="/invitations">← Invitations</a></p>
        <h1>New invitations</h1>
        <section class="card">
          {{#formProblem}}<p class="problem" role="alert">{{formProblem}}</p>{{/formProblem}}
          <form id="invitation-form" method="post" action="/invitations/new" novalidate>
            <input type="hidden" name="csrf" value="{{user.csrf}}">
            <div class="fields">
              <div>
                <label for="count">How many codes</label>
                <input id="count" name="count" type="number" min="1" max="10000" required value="{{countValue}}"{{#countError}} aria-invalid="true" aria-describedby="count-error"{{/countError}}>
                {{#countError}}<p class="field-error" id="count-error">{{countError}}</p>{{/countError}}
                <p class="hint">From 1 to 10000 in one batch.</p>
              </div>
              <div>
                <label for="uses">Uses per code</label>
                <input id="uses" name="uses" type="number" min="1" max="1000000" value="{{usesValue}}"{{#usesError}} aria-invalid="true" aria-describedby="uses-error"{{/usesError}}>
                {{#usesError}}<p class="field-error" id="uses-error">{{usesError}}</p>{{/usesError}}
                <p class="hint">How many times each code may be redeemed; 1 when empty.</p>
              </div>
              <div>
                <label for="expiresAt">Expires (UTC)</label>
                <input id="expiresAt" name="expiresAt" type="datetime-local" value="{{expiresAtValue}}"{{#expiresAtError}} aria-invalid="true" aria-describedby="expiresAt-error"{{/expiresAtError}}>
                {{#expiresAtError}}<p class="field-error" id="expiresAt-error">{{expiresAtError}}</p>{{/expiresAtError}}
                <p class="hint">Read as UTC. Empty: the codes never expire.</p>
              </div>
              <div>
                <label for="campaign">Campaign</label>
                <input id="campaign" name="campaign" type="text" maxlength="100" value="{{campaignValue}}"{{#campaignError}} aria-invalid="true" aria-describedby="campaign-error"{{/campaignError}}>
                {{#campaignError}}<p class="field-error" id="campaign-error">{{campaignError}}</p>{{/campaignError}}
                <p class="hint">The batch's label: redemptions are counted under it in the statistics (at most 100 characters).</p>
              </div>
              <div class="wide">
                <label for="note">Note</label>
                <textarea id="note" name="note" maxlength="500"{{#noteError}} aria-invalid="true" aria-describedby="note-error"{{/noteError}}>{{noteValue}}</textarea>
                {{#noteError}}<p class="field-error" id="note-error">{{noteError}}</p>{{/noteError}}
                <p class="hint">For whoever manages invitations, never shown to the invitee (at most 500 characters).</p>
              </div>
            </div>
            <div class="actions">
              <button type="submit" id="create-invitations">Create invitations</button>
              <a href="/invitations">Cancel</a>
            </div>
          </form>
        </section>
        {{/main}}{{/layout}}
        """

    static let audit = """
        {{<layout}}{{$main}}
        <p><a href="/invitations">← Invitations</a></p>
        <h1>Redemption audit</h1>
        <section class="card">
          <p class="hint">Every redemption, refusal and throttled guess, and every batch created and code revoked, newest first. Addresses are never stored: the address column is the client's address hashed with that day's salt, so guesses from one address on one day show up together.</p>
          {{#empty}}<p class="muted">Nothing has been created, redeemed or revoked yet.</p>{{/empty}}
          {{^empty}}
          <table class="links invitation-audit" id="invitation-audit">
            <thead><tr><th scope="col">When</th><th scope="col">Action</th><th scope="col">Code</th><th scope="col">Reason</th><th scope="col">Address</th></tr></thead>
            <tbody>
            {{#entries}}
            <tr{{#flagged}} class="flagged"{{/flagged}}><td>{{at}}</td><td>{{action}}</td><td><code>{{code}}</code></td><td data-label="Reason">{{reason}}</td><td data-label="Address"><code>{{addressHash}}</code></td></tr>
            {{/entries}}
            </tbody>
          </table>
          {{/empty}}
          {{#older}}<p class="pager"><span></span><a href="{{older}}">Older entries</a></p>{{/older}}
        </section>
        {{/main}}{{/layout}}
        """
}
