/// The page templates the server carries. A site overrides any of them by putting a file of
/// the same name (`page.mustache`, `head.mustache`, `layout.mustache`, ...) in its templates
/// directory, and adds its own for routes that name them (`page: {template: puzzle}`).
///
/// Every page is written once, in `layout`, and each page template fills its blocks through
/// Mustache inheritance: `{{<layout}}{{$main}}…{{/main}}{{/layout}}`. A site's own templates
/// can do the same.
///
/// Every value is HTML-escaped by `{{name}}`; the bundled templates never use the unescaped
/// `{{{name}}}` form, so content cannot inject markup. The values a template can use are
/// listed in the article Page templates (LandfallSite.docc/PageTemplates.md).
enum BundledTemplates {
    /// Templates by name.
    static let all: [String: String] = [
        "layout": layout,
        "head": head,
        "app-buttons": appButtons,
        "store-buttons": storeButtons,
        "style": style,
        "page": page,
        "home": home,
        "not-found": notFound,
        "not-yet-available": notYetAvailable,
        "error": error,
        "link": link,
        "link-gone": linkGone,
        "invitation": invitation,
        "bridge": bridge,
        "claim-script": claimScript,
        "hero-image": heroImage,
        "app-store-badge": StoreBadges.appStore,
        "google-play-badge": StoreBadges.googlePlay,
    ]

    /// The names of the templates a route's page can be rendered with (the others are the
    /// layout, partials, and the pages of short links and invitations).
    static let pageTemplates = ["page", "home", "not-found", "not-yet-available", "error"]

    /// The page every other page template fills in (`{{<layout}}…{{/layout}}`), with three blocks:
    /// - `head`: more tags at the end of `<head>`, after the `head` partial (empty by default);
    /// - `site`: the row above the page's content, by default the app's icon (`site.icon`, or
    ///   the name's first letter) and the site's name, linking to its home page
    ///   (`{{$site}}{{/site}}` leaves it out);
    /// - `main`: the page's content, inside `<main>`.
    static let layout = """
        <!doctype html>
        <html lang="en">
        <head>
        {{> head}}{{$head}}{{/head}}
        </head>
        <body>
        <main>
          {{$site}}<header class="site"><a href="{{homeURL}}">
            {{#iconURL}}<img class="icon" src="{{iconURL}}" alt="" width="44" height="44">{{/iconURL}}{{^iconURL}}<span class="icon monogram" aria-hidden="true">{{siteInitial}}</span>{{/iconURL}}<span class="name">{{siteName}}</span></a></header>{{/site}}
          {{#inAppNotice}}<p class="notice" id="in-app-browser" role="note">{{inAppNotice}}</p>{{/inAppNotice}}
          {{$main}}
          {{/main}}
        </main>
        </body>
        </html>
        """

    static let head = """
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>{{title}}</title>
        {{#description}}<meta name="description" content="{{description}}">{{/description}}
        {{#canonicalURL}}<link rel="canonical" href="{{canonicalURL}}">{{/canonicalURL}}
        {{#noIndex}}<meta name="robots" content="noindex">{{/noIndex}}
        <meta property="og:type" content="website">
        <meta property="og:site_name" content="{{siteName}}">
        <meta property="og:title" content="{{title}}">
        {{#description}}<meta property="og:description" content="{{description}}">{{/description}}
        {{#canonicalURL}}<meta property="og:url" content="{{canonicalURL}}">{{/canonicalURL}}
        {{#imageURL}}<meta property="og:image" content="{{imageURL}}">{{/imageURL}}
        {{#imageWidth}}<meta property="og:image:width" content="{{imageWidth}}">{{/imageWidth}}
        {{#imageHeight}}<meta property="og:image:height" content="{{imageHeight}}">{{/imageHeight}}
        {{#imageURL}}{{#imageAlt}}<meta property="og:image:alt" content="{{imageAlt}}">{{/imageAlt}}{{/imageURL}}
        <meta name="twitter:card" content="{{twitterCard}}">
        <meta name="twitter:title" content="{{title}}">
        {{#description}}<meta name="twitter:description" content="{{description}}">{{/description}}
        {{#imageURL}}<meta name="twitter:image" content="{{imageURL}}">{{/imageURL}}
        {{#imageURL}}{{#imageAlt}}<meta name="twitter:image:alt" content="{{imageAlt}}">{{/imageAlt}}{{/imageURL}}
        {{#accentColor}}<meta name="theme-color" content="{{accentColor}}">{{/accentColor}}
        {{#smartBanner}}<meta name="apple-itunes-app" content="{{smartBanner}}">{{/smartBanner}}
        {{> style}}
        """

