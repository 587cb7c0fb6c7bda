"""The figures of one round of the webhook delivery benchmark, from webhook-receiver's records.

    python3 analyze.py RECORDS EVENT_IDS LANDFALL_PATH ANCHOR_PATH

RECORDS is webhook-receiver's /records (PATH ARRIVAL WEBHOOK-ID TYPE TIMESTAMP a line, ARRIVAL in
seconds since 1970), EVENT_IDS the ids of the link.created events landfall stored (one a line,
from its database). Prints KEY=VALUE lines for run.sh:

- landfall: every stored event's first arrival on LANDFALL_PATH; missing ids, repeats (arrivals
  of an id already received), strangers (ids landfall did not store); the time from the first
  event stored (the smallest event timestamp) to the arrival that completed the set; delivery
  latency (first arrival minus the event's timestamp, which has millisecond precision) p50, p99
  and the largest;
- anchor: the same ids POSTed by wrk to ANCHOR_PATH: missing, repeats, and the time from the
  first arrival to the one that completed the set.
"""

import sys
from datetime import datetime


def seconds(timestamp):
    """An event's timestamp (2026-11-26T18:00:00.000Z) in seconds since 1970."""
    return datetime.strptime(timestamp, "%Y-%m-%dT%H:%M:%S.%f%z").timestamp()


def percentile(values, fraction):
    """The nearest-rank percentile of sorted values."""
    index = max(0, min(len(values) - 1, int(round(fraction * len(values) + 0.5)) - 1))
    return values[index]


def main(records_file, ids_file, landfall_path, anchor_path):
    stored = [line.strip() for line in open(ids_file) if line.strip()]
    wanted = set(stored)
    arrivals = {landfall_path: [], anchor_path: []}
    for line in open(records_file):
        fields = line.split()
        if len(fields) == 5 and fields[0] in arrivals:
            arrivals[fields[0]].append((float(fields[1]), fields[2], fields[4]))

    def completion(path):
        """First arrivals by id, repeats, strangers, and when the set was complete (or None)."""
        first = {}
        repeats = 0
        strangers = 0
        completed = None
        for arrival, webhook_id, _ in sorted(arrivals[path]):
            if webhook_id not in wanted:
                strangers += 1
            elif webhook_id in first:
                repeats += 1
            else:
                first[webhook_id] = arrival
                if len(first) == len(wanted):
                    completed = arrival
        return first, repeats, strangers, completed

    out = {"stored": len(stored)}
    first, repeats, strangers, completed = completion(landfall_path)
    timestamps = {}
    for _, webhook_id, timestamp in arrivals[landfall_path]:
        timestamps.setdefault(webhook_id, seconds(timestamp))
    out["received"] = len(arrivals[landfall_path])
    out["missing"] = len(wanted) - len(first)
    out["repeats"] = repeats
    out["strangers"] = strangers
    if timestamps:
        first_stored = min(timestamps[i] for i in first) if first else None
        last_stored = max(timestamps[i] for i in first) if first else None
        out["first_stored"] = f"{first_stored:.3f}"
        out["stored_span_s"] = f"{last_stored - first_stored:.2f}"
        last_arrival = max(first.values())
        out["delivery_s"] = f"{(completed if completed else last_arrival) - first_stored:.2f}"
        out["complete"] = "yes" if completed else "no"
        latencies = sorted(first[i] - timestamps[i] for i in first)
        out["latency_p50_ms"] = f"{1000 * percentile(latencies, 0.50):.0f}"
        out["latency_p99_ms"] = f"{1000 * percentile(latencies, 0.99):.0f}"
        out["latency_max_ms"] = f"{1000 * latencies[-1]:.0f}"
        out["first_arrival_after_s"] = f"{min(first.values()) - first_stored:.2f}"
        out["span_s"] = f"{(completed if completed else last_arrival) - min(first.values()):.2f}"
        out["completed_at"] = f"{completed:.6f}" if completed else "none"
        out["after_last_stored_s"] = f"{(completed if completed else last_arrival) - last_stored:.2f}"
        # The delivery service takes 100 deliveries, attempts them 32 at a time, records the
        # attempts, then takes the next 100: consecutive hundreds of first arrivals are (nearly)
        # its batches. Time within them is sending; between them, recording and taking.
        ordered = sorted(first.values())
        within = between = 0.0
        for start in range(0, len(ordered), 100):
            chunk = ordered[start:start + 100]
            within += chunk[-1] - chunk[0]
            if start + 100 < len(ordered):
                between += ordered[start + 100] - chunk[-1]
        out["within_batches_s"] = f"{within:.2f}"
        out["between_batches_s"] = f"{between:.2f}"
    first, repeats, strangers, completed = completion(anchor_path)
    out["anchor_received"] = len(arrivals[anchor_path])
    out["anchor_missing"] = len(wanted) - len(first)
    out["anchor_repeats"] = repeats
    if first:
        end = completed if completed else max(first.values())
        out["anchor_s"] = f"{end - min(first.values()):.2f}"
    for key, value in out.items():
        print(f"{key}={value}")


if __name__ == "__main__":
    if len(sys.argv) != 5:
        sys.exit("usage: analyze.py RECORDS EVENT_IDS LANDFALL_PATH ANCHOR_PATH")
    main(*sys.argv[1:])
