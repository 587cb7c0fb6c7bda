import Mustache

/// The dashboard's page templates: one layout with the navigation, and a template per page
/// filling its `main` block. Every value is HTML-escaped (`{{name}}`); none uses `{{{name}}}`,
/// so a link's title or a person's name cannot inject markup.
enum DashboardTemplates {
    /// The templates, parsed once (a template that does not parse is a bug caught by the tests).
    static let library: MustacheLibrary = {
        var library = MustacheLibrary()
        for (name, text) in all {
            try? library.register(text, named: name)
        }
        return library
    }()

    /// The templates by name: the layout and the pages here, and each section's own
    /// (``DashboardSections``).
    static let all: [String: String] = DashboardSections.templates.reduce(into: core) { all, section in
        all.merge(section) { first, _ in first }
    }

    private static let core: [String: String] = [
        "layout": layout, "sign-in": signIn, "overview": overview, "audit": audit, "problem": problem, "meter": meter,
        "daily-chart": dailyChart,
    ]

    /// Clicks per day over the last 30 days, with its labels (``TrafficPageValues/chart(_:days:)``).
    static let dailyChart = """
        <section class="card">
          <h2>Clicks per day, last 30 days (UTC)</h2>
          <p class="axis top">{{chartHighest}}</p>
          <img class="chart" id="daily-clicks" src="{{dailyChart}}" alt="{{dailyChartText}}">
          <p class="axis"><span>{{chartFirstDay}}</span><span>{{chartLastDay}}</span></p>
        </section>
        """

    /// One bar of a list of meters (the funnel, the platforms): `label`, `value`, and `step`,
    /// its width in twentieths (``TrafficPageValues/step(_:of:)``).
    static let meter = """
        <li><span class="label">{{label}}</span><span class="meter"><span class="fill w{{step}}"></span></span><span class="value">{{value}}</span></li>
        """

