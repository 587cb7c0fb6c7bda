/// The template and styles of the list of links (``LinkListRoutes``): a search form of
/// `GET` parameters above a table of 50 links, with a Next page link carrying the filters.
enum LinkListPage {
    static let templates: [String: String] = ["links": links]

    static let links = """
        {{<layout}}{{$main}}
        <div class="list-heading">
          <h1>Links</h1>
          {{#mayEdit}}
          <p class="list-actions"><a class="button" id="new-link" href="/links/new">New link</a> <a class="button secondary" href="/links/import">Import CSV</a></p>
          {{/mayEdit}}
        </div>
        <form class="toolbar" method="get" action="/links" role="search">
          <div class="search"><label for="q">Search</label><input id="q" name="q" type="search" value="{{q}}" maxlength="200" placeholder="Slug, title or destination"></div>
          <div><label for="host">Host</label><select id="host" name="host"><option value="">All hosts</option>{{#hosts}}<option value="{{name}}"{{#selected}} selected{{/selected}}>{{name}}</option>{{/hosts}}</select></div>
          <div><label for="campaign">Campaign</label><input id="campaign" name="campaign" type="text" value="{{campaign}}" placeholder="utm_campaign"></div>
          <div><label for="state">State</label><select id="state" name="state"><option value="">Any state</option>{{#states}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{value}}</option>{{/states}}</select></div>
          <div><label for="sort">Sort</label><select id="sort" name="sort">{{#sorts}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/sorts}}</select></div>
          <button type="submit">Search</button>
        </form>
        <section class="card">
          {{#empty}}
          <p id="no-links">No links match{{#filtered}} these filters. <a href="/links">Clear the filters</a>{{/filtered}}{{^filtered}}{{#firstPage}} past this page.{{/firstPage}}{{/filtered}}</p>
          {{/empty}}
          {{^empty}}
          <table class="links" id="links">
            <thead><tr><th scope="col">Link</th><th scope="col">Title</th><th scope="col">Destination</th><th scope="col" class="number">Clicks</th><th scope="col">State</th><th scope="col">Created</th></tr></thead>
            <tbody>
            {{#links}}
            <tr>
              <td class="short"><a href="/links/{{id}}"><span class="host">{{shownHost}}</span><wbr>{{slug}}</a><button type="button" class="copy" data-copy="{{url}}">Copy</button></td>
              <td class="title">{{title}}</td>
              <td class="destination" title="{{target}}">{{target}}</td>
              <td class="number" data-label="Clicks">{{clicks}}</td>
              <td><span class="badge {{#good}}good{{/good}}{{^good}}bad{{/good}}">{{state}}</span></td>
              <td class="created">{{created}}</td>
            </tr>
            {{/links}}
            </tbody>
          </table>
          {{/empty}}
          <nav class="pager" aria-label="Pages">
            <span>{{#firstPage}}<a id="first-page" href="{{firstPage}}">First page</a>{{/firstPage}}</span>
            <span>{{#nextPage}}<a id="next-page" rel="next" href="{{nextPage}}">Next page</a>{{/nextPage}}</span>
          </nav>
        </section>
        {{/main}}{{/layout}}
        """

    static let css = """
        .list-heading { display: flex; flex-wrap: wrap; justify-content: space-between; align-items: center; gap: 0.5rem; }
        .list-actions { display: flex; gap: 0.5rem; margin: 0; }
        .toolbar .search { flex: 2 1 14rem; }
        .toolbar input, .toolbar select { box-sizing: border-box; height: 2.75rem; }
        #links td { vertical-align: top; }
        #links td.short { max-width: 18rem; overflow-wrap: anywhere; }
        #links td.short .host { color: var(--muted); font-size: 0.9rem; }
        #links td.title { min-width: 10rem; overflow-wrap: break-word; }
        #links td.destination { max-width: 16rem; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; color: var(--muted); }
        #links td.created { white-space: nowrap; color: var(--muted); font-size: 0.9rem; }
        @media (max-width: 700px) {
          #links, #links tbody { display: block; width: 100%; }
          #links td.short { white-space: normal; overflow-wrap: anywhere; font-weight: 600; }
          #links td.destination { max-width: 100%; }
        }
        """
}
