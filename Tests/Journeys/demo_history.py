"""A month of made-up traffic for the overview's screenshots, so that its chart has a bar per day.

A fresh demo has only the clicks the journeys made today, and neither clicks nor claims can be
dated in the past through the server (it records them itself, now). So the 29 days before
today are written straight into the demo's SQLite database, in the tables the statistics read
(click_counts: people's clicks per link, day and platform; events: installs, that is claimed
deferred links, and app opens), the same every run. Only the screenshots use it, after the
journeys: no journey's numbers depend on it. A schema change that breaks it fails the
screenshots step with SQLite's message.
"""

import datetime
import os
import sqlite3
import uuid

from demo_server import check

# Clicks per weekday, Monday first: busier at the weekend, as a puzzle site is.
WEEKLY_CLICKS = [38, 41, 36, 44, 57, 73, 66]
PLATFORM_SHARES = [("ios", 0.46), ("android", 0.34), ("desktop", 0.20)]


def add_a_month_of_traffic(server, slugs=("friday", "winter", "newyear", "mug")):
    database = os.path.join(server.data_dir, "landfall.sqlite")
    check(os.path.exists(database), f"the demo's database is not at {database}")
    connection = sqlite3.connect(database, timeout=10)
    try:
        with connection:
            links = dict(connection.execute(
                f"SELECT slug, id FROM links WHERE slug IN ({', '.join('?' for _ in slugs)})", slugs))
            check(len(links) == len(slugs), f"the demo has links {sorted(links)}, not {sorted(slugs)}")
            today = datetime.datetime.now(datetime.timezone.utc).date()
            for back in range(1, 30):
                day = today - datetime.timedelta(days=back)
                total = WEEKLY_CLICKS[day.weekday()] + (29 - back)  # growing over the month
                for index, slug in enumerate(slugs):
                    share = total * (0.5 if index == 0 else 0.5 / (len(slugs) - 1))
                    for platform, part in PLATFORM_SHARES:
                        connection.execute(
                            "INSERT INTO click_counts (link_id, day, platform, referrer_host, count) VALUES (?, ?, ?, '', ?)"
                            " ON CONFLICT (link_id, day, platform, referrer_host) DO UPDATE SET count = count + excluded.count",
                            (links[slug], day.isoformat(), platform, round(share * part)))
                noon = datetime.datetime.combine(day, datetime.time(12), datetime.timezone.utc)
                for kind, detail, number in [("claim", "strong", total // 5), ("first_open", "", total // 6),
                                             ("open", "", total // 3)]:
                    for event in range(number):
                        platform = "ios" if event % 4 < 2 else "android"
                        connection.execute(
                            "INSERT INTO events (id, type, occurred_at, day, platform, link_id, url, campaign, detail)"
                            " VALUES (?, ?, ?, ?, ?, ?, NULL, '', ?)",
                            (str(uuid.uuid4()), kind, int(noon.timestamp() * 1000) + event, day.isoformat(), platform,
                             links[slugs[0]], detail))
    finally:
        connection.close()
