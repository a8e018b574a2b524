#!/usr/bin/env python3
"""bench/cpu_per_request.py: a server's CPU per request, split into user and system (issue 34 item 4).

Usage: cpu_per_request.py OUTDIR CONNS ROUNDS DURATION WARMUP TARGET...
  TARGET: ROW|CONTENDER|PIDS|HEADER|URL
    ROW        the request's label (a row of the table), e.g. "/search?q=cat"
    CONTENDER  who serves it (a column), e.g. gif-bff, nginx, transport
    PIDS       comma-separated PIDs; each counts with its direct children (nginx: master + workers)
    HEADER     one request header for wrk (e.g. "Accept-Encoding: gzip"), or empty
    URL        a loopback http URL
  PERF_EVENT   the perf event counted beside /proc (default instructions:u; "off": none)

For each of ROUNDS rounds, row by row, contender by contender (interleaved: the machine's drift
falls on all alike), a wrk warm-up of WARMUP s, then a measured `wrk -t2 -cCONNS -dDURATION`.
Around the measured run it reads utime and stime (fields 14 and 15 of /proc/PID/stat) of every
PID and its direct children, and divides each by the requests wrk completed: microseconds of user
and system CPU per request. The table holds the medians over rounds. If `perf stat -e PERF_EVENT`
works here, the servers are counted with it over the same run as well (per request); if it does
not (a VM without performance counters), the output says so and shows /proc only.

Beside the CPU, "other CPU" is the machine's user+system time (/proc/stat) during the measured
runs minus the server's and wrk's: processes outside the test. Where it is high, the round was
shared with someone else's work.
"""
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time

HZ = os.sysconf("SC_CLK_TCK")
LOOPBACK = re.compile(r"^http://(127\.[0-9]+\.[0-9]+\.[0-9]+|localhost|\[::1\])(:[0-9]+)?(/.*)?$")


def stat_fields(pid):
    """/proc/PID/stat from field 3 on (comm, field 2, may hold spaces and parentheses)."""
    with open(f"/proc/{pid}/stat") as f:
        text = f.read()
    return text[text.rindex(")") + 2:].split()


def with_children(pids):
    """PIDS and their direct children (as bench.sh counts them: nginx's master and workers)."""
    found = set(pids)
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                if int(stat_fields(entry)[1]) in pids:  # field 4: the parent's PID
                    found.add(int(entry))
            except (OSError, ValueError, IndexError):
                pass  # gone meanwhile
    return sorted(found)


def cpu_ticks(pids):
    """(utime, stime) in clock ticks, summed over PIDS and their direct children."""
    user = system = 0
    for pid in with_children(pids):
        try:
            fields = stat_fields(pid)
        except OSError:
            continue
        user += int(fields[11])    # field 14
        system += int(fields[12])  # field 15
    return user, system


def machine_busy_ticks():
    """user + nice + system ticks of all CPUs (irq/softirq left out: loopback traffic lands there)."""
    with open("/proc/stat") as f:
        fields = f.readline().split()
    return int(fields[1]) + int(fields[2]) + int(fields[3])


def children_cpu_seconds():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def perf_count(path):
    """The count in a `perf stat -x,` output file, or None if it counted nothing."""
    try:
        for line in open(path, errors="replace"):
            value = line.split(",")[0].strip()
            if re.fullmatch(r"[0-9]+(\.[0-9]+)?", value):
                return float(value)
    except OSError:
        pass
    return None


