import Foundation
import LandfallLinks
import LandfallSite

/// The pages of ``LinkFormRoutes`` and ``LinkImportRoutes``: the link form (new and edit), the
/// CSV import with its report, their styles, and the script that checks the form as it is
/// typed and reads a chosen CSV file into the import's text box. Every field's value and error
/// is escaped (`{{name}}`).
enum LinkFormPages {
    static let templates: [String: String] = ["link-form": form, "link-import": LinkImportPage.template]

    /// One field of the form as it is drawn. The most clicks is a text field with a numeric
    /// keyboard, not `type="number"`: a browser sends an empty value for a number it cannot
    /// read ("1,000"), which would make a link without a limit instead of a refusal.
    struct Field {
        let name: String
        let label: String
        var type = "url"
        var hint: String?
        var attributes = ""
        var wide = false
    }

    /// The values of the form's template for `form`: each field's text under `value_NAME` (when
    /// not empty) and its problem under `error_NAME` (apart from the page's own values, such as
    /// its `title`).
    ///
    /// A new link's form offers the link hosts to choose from when the site has several
    /// (`hostChoices`); a link's host stays what it is when it is edited. It offers the site's
    /// card templates (`cards`, the names of `cards:`) after the route's card (`cardChoices`),
    /// with a name the site no longer has (the link's, or the one sent) marked as such.
    static func values(_ form: LinkForm, linkHosts: [LinkHost], cards: [String] = [], editing link: ShortLink?) -> [String: Any] {
        let chosen = link?.host ?? (form["host"].isEmpty ? linkHosts.first?.name : form["host"].lowercased()) ?? ""
        var values: [String: Any] = ["linkHost": chosen]
        if link == nil, linkHosts.count > 1 {
            values["severalHosts"] = true
            values["hostChoices"] = linkHosts.map { host in
                ["name": host.name, "selected": host.name == chosen,
                 "note": host.caseInsensitiveSlugs ? " (slugs ignore case)" : ""] as [String: Any]
            }
        }
        let chosenCard = form["card"]
        var cardChoices: [[String: Any]] = cards.map { ["name": $0, "label": $0, "selected": $0 == chosenCard] }
        if !chosenCard.isEmpty, !cards.contains(chosenCard) {
            cardChoices.append(["name": chosenCard, "label": "\(chosenCard) (not in the site's cards: the route's card is drawn)", "selected": true])
        }
        values["cardChoices"] = cardChoices
        for (name, _) in LinkForm.fields where !form[name].isEmpty {
            values["value_" + name] = form[name]
        }
        for (name, message) in form.errors where !name.isEmpty {
            values["error_" + name] = message
        }
        if !form.errors.isEmpty {
            values["problems"] = form.errors.count == 1 ? "The link was not saved: one field needs a change (marked below)."
                : "The link was not saved: \(form.errors.count) fields need a change (marked below)."
        }
        if let general = form.errors[""] { values["formError"] = general }
        return values
    }

    /// The template of one field: its label, the input, the problem the server found (with
    /// the id the script uses too) and a hint.
    static func field(_ field: Field) -> String {
        let name = field.name
        let invalid = "{{#error_\(name)}} aria-invalid=\"true\"{{/error_\(name)}}"
        let described = " aria-describedby=\"\(name)-error\(field.hint == nil ? "" : " \(name)-hint")\""
        let control = switch field.type {
        case "textarea":
            "<textarea id=\"\(name)\" name=\"\(name)\"\(field.attributes)\(invalid)\(described)>{{value_\(name)}}</textarea>"
        default:
            "<input type=\"\(field.type)\" id=\"\(name)\" name=\"\(name)\" value=\"{{value_\(name)}}\"\(field.attributes)\(invalid)\(described)>"
        }
        return """
            <div\(field.wide ? " class=\"wide\"" : "")>
              <label for="\(name)">\(field.label)</label>
              \(control)
              {{#error_\(name)}}<p class="field-error" id="\(name)-error">{{error_\(name)}}</p>{{/error_\(name)}}
              \(field.hint.map { "<p class=\"hint\" id=\"\(name)-hint\">\($0)</p>" } ?? "")
            </div>
            """
    }

