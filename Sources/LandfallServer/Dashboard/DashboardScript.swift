/// The dashboard's only script, served at `/assets/dashboard.js` on the admin host (the content
/// security policy allows no inline script). Every page works without it; it adds:
///
/// - copy buttons: a `<button class="copy" data-copy="text">` puts the text on the clipboard
///   and says "Copied" for two seconds;
/// - confirmations: a `<form data-confirm="Delete this link?">` asks before it is sent;
/// - each section's own behaviour (``DashboardSections/scripts``), such as live validation.
enum DashboardScript {
    static let path = "/assets/dashboard.js"

    static let javaScript: String = ([base] + DashboardSections.scripts).joined(separator: "\n")

    private static let base = """
        "use strict";
        document.addEventListener("click", function (event) {
          var button = event.target.closest("button[data-copy]");
          if (!button) { return; }
          event.preventDefault();
          var text = button.getAttribute("data-copy");
          var done = function () {
            var label = button.textContent;
            button.textContent = "Copied";
            setTimeout(function () { button.textContent = label; }, 2000);
          };
          if (navigator.clipboard && window.isSecureContext) {
            navigator.clipboard.writeText(text).then(done, function () { window.prompt("Copy this:", text); });
          } else {
            window.prompt("Copy this:", text);
          }
        });
        document.addEventListener("submit", function (event) {
          var question = event.target.getAttribute && event.target.getAttribute("data-confirm");
          if (question && !window.confirm(question)) { event.preventDefault(); }
        });
        """
}
