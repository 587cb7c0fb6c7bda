/// The webhook pages' templates and styles (``WebhookPageRoutes``):
///
/// - `webhooks`: the endpoints (table `#webhooks`, a row `#webhook-ID` each) and, for admins,
///   the form “Add an endpoint” (`form#webhook-form`: `#url`, a checkbox per event
///   `#event-all`, `#event-link-created`…, `#description`, `#add-webhook`; errors in
///   `#url-error`, `#events-error`, `#description-error`);
/// - `webhook-secret`: the new secret once (`#new-secret`) and how to verify;
/// - `webhook`: an endpoint (`#endpoint-state`; admins: `#send-test`, `#rotate-secret`,
///   `#disable-webhook` or `#enable-webhook`, `#delete-webhook`, the edit form with
///   `#save-webhook`; editors and admins: `#redeliver-failed`) and its deliveries
///   (table `#deliveries`, filter `#status`, `a#next-page`);
/// - `webhook-delivery`: a delivery (`#delivery-status`, `#redeliver`), its attempts
///   (`#attempts`, each answer's start in a `pre`) and its payload (`pre#payload`).
enum WebhookPages {
    static let templates: [String: String] = [
        "webhooks": list, "webhook": endpoint, "webhook-delivery": delivery, "webhook-secret": secret, "webhook-fields": fields,
    ]

    static let css = """
        .webhooks td { vertical-align: top; }
        h1.url { overflow-wrap: anywhere; }
        .webhooks .url, .deliveries code, .endpoint-facts dd { overflow-wrap: anywhere; }
        .webhooks .events code, .endpoint-facts .events code { display: inline-block; margin: 0 0.35rem 0.2rem 0; font-size: 0.8rem; }
        .badge.warning { color: #7a4b00; background: #fff4e0; border-color: #f0d29a; }
        .event-choices label { display: grid; grid-template-columns: auto minmax(9rem, max-content) 1fr; gap: 0.6rem; align-items: baseline; font-weight: 400; margin: 0.45rem 0 0; }
        .event-choices label code { font-weight: 600; }
        .event-choices label.all { border-bottom: 1px solid var(--line); padding-bottom: 0.5rem; margin-bottom: 0.5rem; }
        .event-choices .meaning { color: var(--muted); font-size: 0.9rem; }
        .endpoint-facts { display: grid; grid-template-columns: max-content 1fr; gap: 0.3rem 1rem; margin: 0; }
        .endpoint-facts dt { color: var(--muted); }
        .endpoint-facts dd { margin: 0; }
        .controls { margin-top: 1rem; }
        .delivery-filter > div { flex: 0 1 14rem; }
        .redeliver-all { margin: 0 0 1rem; }
        .redeliver-all button { margin-top: 0; }
        pre.payload, pre.excerpt, pre.usage { white-space: pre-wrap; overflow-wrap: anywhere; background: var(--paper); padding: 0.5rem 0.75rem; border-radius: 6px; margin: 0.25rem 0 0; font-size: 0.85rem; }
        pre.excerpt { max-height: 12rem; overflow: auto; }
        .attempt { border-top: 1px solid var(--line); padding: 0.75rem 0; }
        .attempt:first-of-type { border-top: 0; }
        .attempt h3 { font-size: 0.95rem; margin: 0 0 0.25rem; display: flex; flex-wrap: wrap; gap: 0.25rem 0.75rem; align-items: baseline; }
        .deliveries td { font-size: 0.9rem; }
        .deliveries td:first-child { white-space: nowrap; }
        @media (max-width: 700px) {
          .endpoint-facts { grid-template-columns: 1fr; }
          .endpoint-facts dd { margin-bottom: 0.4rem; }
          .event-choices label { grid-template-columns: auto 1fr; }
          .event-choices .meaning { grid-column: 2; }
          .deliveries td:first-child { white-space: normal; }
        }
        """

