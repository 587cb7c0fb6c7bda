"""The anchor of the QR code benchmark: segno, a widely used pure-Python QR encoder, timed on the
same payloads and cases as the Swift benchmark (Benchmarks/Benchmarks/QRCode), case names alike.

    python anchor.py [SECONDS_PER_CASE]      # run.sh runs it in a venv with segno installed

For each case it prints one tab-separated line:
    name  median_ns  min_ns  p90_ns  repeats  number  version  mask
where the times are per code: timeit runs the case `number` times in a row, `repeats` times,
each repeat's time divided by `number`; the median of the repeats is the figure compared.
`number` is chosen so that one repeat takes about 20 ms, and `repeats` so that a case takes
about SECONDS_PER_CASE (2 by default; at least 15 repeats, at most 1,000), so the run is bounded.

segno is asked for what LandfallQR does: byte mode (mode='byte', the payload given as bytes, so
no ECI and no other mode), the level asked for and no higher (boost_error=False; segno raises the
level by default when the version has room), the smallest version (checked against payloads.txt),
all eight masks scored by the standard's penalty rules (segno's default), and drawings at 8
pixels per module with a 4-module quiet zone (scale=8, border=4), into an in-memory buffer.
"""

import io
import pathlib
import statistics
import sys
import timeit

import segno

WORST_CASE_BYTES = 1273  # version 40-H in byte mode
LEVELS = "LMQH"


def payloads():
    """name -> (versions at L, M, Q, H; bytes), from payloads.txt, plus the worst case."""
    named = {}
    for line in (pathlib.Path(__file__).parent / "payloads.txt").read_text("utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        name, versions, text = line.split(" ", 2)
        named[name] = ([int(v) for v in versions.split(",")], text.encode("utf-8"))
    long = named["long"][1]
    named["worst"] = ([None, None, None, 40], (long * (WORST_CASE_BYTES // len(long) + 1))[:WORST_CASE_BYTES])
    return named


def varied_links(link, count):
    """`count` copies of `link` with different 7-character slugs, as QRCodePayloads.swift draws them."""
    alphabet = b"ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789"
    state = 0x9E3779B97F4A7C15
    links = []
    for _ in range(count):
        slug = bytearray()
        for _ in range(7):
            state = (state * 6364136223846793005 + 1442695040888963407) & 0xFFFFFFFFFFFFFFFF
            slug.append(alphabet[(state >> 33) % len(alphabet)])
        links.append(link[:-7] + bytes(slug))
    return links


def encode(data, level):
    return segno.make_qr(data, error=level.lower(), mode="byte", boost_error=False)


def drawn(qr, kind):
    out = io.BytesIO()
    qr.save(out, kind=kind, scale=8, border=4)
    return out


def measure(function, seconds):
    """Per-code times in ns of `repeats` repeats, and the number of calls per repeat."""
    function()
    once = timeit.timeit(function, number=1)
    number = max(1, round(0.02 / max(once, 1e-9)))
    repeats = min(1000, max(15, round(seconds / max(once * number, 1e-9))))
    times = timeit.repeat(function, number=number, repeat=repeats)
    return sorted(t / number * 1e9 for t in times), number


def main():
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 2.0
    named = payloads()
    cases = []
    for name in ("short", "long"):
        versions, data = named[name]
        for index, level in enumerate(LEVELS):
            cases.append((f"encode {name} {level}", data, level, versions[index], lambda d=data, l=level: encode(d, l)))
    worst = named["worst"][1]
    cases.append(("encode worst H", worst, "H", 40, lambda: encode(worst, "H")))
    for name in ("short", "long"):
        versions, data = named[name]
        qr = encode(data, "M")
        for kind in ("svg", "png"):
            cases.append((f"{kind} {name} M", data, "M", versions[1], lambda q=qr, k=kind: drawn(q, k)))
    worst_qr = encode(worst, "H")
    cases.append(("png worst H", worst, "H", 40, lambda: drawn(worst_qr, "png")))
    short = named["short"][1]
    cases.append(("encode+png short M", short, "M", named["short"][0][1], lambda: drawn(encode(short, "M"), "png")))

    varied = varied_links(short, 1024)
    turn = iter(range(1 << 62))
    cases.append(("encode varied M", short, "M", named["short"][0][1], lambda: encode(varied[next(turn) % 1024], "M")))
    cases.append(("encode+png varied M", short, "M", named["short"][0][1], lambda: drawn(encode(varied[next(turn) % 1024], "M"), "png")))
    if any(encode(link, "M").version != named["short"][0][1] for link in varied):
        sys.exit("error: segno made another version for one of the varied short links")

    for name, data, level, version, function in cases:
        qr = encode(data, level)
        if qr.version != version or qr.mode != "byte" or qr.error != level:
            sys.exit(f"error: segno made {qr.designator} in {qr.mode} mode for {name}, expected version {version}-{level} in byte mode")
        times, number = measure(function, seconds)
        p90 = times[min(len(times) - 1, int(0.9 * len(times)))]
        print(f"{name}\t{statistics.median(times):.0f}\t{times[0]:.0f}\t{p90:.0f}\t{len(times)}\t{number}\t{qr.version}\t{qr.mask}", flush=True)


if __name__ == "__main__":
    main()
