/// The dashboard's style sheet, served at `/assets/dashboard.css` on the admin host: no CDN,
/// no inline styles (the content security policy allows only this file). Readable on a phone:
/// one column under 700 pixels.
enum DashboardStyle {
    static let path = "/assets/dashboard.css"

    static let css: String = {
        let widths = (0...20).map { ".fill.w\($0) { width: \($0 * 5)%; }" }.joined(separator: "\n")
        return ([base, forms, widths] + DashboardSections.styles).joined(separator: "\n") + "\n"
    }()

    /// Forms, buttons, field errors, badges, toolbars and the copy button, shared by every
    /// section's pages.
    private static let forms = """
        input[type=url], input[type=number], input[type=search], input[type=datetime-local], input[type=file], select, textarea { width: 100%; padding: 0.6rem 0.7rem; font: inherit; border: 1px solid var(--line); border-radius: 6px; background: #fff; }
        textarea { min-height: 5rem; }
        input[aria-invalid=true], select[aria-invalid=true], textarea[aria-invalid=true] { border-color: var(--bad); }
        .field-error { color: var(--bad); font-size: 0.9rem; margin: 0.25rem 0 0; }
        .hint { color: var(--muted); font-size: 0.85rem; margin: 0.25rem 0 0; }
        .fields { display: grid; grid-template-columns: 1fr 1fr; gap: 0 1.25rem; }
        .fields .wide { grid-column: 1 / -1; }
        fieldset { border: 1px solid var(--line); border-radius: 8px; padding: 0 1rem 1rem; margin: 1rem 0 0; }
        legend { font-weight: 600; padding: 0 0.4rem; }
        .actions { display: flex; flex-wrap: wrap; gap: 0.75rem; align-items: center; }
        .actions form { margin: 0; }
        .actions button, .actions .button { margin-top: 0; }
        a.button { display: inline-block; padding: 0.6rem 1.2rem; font-weight: 600; color: #fff; background: var(--accent); border-radius: 6px; text-decoration: none; }
        a.button.secondary, button.secondary { color: var(--accent); background: #fff; border: 1px solid var(--accent); }
        button.danger { background: var(--bad); }
        button.copy { margin: 0 0 0 0.5rem; padding: 0.15rem 0.6rem; font-size: 0.85rem; font-weight: 400; color: var(--accent); background: #fff; border: 1px solid var(--line); }
        .toolbar { display: flex; flex-wrap: wrap; gap: 0.75rem; align-items: end; margin-bottom: 1rem; }
        .toolbar label { margin: 0 0 0.25rem; font-size: 0.85rem; }
        .toolbar > div { flex: 1 1 10rem; }
        .toolbar button { margin-top: 0; }
        .badge { display: inline-block; padding: 0.05rem 0.5rem; border-radius: 999px; font-size: 0.8rem; background: var(--paper); border: 1px solid var(--line); color: var(--muted); white-space: nowrap; }
        .badge.good { color: #1e6b34; background: #e6f4ea; border-color: #b7dfc2; }
        .badge.bad { color: var(--bad); background: #fdecea; border-color: #f3c1bc; }
        .notice { background: #e6f4ea; border-radius: 6px; padding: 0.5rem 0.75rem; }
        .secret { font: 1rem ui-monospace, SFMono-Regular, Menlo, monospace; background: var(--paper); padding: 0.5rem 0.75rem; border-radius: 6px; overflow-wrap: anywhere; }
        .pager { display: flex; justify-content: space-between; margin-top: 1rem; }
        @media (max-width: 700px) { .fields { grid-template-columns: 1fr; } }
        """