    /// The endpoint form's fields (the add form and the edit form).
    static let fields = """
        <label for="url">URL</label>
        <input id="url" name="url" type="url" value="{{url}}" autocomplete="off" placeholder="https://crm.example.com/landfall" aria-describedby="url-hint{{#urlError}} url-error{{/urlError}}"{{#urlError}} aria-invalid="true"{{/urlError}}>
        {{#urlError}}<p class="field-error" id="url-error">{{urlError}}</p>{{/urlError}}
        <p class="hint" id="url-hint">Where the events are sent, by POST: an https URL on the internet{{#allowPrivateNetworks}} (this site also allows http and addresses on this machine or its network: <code>webhooks.allowPrivateNetworks</code>){{/allowPrivateNetworks}}.</p>
        <fieldset class="event-choices"{{#eventsError}} aria-describedby="events-error"{{/eventsError}}>
          <legend>Events to send</legend>
          {{#events}}
          <label for="{{id}}"{{#all}} class="all"{{/all}}><input type="checkbox" id="{{id}}" name="{{name}}" value="on"{{#checked}} checked{{/checked}}{{#invalid}} aria-invalid="true"{{/invalid}}> {{#all}}<strong>{{label}}</strong>{{/all}}{{^all}}<code>{{label}}</code>{{/all}} <span class="meaning">{{meaning}}</span></label>
          {{/events}}
          {{#eventsError}}<p class="field-error" id="events-error">{{eventsError}}</p>{{/eventsError}}
        </fieldset>
        <label for="description">Description</label>
        <input id="description" name="description" type="text" value="{{description}}" autocomplete="off" aria-describedby="description-hint{{#descriptionError}} description-error{{/descriptionError}}"{{#descriptionError}} aria-invalid="true"{{/descriptionError}}>
        {{#descriptionError}}<p class="field-error" id="description-error">{{descriptionError}}</p>{{/descriptionError}}
        <p class="hint" id="description-hint">What the endpoint is for, such as <em>CRM</em>: one line, at most {{maximumDescriptionLength}} characters, may be empty.</p>
        """

    static let list = """
        {{<layout}}{{$main}}
        <h1>Webhooks</h1>
        {{#notice}}<p class="notice" role="status">{{notice}}</p>{{/notice}}
        <section class="card">
          <p class="muted">Each endpoint is sent the events it wants, signed by the Standard Webhooks specification, as they happen: retried for about a day when its receiver fails, and disabled after failing for days. <code>landfall webhooks list</code> shows the same endpoints. Pending and Failed count the deliveries of the last {{recentDays}} days.</p>
          {{#empty}}<p>No endpoints yet.</p>{{/empty}}
          {{^empty}}
          <table class="links webhooks" id="webhooks">
            <thead><tr><th scope="col">Endpoint</th><th scope="col">Events</th><th scope="col">State</th><th scope="col">Last success</th><th scope="col" class="number">Pending</th><th scope="col" class="number">Failed</th></tr></thead>
            <tbody>
            {{#endpoints}}
            <tr id="webhook-{{id}}">
              <td><a class="url" href="{{path}}">{{url}}</a>{{#description}}<br><span class="muted">{{description}}</span>{{/description}}</td>
              <td class="events" data-label="Events">{{#events}}<code>{{.}}</code>{{/events}}</td>
              <td>{{#enabled}}<span class="badge good">enabled</span>{{/enabled}}{{#disabled}}<span class="badge bad">disabled</span> <span class="muted small">{{disabledReason}}</span>{{/disabled}}{{#failingSince}} <span class="badge warning">failing since {{failingSince}}</span>{{/failingSince}}</td>
              <td data-label="Last success">{{lastSuccess}}</td>
              <td class="number" data-label="Pending">{{pending}}</td>
              <td class="number" data-label="Failed">{{failed}}</td>
            </tr>
            {{/endpoints}}
            </tbody>
          </table>
          {{/empty}}
        </section>
        {{#mayAdminister}}
        <section class="card" aria-labelledby="add-heading">
          <h2 id="add-heading">Add an endpoint</h2>
          {{#formProblem}}<p class="problem" role="alert">{{formProblem}}</p>{{/formProblem}}
          <form id="webhook-form" method="post" action="/webhooks" novalidate>
            <input type="hidden" name="csrf" value="{{user.csrf}}">
            {{>webhook-fields}}
            <div class="actions"><button type="submit" id="add-webhook">Add the endpoint</button></div>
            <p class="hint">Its signing secret is shown once, on the next page.</p>
          </form>
        </section>
        {{/mayAdminister}}
        {{/main}}{{/layout}}
        """

    static let secret = """
        {{<layout}}{{$main}}
        <p><a href="/webhooks">← Webhooks</a></p>
        <h1>{{#rotated}}New signing secret{{/rotated}}{{^rotated}}New webhook endpoint{{/rotated}}</h1>
        <section class="card">
          {{#rotated}}<p>Made a new signing secret for <a href="{{path}}">{{url}}</a> (<code>{{id}}</code>). Deliveries are signed with the old secret too until {{previousSecretUntil}}, so the receiver can switch in the meantime:</p>{{/rotated}}
          {{^rotated}}<p>Added the endpoint <a href="{{path}}">{{url}}</a> (<code>{{id}}</code>). Its signing secret:</p>{{/rotated}}
          <p class="secret" id="new-secret">{{secret}}</p>
          <p><button type="button" class="copy" data-copy="{{secret}}">Copy</button></p>
          <p class="warning" role="alert">Copy it now: it will not be shown again. A lost secret is replaced with “Rotate secret” on the endpoint's page.</p>
          <h2>How to verify a delivery</h2>
          <p>Each delivery is a POST of the event's JSON with three headers, by the <a href="https://www.standardwebhooks.com/">Standard Webhooks</a> specification:</p>
          <ul>
            <li><code>webhook-id</code>: the event's id, the same on every retry (to ignore a repeat);</li>
            <li><code>webhook-timestamp</code>: when it was sent, in seconds since 1970 (refuse one more than 5 minutes away);</li>
            <li><code>webhook-signature</code>: <code>v1,</code> and the base64 HMAC-SHA256 of <code>id.timestamp.body</code> with the secret (two of them, space-separated, the day after a rotation).</li>
          </ul>
          <p>The <code>standardwebhooks</code> libraries check all three; in Python (<code>pip install standardwebhooks</code>):</p>
          <pre class="usage" id="verify-python">{{python}}</pre>
          <div class="actions"><a class="button" href="{{path}}">To the endpoint</a><a href="/webhooks">Back to the webhooks</a></div>
        </section>
        {{/main}}{{/layout}}
        """

