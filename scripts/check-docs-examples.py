#!/usr/bin/env python3
"""Every request/answer example in README.md and docs/*.md, run against a demo gif-bff.

    scripts/check-docs-examples.py BINARY [FILE.md ...]

An example is a fenced `sh` block whose last command is a `curl` of `localhost:8080`, followed at
once by a fenced `json` block (the answer's body) or `http` block (status line, headers, a blank
line, the body). Earlier commands of the block that name `localhost:8080` run first, in the same
shell, unchecked: they set the scene (and may set a variable the last one uses).
Each file gets a fresh demo server (no keys, its own database, a free port), and its examples run
in the order they are written, so one can add a favorite and the next list it.

An `http` block shows what `curl -i` prints, so its command must print the head too (`-i`,
`--include`, `-I`, `--head`, or `-D -`); a curl without one prints the body alone, which a `json`
block (or an `http` block of the body alone) shows.
The answer's shape is compared, not its values (ids, times and random picks change): the status
(when an `http` block shows it), the header names it shows, and for a JSON body every key the
example shows must be in the answer with a value of the same JSON type, recursively (arrays:
each element shown against the answer's element at that place, or its first). An example may
leave keys out; it may not show one the answer lacks. A body that is not JSON is compared by its
first line.

Comments steer it, each on a line of its own before an example:
    <!-- docs-check: flags --spotlight-minutes 1 -->   restart the server with these flags
    <!-- docs-check: fake-giphy -->                     and with fake-giphy as its own process (the
                                                       binary beside gif-bff) as GIPHY; the examples
                                                       reach the fake as localhost:9090
    <!-- docs-check: skip REASON -->                    do not run the next example; REASON is printed
It also checks that every relative link of those pages leads to a file, and an anchor to a heading.
Exits 1 when an example's answer differs or a link is broken, and prints each example's result.
"""
import json
import os
import re
import shlex
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

FENCE = re.compile(r"^```(\w*)\s*$")
DIRECTIVE = re.compile(r"^<!--\s*docs-check:\s*([\w-]+)\s*(.*?)\s*-->\s*$")


def blocks(path):
    """(kind, language, text, line) for fenced blocks and docs-check comments, in order."""
    lines = open(path, encoding="utf-8").read().split("\n")
    found, index = [], 0
    while index < len(lines):
        line = lines[index]
        directive = DIRECTIVE.match(line)
        if directive:
            found.append(("directive", directive.group(1), directive.group(2), index + 1))
        fence = FENCE.match(line)
        if fence:
            start, body = index, []
            index += 1
            while index < len(lines) and not lines[index].startswith("```"):
                body.append(lines[index])
                index += 1
            found.append(("block", fence.group(1), "\n".join(body), start + 1))
        index += 1
    return found


def examples(path):
    """(commands, expected language, expected text, line, skip reason, flags) for each example."""
    items, pending_skip, flags = [], None, []
    found = blocks(path)
    for position, (kind, language, text, line) in enumerate(found):
        if kind == "directive":
            if language == "skip":
                pending_skip = text or "no reason given"
            elif language == "flags":
                flags = shlex.split(text)
            elif language == "fake-giphy":
                flags = ["fake-giphy"] + [f for f in flags if f != "fake-giphy"]
            continue
        if language != "sh" or position + 1 >= len(found):
            continue
        following = found[position + 1]
        if following[0] != "block" or following[1] not in ("json", "http"):
            continue
        commands = shell_commands(text)
        if not commands or not commands[-1].startswith("curl ") or "localhost:8080" not in commands[-1]:
            continue
        items.append((commands, following[1], following[2], line, pending_skip, list(flags)))
        pending_skip = None
    return items


def prints_head(command):
    """Whether a curl command prints the status line and headers, as an `http` block shows them."""
    try:
        words = shlex.split(command)
    except ValueError:
        return False
    for index, word in enumerate(words):
        following = words[index + 1] if index + 1 < len(words) else ""
        if word in ("--include", "--head", "-i", "-I") or (word in ("-D", "--dump-header") and following in ("-", "/dev/stdout")):
            return True
        # Short flags run together (-si, -sSi); -D or -H ends the run, taking the rest as its value.
        if re.match(r"^-[A-Za-z]+$", word):
            letters = re.split(r"[DHodXuAebrwFmTxzUKYyEcC]", word[1:], maxsplit=1)[0]
            if "i" in letters or "I" in letters:
                return True
    return False


