#!/usr/bin/env python3
"""Sockets that send nothing, from one address, against everyone else (issue 44 item 1).

A keep-alive client from 127.0.0.3 asks a cached search and keeps its connection. Then the
attacker, from 127.0.0.2, opens SILENT connections as fast as it can and sends nothing on any
(each refused one, 429 or 503 or a close, is counted). Then NEW clients, each from its own
address (127.0.0.10, .11, ...), connect and ask the same search; last the keep-alive client asks
again on the connection it had. Prints what each got, how fast, and how many of the attacker's
sockets the server still held.
Usage: silent_lockout.py PORT [SILENT [NEW]]. Loopback only, bounded in count and time.
"""
import resource
import select
import socket
import statistics
import sys
import time

from http_response import read_response

PATH = b"/search?q=cats&limit=24"
REQUEST = b"GET " + PATH + b" HTTP/1.1\r\nHost: localhost\r\n\r\n"


def connect(port, source, timeout=10):
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.settimeout(timeout)
    sock.bind((source, 0))
    sock.connect(("127.0.0.1", port))
    return sock


def ask(sock):
    started = time.perf_counter()
    try:
        sock.sendall(REQUEST)
        status = read_response(sock)
    except OSError:
        status = 0
    return status, (time.perf_counter() - started) * 1000


def held_open(socks):
    """How many of `socks` the server has neither answered nor closed."""
    poller = select.poll()
    for sock in socks:
        poller.register(sock, select.POLLIN)
    ready = {fd for fd, _ in poller.poll(0)}
    return sum(1 for sock in socks if sock.fileno() not in ready)


def main():
    port = int(sys.argv[1])
    silent = int(sys.argv[2]) if len(sys.argv) > 2 else 4100
    new = int(sys.argv[3]) if len(sys.argv) > 3 else 50
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))

    keep_alive = connect(port, "127.0.0.3")
    status, _ = ask(keep_alive)
    print(f"keep-alive client (127.0.0.3), first request: {status}")

    attacker = []
    started = time.perf_counter()
    failed = 0
    for _ in range(silent):
        try:
            attacker.append(connect(port, "127.0.0.2", timeout=2))
        except OSError:
            failed += 1
    elapsed = time.perf_counter() - started
    time.sleep(0.5)
    print(f"attacker (127.0.0.2): {len(attacker)} sockets connected in {elapsed:.2f} s "
          f"({failed} connects failed); still held by the server after 0.5 s: {held_open(attacker)}")

    statuses = {}
    millis = []
    clients = []
    for index in range(new):
        try:
            sock = connect(port, f"127.0.0.{10 + index % 200}")
            clients.append(sock)
            status, ms = ask(sock)
        except OSError:
            status, ms = 0, 0.0
        statuses[status] = statuses.get(status, 0) + 1
        millis.append(ms)
    print(f"{new} new clients from other addresses: " +
          ", ".join(f"{count} x {status or 'closed'}" for status, count in sorted(statuses.items())) +
          f"; median {statistics.median(millis):.2f} ms, slowest {max(millis):.2f} ms")

    status, ms = ask(keep_alive)
    print(f"keep-alive client, second request on the same connection: {status or 'closed'} ({ms:.2f} ms)")
    print(f"attacker sockets still held by the server at the end: {held_open(attacker)}")
    for sock in attacker + clients + [keep_alive]:
        sock.close()


if __name__ == "__main__":
    main()