    static let endpoint = """
        {{<layout}}{{$main}}
        <p><a href="/webhooks">← Webhooks</a></p>
        {{#endpoint}}
        <h1 class="url">{{url}}</h1>
        {{/endpoint}}
        {{#notice}}<p class="notice" role="status">{{notice}}</p>{{/notice}}
        {{#endpoint}}
        <section class="card">
          <dl class="endpoint-facts">
            <dt>Id</dt><dd><code>{{id}}</code></dd>
            <dt>State</dt><dd id="endpoint-state">{{#enabled}}<span class="badge good">enabled</span>{{/enabled}}{{#disabled}}<span class="badge bad">disabled</span> since {{disabled}}: {{disabledReason}}{{/disabled}}{{#failingSince}} <span class="badge warning">failing since {{failingSince}}</span>{{/failingSince}}</dd>
            <dt>Events</dt><dd class="events">{{#events}}<code>{{.}}</code>{{/events}}</dd>
            {{#description}}<dt>Description</dt><dd>{{description}}</dd>{{/description}}
            <dt>Last success</dt><dd>{{lastSuccess}}</dd>
            <dt>Added</dt><dd>{{created}}</dd>
            {{#previousSecretUntil}}<dt>Previous secret</dt><dd>also signed with until {{previousSecretUntil}}</dd>{{/previousSecretUntil}}
          </dl>
          {{#mayAdminister}}
          <div class="actions controls">
            {{#enabled}}
            <form method="post" action="/webhooks/{{id}}/test">
              <input type="hidden" name="csrf" value="{{user.csrf}}">
              <button type="submit" id="send-test">Send a test event</button>
            </form>
            <form method="post" action="/webhooks/{{id}}/disable" data-confirm="Disable this endpoint? Nothing is sent to it until it is enabled again.">
              <input type="hidden" name="csrf" value="{{user.csrf}}">
              <button type="submit" class="secondary" id="disable-webhook">Disable</button>
            </form>
            {{/enabled}}
            {{#disabled}}
            <form method="post" action="/webhooks/{{id}}/enable">
              <input type="hidden" name="csrf" value="{{user.csrf}}">
              <button type="submit" id="enable-webhook">Enable</button>
            </form>
            {{/disabled}}
            <form method="post" action="/webhooks/{{id}}/rotate-secret" data-confirm="Make a new signing secret? The old one is still signed with for a day.">
              <input type="hidden" name="csrf" value="{{user.csrf}}">
              <button type="submit" class="secondary" id="rotate-secret">Rotate secret</button>
            </form>
            <form method="post" action="/webhooks/{{id}}/delete" data-confirm="Delete this endpoint, with its deliveries? Nothing more is sent to it.">
              <input type="hidden" name="csrf" value="{{user.csrf}}">
              <button type="submit" class="danger" id="delete-webhook">Delete</button>
            </form>
          </div>
          {{/mayAdminister}}
        </section>
        {{/endpoint}}
        <section class="card" aria-labelledby="deliveries-heading">
          <h2 id="deliveries-heading">Deliveries, newest first</h2>
          <form class="toolbar delivery-filter" method="get" action="/webhooks/{{endpoint.id}}" role="search">
            <div>
              <label for="status">Status</label>
              <select id="status" name="status">
                <option value="">any</option>
                {{#statuses}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{value}}</option>{{/statuses}}
              </select>
            </div>
            <button type="submit" class="secondary">Filter</button>
            {{#filtered}}<a href="/webhooks/{{endpoint.id}}">Clear</a>{{/filtered}}
          </form>
          {{#mayEdit}}
          <form class="redeliver-all" method="post" action="/webhooks/{{endpoint.id}}/redeliver-failed" data-confirm="Send every failed delivery of the last {{recentDays}} days again?">
            <input type="hidden" name="csrf" value="{{user.csrf}}">
            <button type="submit" class="secondary" id="redeliver-failed">Redeliver every failed delivery of the last {{recentDays}} days</button>
          </form>
          {{/mayEdit}}
          {{#noDeliveries}}<p class="muted">{{noDeliveries}}</p>{{/noDeliveries}}
          {{^noDeliveries}}
          <table class="links deliveries" id="deliveries">
            <thead><tr><th scope="col">Created</th><th scope="col">Event</th><th scope="col">Status</th><th scope="col" class="number">Attempts</th><th scope="col">Last answer</th></tr></thead>
            <tbody>
            {{#deliveries}}
            <tr id="delivery-{{id}}">
              <td><a href="{{path}}">{{created}}</a></td>
              <td data-label="Event"><code>{{eventType}}</code></td>
              <td><span class="badge {{statusClass}}">{{status}}</span></td>
              <td class="number" data-label="Attempts">{{attempts}}</td>
              <td data-label="Last answer">{{outcome}}</td>
            </tr>
            {{/deliveries}}
            </tbody>
          </table>
          {{/noDeliveries}}
          <p class="pager">{{#firstPage}}<a href="{{firstPage}}">First page</a>{{/firstPage}}{{^firstPage}}<span></span>{{/firstPage}}{{#nextPage}}<a id="next-page" href="{{nextPage}}">Next page</a>{{/nextPage}}</p>
        </section>
        {{#mayAdminister}}
        <section class="card" aria-labelledby="edit-heading">
          <h2 id="edit-heading">Edit the endpoint</h2>
          {{#formProblem}}<p class="problem" role="alert">{{formProblem}}</p>{{/formProblem}}
          <form id="webhook-form" method="post" action="/webhooks/{{endpoint.id}}" novalidate>
            <input type="hidden" name="csrf" value="{{user.csrf}}">
            {{>webhook-fields}}
            <div class="actions"><button type="submit" id="save-webhook">Save</button></div>
          </form>
        </section>
        {{/mayAdminister}}
        {{/main}}{{/layout}}
        """

