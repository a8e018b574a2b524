#!/usr/bin/env python3
"""bench/hot_path_verdict.py: issue 24 item 3's targets, read from one `bench/run.sh apps` run.

Usage: hot_path_verdict.py OUTDIR CONNS ROUNDS

OUTDIR holds bench.sh's raw wrk outputs, one folder per table (app-search, app-trending, app-gif,
app-search-gzip, app-favorites): NAME.cCONNS.rROUND.txt. For each table and connection count it
prints gif-bff's req/s over its reference's (the median over rounds of each round's ratio, as
bench.sh does) and both medians of p99, with the targets: >= 0.9x nginx serving the same bytes,
>= 1.5x Hummingbird for /favorites, and a p99 no worse than the reference's.

Beside gif-bff stands the control, "nginx-again": the same nginx measured again in the same rounds
as if it were a contender. Its figures are what an entrant exactly as fast as nginx scores against
nginx on this machine in this run: how far apart one server lands from itself.
"""
import re
import statistics
import sys

UNIT_MS = {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60000.0}


def figures(path):
    """req/s and p99 (ms) of one wrk --latency output; None where it printed none."""
    rps = p99 = None
    try:
        lines = open(path, errors="replace").read().splitlines()
    except OSError:
        return None, None
    for line in lines:
        s = line.strip()
        if s.startswith("Requests/sec:"):
            rps = float(s.split()[1])
        elif re.match(r"^99(\.0+)?%\s", s):
            m = re.fullmatch(r"([0-9.]+)(us|ms|s|m)", s.split()[1])
            if m:
                p99 = float(m.group(1)) * UNIT_MS[m.group(2)]
    return rps, p99


def compare(folder, name, reference, conns, rounds):
    """(median ratio of req/s, median p99 of name, median p99 of reference), or None if missing."""
    ratios, p99s, ref_p99s = [], [], []
    for r in range(1, rounds + 1):
        rps, p99 = figures(f"{folder}/{name}.c{conns}.r{r}.txt")
        ref_rps, ref_p99 = figures(f"{folder}/{reference}.c{conns}.r{r}.txt")
        if rps and ref_rps:
            ratios.append(rps / ref_rps)
        if p99 is not None:
            p99s.append(p99)
        if ref_p99 is not None:
            ref_p99s.append(ref_p99)
    if not ratios or not p99s or not ref_p99s:
        return None
    return statistics.median(ratios), statistics.median(p99s), statistics.median(ref_p99s)


def main():
    outdir, conns_list, rounds = sys.argv[1], sys.argv[2].split(), int(sys.argv[3])
    tables = [  # label, folder, reference, target ratio
        ("/favorites", "app-favorites", "hb", 1.5),
        ("/search", "app-search", "nginx", 0.9),
        ("/trending", "app-trending", "nginx", 0.9),
        ("/gif/{id}", "app-gif", "nginx", 0.9),
        ("/search gzip", "app-search-gzip", "nginx", 0.9),
    ]
    contenders = ["gif-bff", "nginx-again"]
    met = {who: {"ratio": [0, 0], "p99": [0, 0]} for who in contenders}  # met, of

    def judged(who, result, target):
        """The two cells of one contender: its ratio and its p99 beside the reference's, each met or not."""
        if result is None:
            return "-", "-"
        ratio, p99, ref_p99 = result
        for kind, ok in (("ratio", ratio >= target), ("p99", p99 <= ref_p99)):
            met[who][kind][0] += ok
            met[who][kind][1] += 1
        return (f"{ratio:.3f} {'met' if ratio >= target else 'not'}",
                f"{p99:.2f}/{ref_p99:.2f} {'met' if p99 <= ref_p99 else 'not'}")

    print(f"{'answer':<13} {'conns':>5} {'reference':>9} | {'gif-bff x ref':>17} {'p99 ms / ref':>17} | "
          f"{'nginx-again x ref':>17} {'p99 ms / ref':>17}")
    for conns in conns_list:
        for label, folder, reference, target in tables:
            cells = []
            for who in contenders:
                # The control stands beside nginx only.
                present = who == "gif-bff" or reference == "nginx"
                result = compare(f"{outdir}/{folder}", who, reference, conns, rounds) if present else None
                ratio_text, p99_text = judged(who, result, target) if present else ("", "")
                cells.append(f"{ratio_text:>17} {p99_text:>17}")
            print(f"{label:<13} {conns:>5} {reference:>9} | " + " | ".join(cells))
    for who in contenders:
        (ratios, ratio_count), (p99s, p99_count) = met[who]["ratio"], met[who]["p99"]
        print(f"{who}: req/s target met {ratios} of {ratio_count}, p99 no worse than the reference's {p99s} of {p99_count}")


if __name__ == "__main__":
    main()