def perf_problem(event, scratch):
    """Why `perf stat -e EVENT` cannot count here, or None if it can."""
    out = os.path.join(scratch, "perf-probe.txt")
    try:
        subprocess.run(["perf", "stat", "-x,", "-o", out, "-e", event, "true"],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=30, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return "perf is not installed (apt-get install linux-perf)"
    if perf_count(out) is None:
        return f"`perf stat -e {event}` counts nothing on this machine (no performance counters?)"
    return None


def wrk_command(conns, seconds, header, url, latency):
    command = ["wrk", "-t2", f"-c{conns}", f"-d{seconds}s"]
    if header:
        command += ["-H", header]
    if latency:
        command.append("--latency")
    return command + [url]


def measure(target, conns, duration, out, event):
    """One measured run: requests, user and system ticks, event count (or None), other CPU %, req/s, errors."""
    row, contender, pids, header, url = target
    perf_out = out + ".perf"
    command = wrk_command(conns, duration, header, url, latency=True)
    if event:
        # perf runs wrk and counts the servers (-p) for exactly wrk's lifetime.
        pid_list = ",".join(str(p) for p in with_children(pids))
        command = ["perf", "stat", "-x,", "-o", perf_out, "-e", event, "-p", pid_list, "--"] + command
    user0, system0 = cpu_ticks(pids)
    machine0, client0, wall0 = machine_busy_ticks(), children_cpu_seconds(), time.monotonic()
    with open(out, "w") as f:
        subprocess.run(command, stdout=f, stderr=subprocess.STDOUT, timeout=duration + 60, check=False)
    wall, client = time.monotonic() - wall0, children_cpu_seconds() - client0
    machine = (machine_busy_ticks() - machine0) / HZ
    user1, system1 = cpu_ticks(pids)
    text = open(out, errors="replace").read()
    found = re.search(r"(\d+) requests in", text)
    requests = int(found.group(1)) if found else 0
    server = (user1 - user0 + system1 - system0) / HZ
    other = max(0.0, machine - server - client) / wall * 100
    count = perf_count(perf_out) if event else None
    rate = re.search(r"Requests/sec:\s+([0-9.]+)", text)
    # Answers that were not 2xx/3xx, and socket errors: CPU per such request says little.
    errors = sum(int(n) for line in re.findall(r"(?:Non-2xx or 3xx responses|Socket errors):.*", text)
                 for n in re.findall(r"\d+", line))
    return requests, user1 - user0, system1 - system0, count, other, float(rate.group(1)) if rate else None, errors


def parse_target(text):
    parts = text.split("|", 4)
    if len(parts) != 5:
        sys.exit(f"bad target (want ROW|CONTENDER|PIDS|HEADER|URL): {text}")
    row, contender, pids, header, url = parts
    if not LOOPBACK.match(url):
        sys.exit(f"refusing non-loopback or non-http URL: {url}")
    try:
        pid_list = [int(p) for p in pids.split(",")]
    except ValueError:
        sys.exit(f"bad PIDS in target: {text}")
    for pid in pid_list:
        if not os.path.exists(f"/proc/{pid}/stat"):
            sys.exit(f"no such process: {pid} ({contender})")
    return row, contender, pid_list, header, url


def per_request(value, requests):
    return value / requests if requests else None


def cell(value, spec):
    return "-" if value is None else format(value, spec)


def perf_cell(count):
    """An event count per request, short: 25.3k instructions, 0.0213 ms of task-clock."""
    if count is None:
        return "-"
    return f"{count / 1000:.1f}k" if count >= 1000 else f"{count:.3g}"


def above(value, reference):
    return value - reference if value is not None and reference is not None else None


def main():
    if len(sys.argv) < 7:
        sys.exit(__doc__)
    outdir, conns, rounds, duration, warmup = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
    if not (1 <= rounds <= 10 and 1 <= duration <= 60 and 0 <= warmup <= 30 and 1 <= conns <= 4096):
        sys.exit("ROUNDS 1..10, DURATION 1..60, WARMUP 0..30, CONNS 1..4096")
    targets = [parse_target(t) for t in sys.argv[6:]]
    rows = list(dict.fromkeys(t[0] for t in targets))
    contenders = list(dict.fromkeys(t[1] for t in targets))
    os.makedirs(outdir, exist_ok=True)
    event = os.environ.get("PERF_EVENT", "instructions:u")
    perf_note = ""
    if event == "off":
        event, perf_note = None, "perf: off (PERF_EVENT=off); /proc only"
    elif (problem := perf_problem(event, outdir)) is not None:
        event, perf_note = None, f"perf: {problem}; /proc only"

    results = {}  # (row, contender) -> per round: (user µs, system µs, event, per request; other CPU %, req/s, errors)
    for r in range(1, rounds + 1):
        for row in rows:
            for target in (t for t in targets if t[0] == row):
                contender, header, url = target[1], target[3], target[4]
                if warmup > 0:
                    subprocess.run(wrk_command(conns, warmup, header, url, latency=False), stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL, timeout=warmup + 30, check=False)
                name = re.sub(r"[^A-Za-z0-9]+", "_", f"{row}.{contender}").strip("_")
                requests, user, system, count, other, rate, errors = measure(
                    target, conns, duration, f"{outdir}/{name}.c{conns}.r{r}.txt", event)
                results.setdefault((row, contender), []).append(
                    (per_request(user * 1e6 / HZ, requests), per_request(system * 1e6 / HZ, requests),
                     per_request(count, requests) if count is not None else None, other, rate, errors))
                with open(f"{outdir}/progress.c{conns}.txt", "a") as progress:
                    print(f"round {r}/{rounds}  {row} {contender}: {requests} requests", file=progress)

    def median(row, contender, index):
        values = [x[index] for x in results.get((row, contender), []) if x[index] is not None]
        return statistics.median(values) if values else None

    print(f"CPU per request (µs; utime and stime from /proc/PID/stat over each measured run ÷ the requests wrk "
          f"completed), {conns} connections, wrk {duration} s after {warmup} s warm-up, medians of {rounds} interleaved round(s)")
    print(perf_note or f"perf: {event} per request (perf stat -p over the same run)")
    width = 23 if event else 15
    print(f"{'request':<20} | " + " | ".join(f"{c:^{width}}" for c in contenders))
    print(f"{'':<20} | " + " | ".join(f"{'user':>4} {'sys':>4} {'all':>5}" + (f" {'perf':>7}" if event else "")
                                       for _ in contenders))
    for row in rows:
        cells = []
        for contender in contenders:
            user, system, count = (median(row, contender, i) for i in range(3))
            total = user + system if user is not None and system is not None else None
            text = f"{cell(user, '.1f'):>4} {cell(system, '.1f'):>4} {cell(total, '.1f'):>5}"
            if event:
                text += f" {perf_cell(count):>7}"
            cells.append(f"{text:>{width}}")
        print(f"{row:<20} | " + " | ".join(cells))
    if "transport" in contenders:
        # What the request costs in user space beyond sending the same bytes through the transport.
        print("user µs above the transport alone:")
        for row in rows:
            print(f"  {row:<20} " + ", ".join(f"{c} {cell(above(median(row, c, 0), median(row, 'transport', 0)), '+.1f')}"
                                            for c in contenders if c != "transport"))
    print("req/s (medians):")
    for row in rows:
        print(f"  {row:<20} " + ", ".join(f"{c} {cell(median(row, c, 4), ',.0f')}" for c in contenders))
    errors = {f"{row} {c}": sum(x[5] for x in values) for (row, c), values in results.items() if any(x[5] for x in values)}
    print("non-2xx/3xx answers and socket errors: " + (", ".join(f"{k} {v}" for k, v in errors.items()) or "none"))
    others = [x[3] for values in results.values() for x in values]
    print(f"other processes' CPU during the measured runs: median {statistics.median(others):.0f}%, "
          f"max {max(others):.0f}% of one core")


if __name__ == "__main__":
    main()
