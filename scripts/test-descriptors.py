#!/usr/bin/env python3
"""scripts/test-descriptors.py: the test process's open descriptors over one `swift test` run.

    scripts/test-descriptors.py                          the whole suite (building first, as swift test does)
    scripts/test-descriptors.py --skip-build --filter GifBFFAppTests    its arguments are swift test's
    INTERVAL=0.5 scripts/test-descriptors.py --skip-build               seconds between samples

Runs `swift test`, finds its XCTest process (the .xctest child) and every INTERVAL seconds counts
the links in /proc/PID/fd by kind (socket, pipe, eventfd, eventpoll, timerfd, file, ...); every
10th sample also counts its TCP sockets by state and its unix sockets (`ss -tanp` / `ss -xap`,
matched on pid=PID). Prints the count when each test class started (the last sample before its
start line: during the class before, at most INTERVAL earlier); then the peak (and the class
running then), and the last sample's kinds and socket states (taken just before the process
ended). Reads /proc only; starts nothing but swift test, which it waits for. A descriptor that a
test leaves open shows as a count that only grows from class to class (docs/testing.md).
"""
import collections
import os
import re
import subprocess
import sys
import threading
import time

INTERVAL = float(os.environ.get("INTERVAL", "0.5"))


def kind(link):
    if link.startswith("socket:"):
        return "socket"
    if link.startswith("pipe:"):
        return "pipe"
    if link.startswith("anon_inode:"):
        return link
    return "file"


def census(pid):
    """Descriptor kinds of pid, or None once it is gone."""
    directory = f"/proc/{pid}/fd"
    try:
        names = os.listdir(directory)
    except OSError:
        return None
    kinds = collections.Counter()
    for name in names:
        try:
            kinds[kind(os.readlink(f"{directory}/{name}"))] += 1
        except OSError:
            pass  # closed between the listing and the readlink
    return kinds


def socket_states(pid):
    """TCP sockets by state and the unix socket count, of pid's descriptors."""
    tag = f"pid={pid},"
    states = collections.Counter()
    try:
        tcp = subprocess.run(["ss", "-tanp"], capture_output=True, text=True, timeout=10).stdout
        unix = subprocess.run(["ss", "-xap"], capture_output=True, text=True, timeout=10).stdout
    except (OSError, subprocess.TimeoutExpired):
        return states
    for line in tcp.splitlines()[1:]:
        if tag in line:
            # One line per socket, each descriptor listed as users:(("name",pid=P,fd=F),...).
            states["tcp " + line.split()[0]] += 1
    states["unix"] = sum(line.count(tag) for line in unix.splitlines()[1:])
    return states


def xctest_child(parent):
    """The .xctest process below `parent` (swift test runs it as a child), or None."""
    try:
        output = subprocess.run(["ps", "-o", "pid=,args=", "--ppid", str(parent)], capture_output=True, text=True).stdout
    except OSError:
        return None
    for line in output.splitlines():
        pid, _, args = line.strip().partition(" ")
        if ".xctest" in args:
            return int(pid)
    return None


def main():
    # Line-buffered (stdbuf): piped, XCTest's lines would come in blocks, late, and each class's
    # count would be read after it had started.
    command = ["stdbuf", "-oL", "swift", "test"] + sys.argv[1:]
    test = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1)
    samples = []  # (time, pid, total)
    last = {}  # pid -> (kinds, states)
    done = threading.Event()

    def sample():
        tick = 0
        pid = None
        while not done.is_set():
            child = xctest_child(test.pid)
            if child:
                pid = child
            if pid:
                kinds = census(pid)
                if kinds is not None:
                    states = socket_states(pid) if tick % 10 == 0 else last.get(pid, (None, None))[1]
                    samples.append((time.monotonic(), pid, sum(kinds.values())))
                    last[pid] = (kinds, states)
                    tick += 1
            time.sleep(INTERVAL)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    classes = []  # (time, class name)
    failures = []
    suite = re.compile(r"Test Suite '([^']+)' started")
    for line in test.stdout:
        match = suite.search(line)
        if match and not match.group(1).endswith(".xctest") and match.group(1) not in ("All tests", "Selected tests"):
            classes.append((time.monotonic(), match.group(1)))
        if " failed (" in line or "error:" in line:
            failures.append(line.rstrip())
    status = test.wait()
    done.set()
    sampler.join()
    if not samples:
        print("no test process was sampled")
        return status or 1
    # The XCTest run is the process with the most samples (swift test may also run the binary for swift-testing).
    pid = collections.Counter(s[1] for s in samples).most_common(1)[0][0]
    run = [s for s in samples if s[1] == pid]
    print(f"swift test {' '.join(sys.argv[1:])}: exit {status}, {len(run)} samples of pid {pid} every {INTERVAL} s")
    print("open descriptors when each test class started:")
    for started, name in classes:
        before = [s[2] for s in run if s[0] <= started]
        print(f"  {before[-1] if before else '-':>6}  {name}")
    peak = max(run, key=lambda s: s[2])
    during = [name for started, name in classes if started <= peak[0]]
    print(f"peak: {peak[2]} (during {during[-1] if during else '-'}); last sample: {run[-1][2]}")
    kinds, states = last[pid]
    print("last sample by kind: " + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())))
    if states:
        print("last socket states (up to 10 samples earlier): " + ", ".join(f"{k} {v}" for k, v in sorted(states.items())))
    for line in failures[:20]:
        print("  " + line)
    return status


if __name__ == "__main__":
    sys.exit(main())
