/// The API-key pages' templates and styles (``APIKeyPageRoutes``): the list (`api-keys`,
/// table `#api-keys`), the new-key form (`api-key-new`: `#name`, radios `#scope-read`,
/// `#scope-write`, `#scope-webhooks`, errors in `#name-error` and `#scope-error`) and the page showing a new key
/// once (`api-key-created`: the key in `#new-secret`).
enum APIKeyPages {
    static let templates: [String: String] = ["api-keys": list, "api-key-new": newKey, "api-key-created": created]

    static let css = """
        .keys .revoked td { color: var(--muted); }
        .keys td form { margin: 0; }
        .keys td button { margin: 0; padding: 0.3rem 0.8rem; font-size: 0.9rem; }
        .scopes label { display: flex; gap: 0.6rem; align-items: baseline; font-weight: 400; margin: 0.5rem 0 0; }
        .scopes label strong { min-width: 5rem; }
        .scopes + .actions { margin-top: 1.25rem; }
        .warning { color: #7a4b00; background: #fff4e0; border-radius: 6px; padding: 0.5rem 0.75rem; }
        pre.usage { white-space: pre-wrap; overflow-wrap: anywhere; background: var(--paper); padding: 0.5rem 0.75rem; border-radius: 6px; }
        """

    static let list = """
        {{<layout}}{{$main}}
        <div class="toolbar"><h1>API keys</h1><div></div><a class="button" href="/api-keys/new">New API key</a></div>
        {{#notice}}<p class="notice" role="status">{{notice}}</p>{{/notice}}
        <section class="card">
          <p class="muted">Programs use these keys to call the links API (<code>/v1</code>). A key is shown once, when it is made; revoke one that is lost or no longer needed. <code>landfall keys list</code> shows the same keys.</p>
          {{#empty}}<p>No API keys yet.</p>{{/empty}}
          {{^empty}}
          <table class="links keys" id="api-keys">
            <thead><tr><th scope="col">Name</th><th scope="col">Scope</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col">State</th><th scope="col"><span class="muted">Action</span></th></tr></thead>
            <tbody>
            {{#keys}}
            <tr id="key-{{id}}"{{#revoked}} class="revoked"{{/revoked}}>
              <td><strong>{{name}}</strong> <code class="muted">{{id}}</code></td>
              <td data-label="Scope">{{scope}}</td>
              <td data-label="Created">{{created}}</td>
              <td data-label="Last used">{{lastUsed}}</td>
              <td>{{#active}}<span class="badge good">active</span>{{/active}}{{#revoked}}<span class="badge bad">revoked</span> {{revoked}}{{/revoked}}</td>
              <td>{{#active}}<form method="post" action="/api-keys/{{id}}/revoke" data-confirm="Revoke the API key “{{name}}”? Programs using it stop working at once.">
                <input type="hidden" name="csrf" value="{{user.csrf}}">
                <button type="submit" class="danger">Revoke</button>
              </form>{{/active}}</td>
            </tr>
            {{/keys}}
            </tbody>
          </table>
          {{/empty}}
        </section>
        {{/main}}{{/layout}}
        """

    static let newKey = """
        {{<layout}}{{$main}}
        <h1>New API key</h1>
        <section class="card">
          <form method="post" action="/api-keys/new">
            <input type="hidden" name="csrf" value="{{user.csrf}}">
            <label for="name">Name</label>
            <input id="name" name="name" type="text" value="{{name}}" autocomplete="off" aria-describedby="name-hint{{#nameError}} name-error{{/nameError}}"{{#nameError}} aria-invalid="true"{{/nameError}}>
            {{#nameError}}<p class="field-error" id="name-error">{{nameError}}</p>{{/nameError}}
            <p class="hint" id="name-hint">What the key is for, such as <em>ci</em> or <em>marketing site</em>: one line, at most {{maximumLength}} characters.</p>
            <fieldset class="scopes"{{#scopeError}} aria-describedby="scope-error"{{/scopeError}}>
              <legend>Scope: what the key may do</legend>
              {{#scopes}}
              <label for="scope-{{value}}"><input type="radio" id="scope-{{value}}" name="scope" value="{{value}}"{{#checked}} checked{{/checked}}{{#invalid}} aria-invalid="true"{{/invalid}}> <strong>{{value}}</strong> <span>{{meaning}}</span></label>
              {{/scopes}}
              {{#scopeError}}<p class="field-error" id="scope-error">{{scopeError}}</p>{{/scopeError}}
            </fieldset>
            <div class="actions"><button type="submit">Create the key</button><a class="button secondary" href="/api-keys">Cancel</a></div>
          </form>
        </section>
        {{/main}}{{/layout}}
        """

    static let created = """
        {{<layout}}{{$main}}
        <h1>New API key</h1>
        <section class="card">
          <p>Made the API key <strong>{{name}}</strong> (<code>{{id}}</code>, scope <strong>{{scope}}</strong>):</p>
          <p class="secret" id="new-secret">{{secret}}</p>
          <p><button type="button" class="copy" data-copy="{{secret}}">Copy</button></p>
          <p class="warning" role="alert">Copy it now: it will not be shown again. Only a hash of it is kept; a lost key is revoked and replaced.</p>
          <h2>How to use it</h2>
          <p>Send it with each request to the links API, in the header <code>Authorization: Bearer …</code>, for example:</p>
          <pre class="usage">{{example}}</pre>
          <p><a href="/api-keys">Back to the API keys</a></p>
        </section>
        {{/main}}{{/layout}}
        """
}