    static let layout = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="robots" content="noindex, nofollow">
        <title>{{title}} · {{siteName}} dashboard</title>
        <link rel="stylesheet" href="/assets/dashboard.css">
        <script src="/assets/dashboard.js" defer></script>
        </head>
        <body>
        <header class="bar">
          <a class="brand" href="/">{{siteName}} <span>dashboard</span></a>
          {{#user}}
          <nav aria-label="Sections">
            <a href="/"{{#overviewCurrent}} aria-current="page"{{/overviewCurrent}}>Overview</a>
            <a href="/links"{{#linksCurrent}} aria-current="page"{{/linksCurrent}}>Links</a>
            <a href="/invitations"{{#invitationsCurrent}} aria-current="page"{{/invitationsCurrent}}>Invitations</a>
            <a href="/site"{{#siteCurrent}} aria-current="page"{{/siteCurrent}}>Site</a>
            <a href="/webhooks"{{#webhooksCurrent}} aria-current="page"{{/webhooksCurrent}}>Webhooks</a>
            {{#mayAdminister}}<a href="/api-keys"{{#keysCurrent}} aria-current="page"{{/keysCurrent}}>API keys</a>{{/mayAdminister}}
            {{#mayAdminister}}<a href="/audit"{{#auditCurrent}} aria-current="page"{{/auditCurrent}}>Audit log</a>{{/mayAdminister}}
          </nav>
          <form class="who" method="post" action="/sign-out">
            <span title="{{email}}">{{name}} · {{role}}</span>
            <input type="hidden" name="csrf" value="{{csrf}}">
            <button type="submit" class="quiet">Sign out</button>
          </form>
          {{/user}}
        </header>
        <main>
        {{$main}}{{/main}}
        </main>
        </body>
        </html>
        """

    static let signIn = """
        {{<layout}}{{$main}}
        <section class="card narrow">
          <h1>Sign in</h1>
          <p class="muted">to the dashboard of {{siteName}}</p>
          {{#problem}}<p class="problem" role="alert">{{problem}}</p>{{/problem}}
          <form method="post" action="/sign-in">
            <input type="hidden" name="csrf" value="{{csrf}}">
            {{#next}}<input type="hidden" name="next" value="{{next}}">{{/next}}
            <label for="email">Email</label>
            <input id="email" name="email" type="email" autocomplete="username" required value="{{email}}" autofocus>
            <label for="password">Password</label>
            <input id="password" name="password" type="password" autocomplete="current-password" required>
            <button type="submit">Sign in</button>
          </form>
          <p class="muted small">Forgot your password? An admin resets it with <code>landfall users reset-password</code>.</p>
        </section>
        {{/main}}{{/layout}}
        """

    static let overview = """
        {{<layout}}{{$main}}
        <h1>Overview</h1>
        <section class="periods" aria-label="Totals">
          {{#periods}}
          <div class="card period">
            <h2>{{label}}</h2>
            <dl>
              <div><dt>Clicks</dt><dd>{{clicks}}</dd></div>
              <div><dt>Installs</dt><dd>{{installs}}</dd></div>
              <div><dt>App opens</dt><dd>{{opens}}</dd></div>
            </dl>
          </div>
          {{/periods}}
        </section>
        {{>daily-chart}}
        <div class="columns">
          <section class="card">
            <h2>Funnel, last 30 days</h2>
            <ol class="funnel">
              {{#funnel}}
              {{>meter}}
              {{/funnel}}
            </ol>
          </section>
          <section class="card">
            <h2>Platforms, last 30 days</h2>
            {{^platforms}}<p class="muted">No clicks yet.</p>{{/platforms}}
            <ol class="funnel">
              {{#platforms}}
              {{>meter}}
              {{/platforms}}
            </ol>
          </section>
        </div>
        <section class="card">
          <h2>Top links</h2>
          {{^hasTopLinks}}<p class="muted">No link has been clicked yet.</p>{{/hasTopLinks}}
          {{#hasTopLinks}}
          <table class="links">
            <thead><tr><th scope="col">Link</th><th scope="col">Title</th><th scope="col" class="number">Clicks</th></tr></thead>
            <tbody>
            {{#topLinks}}
            <tr><td><code>{{shortURL}}</code></td><td>{{title}}</td><td class="number" data-label="Clicks">{{clicks}}</td></tr>
            {{/topLinks}}
            </tbody>
          </table>
          {{/hasTopLinks}}
        </section>
        <div class="columns">
          <section class="card">
            <h2>In-app browsers, last 30 days</h2>
            {{^inAppBrowsers}}<p class="muted">No clicks from an app's browser yet.</p>{{/inAppBrowsers}}
            <ol class="funnel">
              {{#inAppBrowsers}}
              {{>meter}}
              {{/inAppBrowsers}}
            </ol>
          </section>
          <section class="card">
            <h2>Long links, last 30 days</h2>
            {{^hasLongLinks}}<p class="muted">No Firebase Dynamic Links long link has been visited yet.</p>{{/hasLongLinks}}
            {{#hasLongLinks}}
            <table class="links">
              <thead><tr><th scope="col">Link</th><th scope="col" class="number">Clicks</th><th scope="col" class="number">Previews</th></tr></thead>
              <tbody>
              {{#longLinks}}
              <tr><td><code>{{link}}</code></td><td class="number" data-label="Clicks">{{clicks}}</td><td class="number" data-label="Previews">{{previews}}</td></tr>
              {{/longLinks}}
              </tbody>
            </table>
            {{/hasLongLinks}}
          </section>
        </div>
        {{/main}}{{/layout}}
        """

    static let audit = """
        {{<layout}}{{$main}}
        <h1>Audit log</h1>
        <section class="card">
          {{#empty}}<p class="muted">Nothing has been changed yet.</p>{{/empty}}
          {{^empty}}
          <table class="links audit">
            <thead><tr><th scope="col">When</th><th scope="col">Who</th><th scope="col">What</th><th scope="col">To</th><th scope="col">Changes</th></tr></thead>
            <tbody>
            {{#entries}}
            <tr><td>{{at}}</td><td>{{actor}}</td><td><code>{{action}}</code></td><td>{{subject}}</td><td>{{#changes}}<div>{{.}}</div>{{/changes}}</td></tr>
            {{/entries}}
            </tbody>
          </table>
          {{/empty}}
          {{#older}}<p><a href="{{older}}">Older entries</a></p>{{/older}}
        </section>
        {{/main}}{{/layout}}
        """

    static let problem = """
        {{<layout}}{{$main}}
        <section class="card narrow">
          <h1>{{heading}}</h1>
          <p>{{message}}</p>
          <p><a href="/">Back to the overview</a></p>
        </section>
        {{/main}}{{/layout}}
        """
}
