#!/usr/bin/env bash
# The Python client (issue 35): generated from openapi.yaml by openapi-python-client, an app's
# flow (Clients/Python/app_flow.py) type-checked against it with mypy --strict, then run against
# two demo gif-bff servers, the default installs policy (no token) and `--installs required` (a
# token). Fails when generation, the type check or any step of the flow fails. Prints each
# part's time. Usage: scripts/python-client-check.sh
# Needs the tools of .ci/python-client-requirements.txt in $GIF_BFF_PYTHON_CLIENT_VENV
# (default /tmp/gif-bff-python-client-venv); .ci/run installs them.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/demo-server.sh

venv="${GIF_BFF_PYTHON_CLIENT_VENV:-/tmp/gif-bff-python-client-venv}"
for tool in openapi-python-client mypy python; do
    [ -x "$venv/bin/$tool" ] || { echo "python-client: $venv/bin/$tool is missing (.ci/run installs it)" >&2; exit 1; }
done

started=$(date +%s%3N)
lap=$started
elapsed() {
    local now; now=$(date +%s%3N)
    echo "python-client: [$1: $(( (now - lap) / 1000 )).$(printf '%03d' $(( (now - lap) % 1000 ))) s]"
    lap=$now
}

work_dir=$(mktemp -d /tmp/gif-bff-python-client.XXXXXX)
server_pid=""
other_server_pid=""
cleanup() {
    for pid in $server_pid $other_server_pid; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
    rm -rf "$work_dir"
}
trap cleanup EXIT
# TERM (CI's time limit) and INT end the script through the EXIT trap, which stops the servers.
trap 'exit 143' TERM
trap 'exit 130' INT

# Generation warns that it leaves out the two answers that are no JSON (the YAML document and
# the demo pictures): the client has no parser for those media types. Any other warning fails.
"$venv/bin/openapi-python-client" generate --path openapi.yaml --meta none --config Clients/Python/generator-config.yaml \
    --output-path "$work_dir/gif_bff_client" >"$work_dir/generate.log" 2>&1 || { cat "$work_dir/generate.log" >&2; exit 1; }
warnings=$(grep -c "^WARNING" "$work_dir/generate.log" || true)
if grep "^WARNING" "$work_dir/generate.log" | grep -v -e "GET /openapi.yaml" -e "GET /media/{provider}/{key}/{name}" | grep -q .; then
    echo "python-client: openapi-python-client warned about more than the two answers that are no JSON" >&2
    cat "$work_dir/generate.log" >&2
    exit 1
fi
echo "python-client: generated $(find "$work_dir/gif_bff_client" -name '*.py' | wc -l) files ($warnings expected warnings)"
elapsed generate

MYPYPATH="$work_dir" "$venv/bin/mypy" --config-file Clients/Python/mypy.ini --cache-dir "$work_dir/mypy-cache" Clients/Python/app_flow.py
elapsed "mypy --strict"

swift build --product gif-bff 2>&1 | tail -1
server_binary="$(swift build --show-bin-path)/gif-bff"
mkdir "$work_dir/optional" "$work_dir/required"
start_demo_server python-client "$server_binary" "$work_dir/optional" --log-level info
optional_url=$base_url
other_server_pid=$server_pid
start_demo_server python-client "$server_binary" "$work_dir/required" --log-level info --installs required
elapsed "servers"

PYTHONPATH="$work_dir" "$venv/bin/python" Clients/Python/app_flow.py "$optional_url" "$base_url"
elapsed "app flow"
now=$(date +%s%3N)
echo "python-client: total $(( (now - started) / 1000 )).$(printf '%03d' $(( (now - started) % 1000 ))) s"
