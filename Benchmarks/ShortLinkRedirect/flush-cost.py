#!/usr/bin/env python3
# What one click flush of N distinct links costs SQLite on a copy of a seeded database, by the
# way it is written: the direct statements of Storage.record (the click_counts upsert and the
# links.click_count update, 500 rows a statement) or an append to click_journal (schema 7).
#
#   python3 flush-cost.py .build/seeded/links-1000000-schema-7/landfall.sqlite base 10000 [ROUNDS]
#
# VARIANT: base (the direct statements), journal (the append), nolinks (the upsert alone), noidx
# (the update without the click-count indexes), narrow (a narrow per-link counter table),
# narrow-nidx (with an index on its count); add "cache" for a 64 MB page cache and "mmap" for a
# memory-mapped file. Copies the file to /tmp first; prints microseconds per key and the WAL's size.
# Simulates one click flush of N random distinct links on a copy of the million-link database.
import sqlite3, random, sys, time, shutil, os
src, variant, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
rounds = int(sys.argv[4]) if len(sys.argv) > 4 else 3
db = "/tmp/landfall-flush-cost.sqlite"
for ext in ("", "-wal", "-shm"):
    if os.path.exists(db + ext): os.remove(db + ext)
shutil.copy(src, db)
c = sqlite3.connect(db, isolation_level=None)
c.execute("PRAGMA journal_mode=WAL"); c.execute("PRAGMA synchronous=NORMAL"); c.execute("PRAGMA foreign_keys=ON")
if "cache" in variant: c.execute("PRAGMA cache_size=-65536")
if "mmap" in variant: c.execute("PRAGMA mmap_size=1073741824")
ids = [r[0] for r in c.execute("SELECT id FROM links")]
if "noidx" in variant:
    for i in ("links_click_count","links_host_clicks","links_campaign_clicks","links_disabled_clicks","links_expiring_clicks"):
        c.execute(f"DROP INDEX IF EXISTS {i}")
if "narrow" in variant:
    c.execute("CREATE TABLE link_clicks (link_id TEXT NOT NULL PRIMARY KEY, count INTEGER NOT NULL) WITHOUT ROWID")
    c.execute("INSERT INTO link_clicks SELECT id, abs(random()) % 50 FROM links")
    if "nidx" in variant: c.execute("CREATE INDEX link_clicks_count ON link_clicks (count, link_id)")
    c.execute("INSERT INTO click_counts SELECT id, '2026-11-26', 'desktop', '', 1 FROM links")
if "journal" in variant:
    c.execute("CREATE TABLE IF NOT EXISTS click_journal (id INTEGER NOT NULL PRIMARY KEY, link_id TEXT NOT NULL, day TEXT NOT NULL, platform TEXT NOT NULL, referrer_host TEXT NOT NULL, clicks INTEGER NOT NULL, people INTEGER NOT NULL)")
c.execute("PRAGMA wal_checkpoint(TRUNCATE)")
def chunks(l, k):
    for i in range(0, len(l), k): yield l[i:i+k]
for r in range(rounds):
    keys = sorted(random.sample(ids, n))
    t0 = time.perf_counter()
    c.execute("BEGIN IMMEDIATE")
    if "journal" in variant:
        c.executemany("INSERT INTO click_journal (link_id, day, platform, referrer_host, clicks, people) VALUES (?, '2026-11-27', 'desktop', '', 1, 1)", [(k,) for k in keys])
    else:
        for ch in chunks(keys, 500):
            vals = ",".join(["(?, '2026-11-27', 'desktop', '', 1)"] * len(ch))
            c.execute(f"""INSERT INTO click_counts (link_id, day, platform, referrer_host, count)
              SELECT v.column1, v.column2, v.column3, v.column4, v.column5 FROM (VALUES {vals}) AS v
              WHERE EXISTS (SELECT 1 FROM links WHERE links.id = v.column1)
              ON CONFLICT (link_id, day, platform, referrer_host) DO UPDATE SET count = click_counts.count + excluded.count""", ch)
        t1 = time.perf_counter()
        for ch in chunks(keys, 500):
            vals = ",".join(["(?, 1)"] * len(ch))
            if "narrow" in variant:
                c.execute(f"INSERT INTO link_clicks (link_id, count) SELECT column1, column2 FROM (VALUES {vals}) WHERE true ON CONFLICT (link_id) DO UPDATE SET count = link_clicks.count + excluded.count", ch)
            elif "nolinks" in variant:
                pass
            else:
                c.execute(f"UPDATE links SET click_count = click_count + v.column2 FROM (VALUES {vals}) AS v WHERE links.id = v.column1", ch)
    c.execute("COMMIT")
    t2 = time.perf_counter()
    wal = os.path.getsize(db + "-wal") if os.path.exists(db + "-wal") else 0
    print(f"{variant} n={n} round {r}: {(t2-t0)*1e6/n:.1f} us/key total, wal {wal/1e6:.0f} MB", flush=True)