def shell_commands(text):
    """The commands of a shell block: continuation lines joined, comments and blank lines dropped."""
    commands, current = [], ""
    for raw in text.split("\n"):
        line = raw.rstrip()
        if not current and (not line.strip() or line.lstrip().startswith("#")):
            continue
        if line.endswith("\\"):
            current += line[:-1] + " "
            continue
        current += line
        commands.append(re.sub(r"\s+#[^'\"]*$", "", current).strip())
        current = ""
    return commands


def start(arguments, log_path, pattern):
    """Starts a server that prints its URL once listening; (process, the URL's group 1)."""
    log = open(log_path, "w+")
    env = {k: v for k, v in os.environ.items() if k not in ("GIPHY_API_KEY", "UNSPLASH_ACCESS_KEY")}
    process = subprocess.Popen(arguments, stdout=log, stderr=subprocess.STDOUT, env=env)
    deadline = time.time() + 15
    while time.time() < deadline:
        log.seek(0)
        match = re.search(pattern, log.read())
        if match:
            return process, match.group(1)
        time.sleep(0.1)
    stop(process)
    raise SystemExit(f"docs-check: {arguments[0]} did not start:\n" + open(log_path).read())


def stop(process):
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()


class Server:
    """A demo gif-bff; with "fake-giphy" among the flags, GIPHY is that fake as its own process."""
    def __init__(self, binary, flags):
        work = tempfile.mkdtemp(prefix="gif-bff-docs.")
        self.fake, self.fake_base = None, None
        if "fake-giphy" in flags:
            flags = [f for f in flags if f != "fake-giphy"]
            self.fake, fake_url = start([os.path.join(os.path.dirname(binary), "fake-giphy"), "--port", "0"],
                                        os.path.join(work, "fake.log"), r"listening on (http://127\.0\.0\.1:\d+/v1)")
            self.fake_base = fake_url[:-len("/v1")]
            flags = ["--giphy-api-key", "fake-giphy-key", "--giphy-base-url", fake_url, *flags]
        # No drain on SIGTERM: it gives a balancer time to move away, and these servers have none
        # (with the default 5 s, every stop below cost 5 s: the check took 48 s instead of 3).
        self.process, self.base = start(
            [binary, "--host", "127.0.0.1", "--port", "0", "--database", os.path.join(work, "db.sqlite3"),
             "--drain-seconds", "0", *flags],
            os.path.join(work, "server.log"), r"url=(http://127\.0\.0\.1:\d+)")

    def stop(self):
        stop(self.process)
        if self.fake:
            stop(self.fake)


def run(commands, base, fake_base=None):
    """Runs an example's commands in one shell (so a variable set by one reaches the next) against
    `base`: the earlier ones quietly, the last one, a curl, with its head shown. Only commands
    that talk to the server run (starting a server is the checker's job). (status, headers, body)"""
    if fake_base:
        commands = [c.replace("http://localhost:9090", fake_base).replace("localhost:9090", fake_base) for c in commands]
    commands = [c.replace("http://localhost:8080", base).replace("localhost:8080", base) for c in commands
                if "localhost:8080" in c or (fake_base and fake_base in c)]
    last = commands[-1]
    script = "".join(f"{command} >/dev/null 2>&1\n" for command in commands[:-1])
    script += "curl -sS -i " + last[len("curl "):] + "\n"
    result = subprocess.run(["bash", "-c", script], capture_output=True, timeout=30)
    raw = result.stdout
    # curl -i prints every head it got (a 100 Continue first, say): the last one is the answer's.
    while True:
        head, _, body = raw.partition(b"\r\n\r\n")
        if not head.startswith(b"HTTP/"):
            return None, {}, raw
        status = int(head.split(b" ")[1])
        if status == 100 and body.startswith(b"HTTP/"):
            raw = body
            continue
        headers = {}
        for line in head.split(b"\r\n")[1:]:
            name, _, value = line.partition(b":")
            headers[name.decode().strip().lower()] = value.decode().strip()
        return status, headers, body


def shape_differences(shown, answer, path="$"):
    if isinstance(shown, dict):
        if not isinstance(answer, dict):
            return [f"{path}: the example shows an object, the answer has {type_name(answer)}"]
        found = []
        for key, value in shown.items():
            if key not in answer:
                found.append(f"{path}.{key}: shown in the example, absent from the answer")
            else:
                found += shape_differences(value, answer[key], f"{path}.{key}")
        return found
    if isinstance(shown, list):
        if not isinstance(answer, list):
            return [f"{path}: the example shows an array, the answer has {type_name(answer)}"]
        found = []
        for index, value in enumerate(shown):
            if not answer:
                return [f"{path}: the example shows elements, the answer's array is empty"]
            found += shape_differences(value, answer[index] if index < len(answer) else answer[0], f"{path}[{index}]")
        return found
    if type_name(shown) != type_name(answer):
        return [f"{path}: the example shows {type_name(shown)}, the answer has {type_name(answer)}"]
    return []