    static let form: String = """
        {{<layout}}{{$main}}
        {{#creating}}<h1>New link</h1>{{/creating}}
        {{#editing}}<h1>Edit link</h1>
        <p class="muted">Short URL <code>{{shortURL}}</code> · <a href="/links/{{id}}">Back to the link</a></p>{{/editing}}
        <section class="card">
        {{#problems}}<p class="problem" role="alert">{{problems}}</p>{{/problems}}
        {{#formError}}<p class="problem">{{formError}}</p>{{/formError}}
        <form id="link-form" method="post" novalidate{{#editing}} action="/links/{{id}}/edit" data-link="{{id}}"{{/editing}}{{#creating}} action="/links/new"{{/creating}}>
          <input type="hidden" name="csrf" value="{{user.csrf}}">
          <div class="fields">
          \(field(Field(name: "target", label: "Destination URL", hint: "Where the link leads: a page of the site, or an address its allowlist lets links lead to.", attributes: " required autocomplete=\"off\"", wide: true)))
          {{#severalHosts}}<div>
              <label for="host">Link host</label>
              <select id="host" name="host"{{#error_host}} aria-invalid="true"{{/error_host}} aria-describedby="host-hint">
              {{#hostChoices}}<option value="{{name}}"{{#selected}} selected{{/selected}}>{{name}}{{note}}</option>{{/hostChoices}}
              </select>
              {{#error_host}}<p class="field-error" id="host-error">{{error_host}}</p>{{/error_host}}
              <p class="hint" id="host-hint">The domain of the short URL. Each host has its own slugs.</p>
            </div>{{/severalHosts}}
          \(field(Field(name: "slug", label: "Slug", type: "text",
                        hint: "The short URL is https://<span id=\"slug-host\">{{linkHost}}</span>/ followed by the slug. {{#creating}}Leave it empty for a random one.{{/creating}}{{#editing}}Changing it breaks the short URL wherever it was shared or printed.{{/editing}}",
                        attributes: " autocomplete=\"off\" spellcheck=\"false\" autocapitalize=\"off\"")))
          {{#editing}}<label class="choice confirm"><input type="checkbox" id="confirm_slug" name="confirm_slug"> <span>Change the short URL: I have a new slug in mind, and the old one stops working</span></label>{{/editing}}
          </div>
          <fieldset>
            <legend>Per platform</legend>
            <p class="hint">Where each kind of device goes instead of the destination, when the app does not open. Empty: the destination.</p>
            <div class="fields">
            \(field(Field(name: "ios_url", label: "iPhone and iPad")))
            \(field(Field(name: "android_url", label: "Android")))
            \(field(Field(name: "desktop_url", label: "Computers")))
            </div>
          </fieldset>
          <fieldset>
            <legend>Preview</legend>
            <p class="hint">What messages and social sites show for the link. Empty: the page's own.</p>
            <div class="fields">
            \(field(Field(name: "title", label: "Title", type: "text", attributes: " maxlength=\"200\"")))
            \(field(Field(name: "image_url", label: "Image URL", hint: "An http or https image address.")))
            \(field(Field(name: "description", label: "Description", type: "textarea", attributes: " maxlength=\"500\" rows=\"2\"", wide: true)))
            <div>
              <label for="card">Share card</label>
              <select id="card" name="card"{{#error_card}} aria-invalid="true"{{/error_card}} aria-describedby="card-hint">
              <option value="">Route's card</option>
              {{#cardChoices}}<option value="{{name}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/cardChoices}}
              </select>
              {{#error_card}}<p class="field-error" id="card-error">{{error_card}}</p>{{/error_card}}
              <p class="hint" id="card-hint">The picture chats show for the link: its target route's card, or one of the site's card templates (cards: in landfall.yml). An image URL is shown instead of either.</p>
            </div>
            </div>
          </fieldset>
          <fieldset>
            <legend>Campaign</legend>
            <p class="hint">Kept with the link and reported with its clicks, as the utm_ parameters of the same names.</p>
            <div class="fields">
            \(field(Field(name: "utm_source", label: "Source (utm_source)", type: "text", hint: "newsletter, poster…")))
            \(field(Field(name: "utm_medium", label: "Medium (utm_medium)", type: "text", hint: "email, print…")))
            \(field(Field(name: "utm_campaign", label: "Campaign (utm_campaign)", type: "text", hint: "winter-league…")))
            \(field(Field(name: "utm_term", label: "Term (utm_term)", type: "text")))
            \(field(Field(name: "utm_content", label: "Content (utm_content)", type: "text")))
            </div>
          </fieldset>
          <fieldset>
            <legend>Limits</legend>
            <div class="fields">
            \(field(Field(name: "expires_at", label: "Expires at (UTC)", type: "datetime-local",
                          hint: "Read as UTC, not your local time. After it, the link answers that it has expired. Empty: never.",
                          attributes: " step=\"1\"")))
            \(field(Field(name: "max_clicks", label: "Most clicks", type: "text", hint: "A whole number: after this many clicks the link stops working. Empty: no limit.",
                          attributes: " inputmode=\"numeric\" autocomplete=\"off\"")))
            </div>
            {{#creating}}<label class="choice"><input type="checkbox" id="disabled" name="disabled"{{#value_disabled}} checked{{/value_disabled}}> <span>Create it disabled (it works once enabled on its page)</span></label>{{/creating}}
          </fieldset>
          <fieldset>
            <legend>Data for the app</legend>
            \(field(Field(name: "data", label: "Data", type: "textarea",
                          hint: "Handed to the app with the deep link: one KEY=VALUE a line, such as invitedBy=ada.",
                          attributes: " rows=\"3\" spellcheck=\"false\"")))
          </fieldset>
          <div class="actions">
            <button type="submit" id="save-link">{{#creating}}Create link{{/creating}}{{#editing}}Save changes{{/editing}}</button>
            <a href="{{#editing}}/links/{{id}}{{/editing}}{{#creating}}/links{{/creating}}">Cancel</a>
          </div>
        </form>
        </section>
        {{/main}}{{/layout}}
        """