    static let delivery = """
        {{<layout}}{{$main}}
        {{#delivery}}
        <p><a href="{{endpointPath}}">← {{#endpointURL}}{{endpointURL}}{{/endpointURL}}{{^endpointURL}}{{endpointID}}{{/endpointURL}}</a></p>
        <h1>Delivery of <code>{{eventType}}</code></h1>
        {{/delivery}}
        {{#notice}}<p class="notice" role="status">{{notice}}</p>{{/notice}}
        {{#delivery}}
        <section class="card">
          <dl class="endpoint-facts">
            <dt>Status</dt><dd id="delivery-status"><span class="badge {{statusClass}}">{{status}}</span></dd>
            <dt>Delivery</dt><dd><code>{{id}}</code></dd>
            <dt>Event</dt><dd><code>{{eventID}}</code> (the <code>webhook-id</code> header)</dd>
            <dt>Created</dt><dd>{{created}}</dd>
            <dt>Attempts</dt><dd>{{attempts}}</dd>
            <dt>Last answer</dt><dd>{{outcome}}</dd>
            {{#nextAttempt}}<dt>Next attempt</dt><dd>{{nextAttempt}}</dd>{{/nextAttempt}}
            {{#completed}}<dt>Finished</dt><dd>{{completed}}</dd>{{/completed}}
          </dl>
          {{#mayEdit}}{{#redeliverable}}
          <form class="controls" method="post" action="/webhooks/deliveries/{{id}}/redeliver">
            <input type="hidden" name="csrf" value="{{user.csrf}}">
            <button type="submit" id="redeliver">Redeliver</button>
          </form>
          {{/redeliverable}}{{/mayEdit}}
        </section>
        {{/delivery}}
        <section class="card" aria-labelledby="attempts-heading">
          <h2 id="attempts-heading">Attempts, newest first</h2>
          {{#noAttempts}}<p class="muted">No attempt yet: the server sends it within a few seconds.</p>{{/noAttempts}}
          <div id="attempts">
          {{#attempts}}
          <div class="attempt" id="attempt-{{number}}">
            <h3><span>Attempt {{number}}</span> <span class="badge {{statusClass}}">{{result}}</span> <span class="muted">{{at}} · {{duration}}</span></h3>
            <p>{{outcome}}</p>
            {{^noExcerpt}}<pre class="excerpt">{{excerpt}}</pre>{{/noExcerpt}}
            {{#noExcerpt}}<p class="muted small">The answer had no body.</p>{{/noExcerpt}}
          </div>
          {{/attempts}}
          </div>
        </section>
        <section class="card" aria-labelledby="payload-heading">
          <h2 id="payload-heading">Payload</h2>
          <pre class="payload" id="payload">{{payload}}</pre>
        </section>
        {{/main}}{{/layout}}
        """
}