def type_name(value):
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    return {str: "a string", list: "an array", dict: "an object"}[type(value)]


def compare(language, expected, status, headers, body):
    problems = []
    if language == "http":
        head, _, shown_body = expected.partition("\n\n")
        lines = head.split("\n")
        shown_status = int(lines[0].split()[1])
        if shown_status != status:
            problems.append(f"status: the example shows {shown_status}, the answer is {status}")
        for line in lines[1:]:
            name = line.partition(":")[0].strip().lower()
            if name and name not in headers and name != "date":
                problems.append(f"header {name}: shown in the example, absent from the answer")
    else:
        shown_body = expected
    shown_body = shown_body.strip()
    if not shown_body:
        if body.strip():
            problems.append("the example shows no body, the answer has one")
        return problems
    try:
        shown = json.loads(shown_body)
    except ValueError:
        shown = None
    if shown is None:
        first = shown_body.split("\n")[0]
        if not body.decode("utf-8", "replace").startswith(first):
            problems.append(f"body: the example starts {first!r}, the answer {body[:60]!r}")
        return problems
    try:
        answer = json.loads(body)
    except ValueError:
        return problems + [f"body: the example shows JSON, the answer is not JSON: {body[:80]!r}"]
    return problems + shape_differences(shown, answer)


def slug(heading):
    """GitHub's anchor for a heading: lowercase, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"[`*_]", "", heading.strip().lower())
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def broken_links(path):
    """Links to files or headings of this repository that lead nowhere."""
    found = []
    text = open(path, encoding="utf-8").read()
    text_without_code = re.sub(r"```.*?```", "", text, flags=re.S)
    for target in re.findall(r"\]\(([^)\s]+)\)", text_without_code):
        if re.match(r"^[a-z]+:", target):
            continue
        file_part, _, anchor = target.partition("#")
        linked = os.path.normpath(os.path.join(os.path.dirname(path), file_part)) if file_part else path
        if not os.path.exists(linked):
            found.append(f"{path}: link to {target}: no such file")
            continue
        if anchor and linked.endswith(".md"):
            headings = re.findall(r"^#+ (.+)$", re.sub(r"```.*?```", "", open(linked, encoding="utf-8").read(), flags=re.S), flags=re.M)
            if anchor not in {slug(h) for h in headings}:
                found.append(f"{path}: link to {target}: no such heading")
    return found


def main():
    if len(sys.argv) < 2:
        raise SystemExit(__doc__)
    binary = sys.argv[1]
    files = sys.argv[2:] or ["README.md"] + sorted(
        os.path.join("docs", name) for name in os.listdir("docs") if name.endswith(".md"))
    checked = failed = skipped = 0
    links = [problem for path in files for problem in broken_links(path)]
    for problem in links:
        print(f"FAIL {problem}")
    for path in files:
        found = examples(path)
        if not found:
            continue
        server, server_flags = None, None
        try:
            for commands, language, expected, line, skip, flags in found:
                where = f"{path}:{line}"
                if skip:
                    skipped += 1
                    print(f"skip {where}: {skip}")
                    continue
                if server is None or flags != server_flags:
                    if server:
                        server.stop()
                    server, server_flags = Server(binary, flags), flags
                status, headers, body = run(commands, server.base, server.fake_base)
                problems = compare(language, expected, status, headers, body)
                if language == "http" and expected.startswith("HTTP/") and not prints_head(commands[-1]):
                    problems.append("the example shows a status line and headers; its command prints the body alone (add -i)")
                checked += 1
                if problems:
                    failed += 1
                    print(f"FAIL {where}: {commands[-1]}")
                    for problem in problems:
                        print(f"     {problem}")
                else:
                    print(f"ok   {where}: {commands[-1]}")
        finally:
            if server:
                server.stop()
    print(f"docs-check: {checked} examples run, {failed} differ, {skipped} skipped; {len(links)} broken links")
    return 1 if failed or links or not checked else 0


if __name__ == "__main__":
    sys.exit(main())
