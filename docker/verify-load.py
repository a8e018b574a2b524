#!/usr/bin/env python3
"""A steady client for docker/verify-fleet.sh: GETs of one URL while an instance restarts.

    verify-load.py URL STOP_FILE [TOKEN]

One request after another on a keep-alive connection (a new one after any error or non-200),
with Host localhost and the install token if given, until STOP_FILE exists or for at most 120 s.
Prints "ANSWERED FAILED STATUS:COUNT ..." (a status, or the error's type for no answer).
"""
import http.client
import os
import sys
import time
import urllib.parse

url, stop_file = urllib.parse.urlsplit(sys.argv[1]), sys.argv[2]
headers = {"Host": "localhost"}
if len(sys.argv) > 3 and sys.argv[3]:
    headers["Authorization"] = f"Bearer {sys.argv[3]}"
answered, failed, statuses = 0, 0, {}
connection = None
deadline = time.monotonic() + 120
while not os.path.exists(stop_file) and time.monotonic() < deadline:
    try:
        connection = connection or http.client.HTTPConnection(url.hostname, url.port, timeout=10)
        connection.request("GET", url.path, headers=headers)
        response = connection.getresponse()
        response.read()
        key = str(response.status)
        if response.status != 200:
            connection.close()
            connection = None
    except (OSError, http.client.HTTPException) as error:
        key = type(error).__name__
        connection = None
    statuses[key] = statuses.get(key, 0) + 1
    if key == "200":
        answered += 1
    else:
        failed += 1
    time.sleep(0.01)
print(answered, failed, " ".join(f"{k}:{v}" for k, v in sorted(statuses.items())))
