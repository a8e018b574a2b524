#!/usr/bin/env bash
# The web app's browser test (issue 13.7): Debian's chromium and chromium-driver (installed when
# missing), Selenium from PyPI in a venv, then Tests/browser/webapp_test.py against the debug
# build. Prints the screenshot folder. Bounded: a hang fails instead of stalling.
#   scripts/webapp-browser-test.sh            (builds first)
#   SKIP_BUILD=1 scripts/webapp-browser-test.sh
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v chromedriver >/dev/null 2>&1 || need+=(chromium-driver)
if [ ${#need[@]} -gt 0 ]; then
    echo "webapp-browser-test: installing ${need[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}"
fi

venv=${BROWSER_TEST_VENV:-/tmp/gif-bff-browser-venv}
if [ ! -x "$venv/bin/pip" ]; then
    rm -rf "$venv"
    python3 -m venv "$venv"
fi
"$venv/bin/python" -c 'import selenium' 2>/dev/null || "$venv/bin/pip" install -q --disable-pip-version-check selenium

if [ -z "${SKIP_BUILD:-}" ]; then
    swift build --product gif-bff
    swift build --product fake-giphy
fi
bin=$(swift build --show-bin-path)
export GIF_BFF_BIN="$bin/gif-bff" FAKE_GIPHY_BIN="$bin/fake-giphy"
export SCREENSHOT_DIR=${SCREENSHOT_DIR:-/tmp/gif-bff-webapp-screenshots}
rm -rf "$SCREENSHOT_DIR"
timeout --kill-after=10 180 "$venv/bin/python" Tests/browser/webapp_test.py
echo "webapp-browser-test: screenshots in $SCREENSHOT_DIR"