    static let css = """
        label.choice { display: flex; gap: 0.5rem; align-items: baseline; font-weight: 400; }
        label.choice input { width: auto; margin: 0; }
        label.choice.confirm { align-self: start; margin-top: 2.6rem; }
        @media (max-width: 700px) { label.choice.confirm { margin-top: 0.5rem; } }
        #link-form .actions, #import-form .actions { margin-top: 1.25rem; }
        #link-form .actions button, #import-form .actions button { margin: 0; }
        pre.example { background: var(--paper); padding: 0.75rem; border-radius: 6px; overflow-x: auto; font-size: 0.85rem; }
        #csv { font: 0.9rem ui-monospace, SFMono-Regular, Menlo, monospace; min-height: 10rem; }
        #import-report td { vertical-align: top; overflow-wrap: anywhere; }
        dl.columns-help { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; margin: 0; font-size: 0.9rem; }
        dl.columns-help dd { margin: 0; }
        @media (max-width: 700px) { dl.columns-help { grid-template-columns: 1fr; } dl.columns-help dd { margin-bottom: 0.5rem; } }
        """

    /// Live checks of the link form (the server stays the authority, and the form works
    /// without it): the destination and the other URLs must be absolute http(s) URLs, the most
    /// clicks a positive whole number, and the slug is asked of `/links/slug-check`; each
    /// problem is shown where the server shows its own. The import page's file input fills
    /// its text box.
    static let script = """
        (function () {
          var form = document.getElementById("link-form");
          function show(input, message) {
            var id = input.id + "-error";
            var shown = document.getElementById(id);
            if (message) {
              if (!shown) {
                shown = document.createElement("p");
                shown.className = "field-error";
                shown.id = id;
                input.insertAdjacentElement("afterend", shown);
              }
              shown.textContent = message;
              input.setAttribute("aria-invalid", "true");
            } else {
              if (shown) { shown.remove(); }
              input.removeAttribute("aria-invalid");
            }
          }
          function isWebURL(text) {
            try {
              var url = new URL(text);
              return (url.protocol === "http:" || url.protocol === "https:") && url.host !== "";
            } catch (error) { return false; }
          }
          function urlCheck(required) {
            return function (text) {
              if (!text) { return required ? "Give the URL the link leads to, such as https://daily.example.com/puzzle/today." : ""; }
              return isWebURL(text) ? "" : "'" + text + "' is not an absolute http or https URL; give one such as https://daily.example.com/puzzle/today.";
            };
          }
          var checks = {
            target: urlCheck(true), ios_url: urlCheck(false), android_url: urlCheck(false), desktop_url: urlCheck(false), image_url: urlCheck(false),
            max_clicks: function (text) {
              if (!text) { return ""; }
              if (!/^[0-9]+$/.test(text)) { return "'" + text + "' is not a whole number; give one such as 1000, or leave it empty for no limit."; }
              var number = Number(text);
              return number >= 1 && number <= 2147483647 ? "" : "Must be between 1 and 2147483647; found " + text + ".";
            }
          };
          function check(input) {
            var rule = checks[input.name];
            if (!rule) { return true; }
            var message = rule(input.value.trim());
            show(input, message);
            return !message;
          }
          if (form) {
            Object.keys(checks).forEach(function (name) {
              var input = form.elements[name];
              if (!input) { return; }
              input.addEventListener("change", function () { check(input); });
              input.addEventListener("input", function () { if (input.getAttribute("aria-invalid")) { check(input); } });
            });
            var slug = form.elements.slug;
            var asked = 0;
            if (slug) {
              slug.addEventListener("change", function () {
                var text = slug.value.trim();
                var number = ++asked;
                if (!text) { show(slug, ""); return; }
                var link = form.getAttribute("data-link");
                var host = form.elements.host ? form.elements.host.value : "";
                fetch("/links/slug-check?slug=" + encodeURIComponent(text) + (host ? "&host=" + encodeURIComponent(host) : "") + (link ? "&link=" + encodeURIComponent(link) : ""), { credentials: "same-origin" })
                  .then(function (response) { return response.json(); })
                  .then(function (answer) { if (number === asked) { show(slug, answer.available ? "" : answer.message); } })
                  .catch(function () { /* the server checks again when the form is sent */ });
              });
              // Another link host: the hint names it, and the slug is checked there.
              var hostChoice = form.elements.host;
              var shownHost = document.getElementById("slug-host");
              if (hostChoice && hostChoice.tagName === "SELECT") {
                hostChoice.addEventListener("change", function () {
                  if (shownHost) { shownHost.textContent = hostChoice.value; }
                  slug.dispatchEvent(new Event("change"));
                });
              }
            }
            form.addEventListener("submit", function (event) {
              var first = null;
              Object.keys(checks).forEach(function (name) {
                var input = form.elements[name];
                if (input && !check(input) && !first) { first = input; }
              });
              if (first) { event.preventDefault(); first.focus(); }
            });
          }
          var file = document.getElementById("csv-file");
          var box = document.getElementById("csv");
          if (file && box) {
            file.addEventListener("change", function () {
              var chosen = file.files && file.files[0];
              if (!chosen) { return; }
              chosen.text().then(function (text) { box.value = text; }, function () { show(file, "The file could not be read; paste its text instead."); });
            });
          }
        })();
        """
}
