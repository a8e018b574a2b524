#!/usr/bin/env python3
"""bench/hot_path_verdict.py: issue 34 item 2's targets, read from one `bench/run.sh apps` run.

Usage: hot_path_verdict.py OUTDIR CONNS ROUNDS

OUTDIR holds bench.sh's raw wrk outputs, one folder per table (app-search, app-trending, app-gif,
app-search-gzip, app-favorites, app-favorites-install): NAME.cCONNS.rROUND.txt. For each table and
connection count it prints gif-bff's req/s over its reference's (the median over rounds of each
round's ratio, as bench.sh does), met or not, against the targets:

  cached /search, /trending, /gif/{id} and gzip /search   >= 1.1x nginx serving the same bytes
  /favorites (20)                                          >= 2.0x Hummingbird
  an install's /favorites (its token)                      >= 0.95x the local one (no token)

Beside gif-bff stands the control, "nginx-again": the same nginx measured again in the same rounds
as if it were a contender. Its figures are what an entrant exactly as fast as nginx scores against
nginx on this machine in this run: how far apart one server lands from itself.

p99 is not a target of its own (issue 34): it is judged against the control's spread. Each table
shows gif-bff's p99 over the reference's (median over rounds of each round's ratio) and, beside it,
the control's, with the control's lowest and highest round: a gif-bff p99 ratio inside or near that
range is what nginx measured against itself scores too. No verdict is printed for p99.
"""
import re
import statistics
import sys

UNIT_MS = {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60000.0}

TABLES = [  # label, folder, contender, reference, target ratio
    ("/search", "app-search", "gif-bff", "nginx", 1.1),
    ("/trending", "app-trending", "gif-bff", "nginx", 1.1),
    ("/gif/{id}", "app-gif", "gif-bff", "nginx", 1.1),
    ("/search gzip", "app-search-gzip", "gif-bff", "nginx", 1.1),
    ("/favorites", "app-favorites", "gif-bff", "hb", 2.0),
    ("install /favorites", "app-favorites-install", "install", "local", 0.95),
]
CONTROL = "nginx-again"


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
    """Per-round ratios to the reference in the same round: (req/s ratios, p99 ratios), or None."""
    ratios, p99_ratios = [], []
    for r in range(1, rounds + 1):
        rps, p99 = figures(f"{folder}/{name}.c{conns}.r{r}.txt")
        ref_rps, ref_p99 = figures(f"{folder}/{reference}.c{conns}.r{r}.txt")
        if rps and ref_rps:
            ratios.append(rps / ref_rps)
        if p99 and ref_p99:
            p99_ratios.append(p99 / ref_p99)
    if not ratios:
        return None
    return ratios, p99_ratios


def p99_text(p99_ratios, spread):
    if not p99_ratios:
        return "-"
    text = f"{statistics.median(p99_ratios):.2f}"
    if spread:
        text += f" ({min(p99_ratios):.2f}..{max(p99_ratios):.2f})"
    return text


def main():
    outdir, conns_list, rounds = sys.argv[1], sys.argv[2].split(), int(sys.argv[3])
    met = {"gif-bff": [0, 0], CONTROL: [0, 0]}  # ratio targets met, of

    def ratio_text(who, ratios, target):
        ratio = statistics.median(ratios)
        met[who][0] += ratio >= target
        met[who][1] += 1
        return f"{ratio:.3f} {'met' if ratio >= target else 'not'}"

    print("req/s and p99 as ratios to the reference in the same round (medians over rounds); a p99 ratio "
          "below 1 is faster than the reference's. p99 has no target: read gif-bff's beside the control's, "
          "whose lowest..highest round is in parentheses.")
    print(f"{'answer':<19} {'conns':>5} {'reference':>9} {'target':>6} | {'gif-bff x ref':>13} {'p99 x ref':>9} | "
          f"{'nginx-again x ref':>17} {'p99 x ref (spread)':>20}")
    for conns in conns_list:
        for label, folder, contender, reference, target in TABLES:
            ours = compare(f"{outdir}/{folder}", contender, reference, conns, rounds)
            cells = (f"{ratio_text('gif-bff', ours[0], target):>13} {p99_text(ours[1], False):>9}" if ours
                     else f"{'-':>13} {'-':>9}")
            # The control stands beside nginx only.
            control = compare(f"{outdir}/{folder}", CONTROL, reference, conns, rounds) if reference == "nginx" else None
            control_cells = (f"{ratio_text(CONTROL, control[0], target):>17} {p99_text(control[1], True):>20}" if control
                             else f"{'':>17} {'':>20}")
            print(f"{label:<19} {conns:>5} {reference:>9} {target:>5.2f}x | {cells} | {control_cells}")
    print(f"gif-bff: req/s target met {met['gif-bff'][0]} of {met['gif-bff'][1]}")
    print(f"{CONTROL} (nginx against itself, judged by the same targets: how often the noise alone meets one): "
          f"met {met[CONTROL][0]} of {met[CONTROL][1]}")


if __name__ == "__main__":
    main()