    static let style = """
        <style>
          :root { color-scheme: light dark; --accent: {{#accentColor}}{{accentColor}}{{/accentColor}}{{^accentColor}}#3b5bdb{{/accentColor}};
                  --text: #1b1f2a; --muted: #5b6477; --line: #e3e6ee; --surface: #f5f6fa; }
          @media (prefers-color-scheme: dark) { :root { --text: #eef0f5; --muted: #a3abbd; --line: #2c3140; --surface: #181b24; } }
          body { font: 17px/1.5 -apple-system, system-ui, "Segoe UI", Roboto, sans-serif; margin: 0; padding: 1.25rem 1.25rem 2.5rem;
                 color: var(--text); background: Canvas; }
          main { max-width: 34rem; margin: 0 auto; }
          a { color: var(--accent); }
          h1 { font-size: 1.8rem; line-height: 1.2; margin: 0 0 .5rem; letter-spacing: -.01em; }
          .description { color: var(--muted); margin: 0 0 1rem; }
          .site { margin: 0 0 1.5rem; padding-bottom: 1rem; border-bottom: 1px solid var(--line); }
          .site a { display: inline-flex; align-items: center; gap: .7rem; color: inherit; text-decoration: none; font-weight: 600; }
          .icon { width: 44px; height: 44px; border-radius: 10px; flex: none; }
          .monogram { display: inline-grid; place-items: center; background: var(--accent); color: #fff; font-size: 1.3rem; }
          .hero { display: block; width: 100%; height: auto; border-radius: 14px; margin: 1rem 0; background: var(--surface);
                  border: 1px solid var(--line); }
          .buttons { display: flex; flex-wrap: wrap; align-items: center; gap: .75rem; margin: 1.5rem 0; }
          .button { display: inline-block; padding: .7rem 1.1rem; border-radius: 10px; text-decoration: none;
                    border: 1px solid var(--accent); color: var(--accent); font-weight: 600; }
          .button.primary { background: var(--accent); color: #fff; }
          .badges { display: flex; flex-wrap: wrap; gap: .6rem; width: 100%; }
          .badge { display: inline-block; line-height: 0; border-radius: 8px; }
          .badge svg { height: 48px; width: auto; }
          .code strong { white-space: nowrap; letter-spacing: .04em; }
          .hint { color: var(--muted); font-size: .95rem; margin: 0; }
          .notice { background: var(--surface); border: 1px solid var(--line); border-left: 4px solid var(--accent);
                    border-radius: 10px; padding: .75rem 1rem; margin: 0 0 1.25rem; }
          footer { margin-top: 2rem; font-size: .85rem; color: var(--muted); }
        </style>
        """

    /// The App Store and Google Play badges (``StoreBadges``), each only when its store is configured. On a
    /// phone without the app they lead through `/v1/install/<token>` and carry the claim URL
    /// (`claimURL`) that `claim-script` copies when one is tapped.
    static let storeButtons = """
        <span class="badges">
        {{#appStoreURL}}<a class="badge" id="app-store" href="{{appStoreURL}}" aria-label="Download on the App Store"{{#claimURL}} data-claim-url="{{claimURL}}"{{/claimURL}}>{{> app-store-badge}}</a>{{/appStoreURL}}
        {{#playStoreURL}}<a class="badge" id="google-play" href="{{playStoreURL}}" aria-label="Get it on Google Play"{{#claimURL}} data-claim-url="{{claimURL}}"{{/claimURL}}>{{> google-play-badge}}</a>{{/playStoreURL}}
        </span>
        {{#claimURL}}{{> claim-script}}{{/claimURL}}
        """

    /// What a tap on a store button does on a page with a pending claim: adds the screen size
    /// to the install address and copies the claim URL to the pasteboard, inside the tap (a
    /// browser only allows that during a gesture, and nothing is copied without one), then
    /// follows the link whether or not the copy worked. Without JavaScript the link works as it is.
    static let claimScript = """
        <script>
        document.querySelectorAll("a[data-claim-url]").forEach(function (button) {
          button.addEventListener("click", function (event) {
            var href = button.getAttribute("href");
            var screen = window.screen;
            if (screen && screen.width > 0 && screen.height > 0) {
              href += "&screen=" + Math.round(screen.width) + "x" + Math.round(screen.height);
            }
            var clipboard = navigator.clipboard;
            if (!clipboard || !clipboard.writeText) { button.setAttribute("href", href); return; }
            event.preventDefault();
            var gone = false;
            var go = function () { if (!gone) { gone = true; window.location.href = href; } };
            clipboard.writeText(button.getAttribute("data-claim-url")).then(go, go);
            setTimeout(go, 800);
          });
        });
        </script>
        """

    /// The page's image (`heroImageURL`, as this request can load it), with its `alt` text and,
    /// for a static file of the site, its size (so the page does not jump as it loads).
    static let heroImage = """
        {{#heroImageURL}}<img class="hero" src="{{heroImageURL}}" alt="{{imageAlt}}"{{#imageWidth}} width="{{imageWidth}}"{{/imageWidth}}{{#imageHeight}} height="{{imageHeight}}"{{/imageHeight}}>{{/heroImageURL}}
        """

    static let appButtons = """
        <div class="buttons">
          {{#openInAppURL}}<a class="button primary" id="open-in-app" href="{{openInAppURL}}">Open in the app</a>{{/openInAppURL}}
          {{> store-buttons}}
        </div>
        """