    private static let base = """
        :root { --ink: #1d2330; --muted: #5b6472; --line: #d9dde4; --paper: #f6f7f9; --card: #fff; --accent: #2457d6; --bad: #b3261e; }
        * { box-sizing: border-box; }
        body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: var(--paper); }
        a { color: var(--accent); }
        code { font: 0.9em ui-monospace, SFMono-Regular, Menlo, monospace; overflow-wrap: break-word; }
        .bar { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem 1.5rem; padding: 0.75rem 1.5rem; background: var(--ink); color: #fff; }
        .bar a { color: #fff; text-decoration: none; }
        .brand { font-weight: 700; }
        .brand span { font-weight: 400; opacity: 0.7; }
        nav { display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; flex: 1 1 22rem; }
        nav a { white-space: nowrap; }
        nav a[aria-current="page"] { border-bottom: 2px solid #fff; }
        .who { display: flex; align-items: center; gap: 0.75rem; margin: 0; font-size: 0.9rem; }
        main { max-width: 72rem; margin: 0 auto; padding: 1.5rem; }
        h1 { font-size: 1.6rem; margin: 0 0 1rem; }
        h2 { font-size: 1rem; margin: 0 0 0.75rem; color: var(--muted); font-weight: 600; }
        .card { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 1.25rem; margin-bottom: 1.25rem; }
        .narrow { max-width: 26rem; margin: 3rem auto; }
        .muted { color: var(--muted); }
        .small { font-size: 0.85rem; }
        .problem { color: var(--bad); background: #fdecea; border-radius: 6px; padding: 0.5rem 0.75rem; }
        label { display: block; font-weight: 600; margin: 1rem 0 0.25rem; }
        input[type=email], input[type=password], input[type=text] { width: 100%; padding: 0.6rem 0.7rem; font: inherit; border: 1px solid var(--line); border-radius: 6px; }
        button { margin-top: 1.25rem; padding: 0.6rem 1.2rem; font: inherit; font-weight: 600; color: #fff; background: var(--accent); border: 0; border-radius: 6px; cursor: pointer; }
        button.quiet { margin: 0; padding: 0.3rem 0.7rem; background: transparent; border: 1px solid rgba(255,255,255,0.5); font-weight: 400; }
        .periods { display: grid; grid-template-columns: repeat(3, 1fr); gap: 1.25rem; margin-bottom: 1.25rem; }
        .periods .card, .columns .card { margin-bottom: 0; }
        .period dl { display: grid; grid-template-columns: repeat(3, 1fr); margin: 0; }
        .period dt { color: var(--muted); font-size: 0.85rem; }
        .period dd { margin: 0; font-size: 1.6rem; font-weight: 700; }
        .chart { width: 100%; height: auto; display: block; }
        .axis { display: flex; justify-content: space-between; margin: 0.25rem 0 0; color: var(--muted); font-size: 0.85rem; font-variant-numeric: tabular-nums; }
        .axis.top { margin: 0 0 0.25rem; }
        .columns { display: grid; grid-template-columns: 1fr 1fr; gap: 1.25rem; margin-bottom: 1.25rem; }
        .funnel { list-style: none; margin: 0; padding: 0; }
        .funnel li { display: grid; grid-template-columns: 7rem 1fr 4rem; align-items: center; gap: 0.75rem; margin: 0.4rem 0; }
        .meter { background: var(--paper); border-radius: 4px; height: 0.9rem; overflow: hidden; }
        .fill { display: block; height: 100%; background: var(--accent); border-radius: 4px; }
        .value { text-align: right; font-variant-numeric: tabular-nums; }
        table { width: 100%; border-collapse: collapse; }
        th, td { text-align: left; padding: 0.5rem; border-bottom: 1px solid var(--line); }
        .number { text-align: right; font-variant-numeric: tabular-nums; }
        .audit td { font-size: 0.9rem; vertical-align: top; overflow-wrap: anywhere; }
        .audit td:first-child { white-space: nowrap; }
        @media (max-width: 700px) {
          main { padding: 1rem; }
          .periods, .columns { grid-template-columns: 1fr; }
          .period dd { font-size: 1.3rem; }
          .bar { padding: 0.75rem 1rem; }
          .links thead { display: none; }
          .links tr, .links td { display: block; padding: 0.1rem 0; border: 0; }
          .links tr { padding: 0.6rem 0; border-bottom: 1px solid var(--line); }
          .links td.number { text-align: left; }
          .links td[data-label]::before { content: attr(data-label) ": "; color: var(--muted); }
        }
        """
}