    static let page = """
        {{<layout}}
        {{$main}}
          <h1>{{title}}</h1>
          {{#description}}<p class="description">{{description}}</p>{{/description}}
          {{> hero-image}}
          {{> app-buttons}}
          <footer>Have the app? The button above opens this page in it.</footer>
        {{/main}}
        {{/layout}}
        """

    static let home = """
        {{<layout}}
        {{$site}}{{/site}}
        {{$main}}
          <h1>{{siteName}}</h1>
          {{#siteDescription}}<p class="description">{{siteDescription}}</p>{{/siteDescription}}
          {{> app-buttons}}
        {{/main}}
        {{/layout}}
        """

    static let notFound = """
        {{<layout}}
        {{$main}}
          <h1>This link doesn't lead anywhere</h1>
          <p>It may have been mistyped or cut short. Everything is still here:</p>
          <div class="buttons">
            <a class="button primary" id="home" href="{{homeURL}}">Open {{siteName}}</a>
            {{> store-buttons}}
          </div>
        {{/main}}
        {{/layout}}
        """

    static let notYetAvailable = """
        {{<layout}}
        {{$main}}
          <h1>Not yet available</h1>
          <p>This isn't out yet. Come back when its day comes, or open what's out today.</p>
          <div class="buttons">
            <a class="button primary" id="home" href="{{homeURL}}">Open {{siteName}}</a>
          </div>
        {{/main}}
        {{/layout}}
        """

    static let error = """
        {{<layout}}
        {{$site}}<p class="site">{{siteName}}</p>{{/site}}
        {{$main}}
          <h1>{{title}}</h1>
          <p>{{message}}</p>
          {{#requestID}}<footer>Request {{requestID}}</footer>{{/requestID}}
        {{/main}}
        {{/layout}}
        """

    /// A short link's landing page on a phone without the app (and what link-preview
    /// crawlers read): the preview, "Open in the app", the stores, and the web version.
    static let link = """
        {{<layout}}
        {{$main}}
          <h1>{{title}}</h1>
          {{#description}}<p class="description">{{description}}</p>{{/description}}
          {{> hero-image}}
          {{> app-buttons}}
          {{#webURL}}<p><a id="continue-on-web" href="{{webURL}}">Continue on the web</a></p>{{/webURL}}
          <footer>Have the app? "Open in the app" takes you straight there.</footer>
        {{/main}}
        {{/layout}}
        """

    /// An invitation's page (`/invites/<code>`): the code and the way into the app, or
    /// (`invitationProblem`) why the invitation cannot be used.
    static let invitation = """
        {{<layout}}
        {{$main}}
          <h1>{{title}}</h1>
          {{#invitationProblem}}<p class="problem" id="invitation-problem">{{invitationProblem}}</p>{{/invitationProblem}}
          {{^invitationProblem}}
          {{#description}}<p class="description">{{description}}</p>{{/description}}
          {{#invitationCode}}<p class="code">Your invitation code: <strong id="invitation-code">{{invitationCode}}</strong></p>{{/invitationCode}}
          {{> app-buttons}}
          <footer>No app yet? Get it: the invitation will be waiting when you first open it.</footer>
          {{/invitationProblem}}
        {{/main}}
        {{/layout}}
        """

    /// The bridge page for links in email (``BridgeRoutes``): "Open in the app" through the
    /// app's custom scheme (tried once as the page opens: the script reads the button's own
    /// address, nothing of the page is put in it), the store badges, and the web page.
    static let bridge = """
        {{<layout}}
        {{$main}}
          <h1>{{title}}</h1>
          {{#description}}<p class="description">{{description}}</p>{{/description}}
          {{> hero-image}}
          <div class="buttons">
            {{#openInAppURL}}<a class="button primary" id="open-in-app" href="{{openInAppURL}}">Open in the app</a>{{/openInAppURL}}
          </div>
          <p class="hint" id="no-app">Nothing happened? Get the app: it opens this link the first time you start it.</p>
          <div class="buttons">{{> store-buttons}}</div>
          {{#webURL}}<p><a id="continue-on-web" href="{{webURL}}">Continue on the web</a></p>{{/webURL}}
          <script>
          (function () {
            var open = document.getElementById("open-in-app");
            if (!open) { return; }
            var key = "landfall-bridge:" + location.pathname + location.search;
            try { if (sessionStorage.getItem(key)) { return; } sessionStorage.setItem(key, "1"); } catch (e) {}
            window.location.href = open.href;
          })();
          </script>
        {{/main}}
        {{/layout}}
        """

    /// The page of a short link that no longer leads anywhere (status 410).
    static let linkGone = """
        {{<layout}}
        {{$main}}
          <h1>{{heading}}</h1>
          <p>{{message}}</p>
          <div class="buttons">
            <a class="button primary" id="home" href="{{homeURL}}">Open {{siteName}}</a>
            {{> store-buttons}}
          </div>
        {{/main}}
        {{/layout}}
        """
}
