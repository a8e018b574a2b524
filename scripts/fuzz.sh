#!/usr/bin/env bash
# scripts/fuzz.sh TARGET SECONDS: builds one libFuzzer target with AddressSanitizer and runs it.
#
#   scripts/fuzz.sh http-request 60      the request decoder, one minute
#   scripts/fuzz.sh request-target 60    request targets: path segments, query, percent decoding
#   scripts/fuzz.sh giphy-response 60    GIPHY's answers read into our GIF, and written back
#   scripts/fuzz.sh unsplash-response 60 Unsplash's answers read into our item, and written back
#   scripts/fuzz.sh klipy-response 60    KLIPY's answers read into our item, and written back
#   scripts/fuzz.sh pexels-response 60   Pexels' answers read into our item, and written back
#   scripts/fuzz.sh json-body 60         the JSON request body, as POST /favorites reads it
#   scripts/fuzz.sh list                 the targets
#   RUNS=10000000 scripts/fuzz.sh http-request 0    a fixed number of executions instead of a time
#
# A target is Fuzz/TARGET/main.swift (the harness, with its invariants) compiled together with the
# sources it tests (listed below), so it needs no package build. Fuzz/TARGET/seeds holds the
# committed seed corpus; what the fuzzer finds on top goes to a scratch corpus under /tmp and is
# never committed. A crash leaves its input in $FUZZ_WORK/TARGET/ and the script exits non-zero.
set -euo pipefail
cd "$(dirname "$0")/.."

# Drops the files that need libcurl or epoll (C modules a single swiftc call does not have).
without_transport() {
    grep -v -E '/(CurlLoop|CurlTransfer|CallDeadlines|TransferFailure\+Curl|UpstreamCall|UpstreamTransport|GiphyClient|GiphyClient\+Analytics|UnsplashClient|KlipyClient|PexelsClient)\.swift$' | sort
}

# The small modules everything else stands on (ASCII, Primitives, JSON) go into every target.
sources_of() {
    ls Sources/ASCII/*.swift Sources/Primitives/*.swift Sources/JSON/*.swift
    case "$1" in
        http-request)
            ls Sources/HTTPServer/Parsing/*.swift Sources/HTTPServer/Messages/*.swift Sources/HTTPServer/Routing/*.swift Sources/HTTPServer/Server/HTTPLimits.swift ;;
        request-target)
            ls Sources/HTTPServer/Parsing/*.swift Sources/HTTPServer/Messages/*.swift Sources/HTTPServer/Routing/*.swift Sources/HTTPServer/Server/HTTPLimits.swift ;;
        # Decoding and mapping only: the libcurl transport and the client classes on it are left out.
        # Paging a page read (Fuzz/shared) needs the features' PageAnswer and DeckDraw, and the gateway's Fetched.
        giphy-response)
            find Sources/Model Sources/Wire Sources/Gateway Sources/Service Sources/Providers/Shared/HTTP Sources/Providers/Giphy/Client -name '*.swift' | without_transport ;;
        unsplash-response)
            find Sources/Model Sources/Wire Sources/Gateway Sources/Service Sources/Providers/Shared/HTTP Sources/Providers/Unsplash/Client -name '*.swift' | without_transport ;;
        klipy-response)
            find Sources/Model Sources/Wire Sources/Gateway Sources/Service Sources/Providers/Shared/HTTP Sources/Providers/Klipy/Client -name '*.swift' | without_transport ;;
        pexels-response)
            find Sources/Model Sources/Wire Sources/Gateway Sources/Service Sources/Providers/Shared/HTTP Sources/Providers/Pexels/Client -name '*.swift' | without_transport ;;
        json-body)
            ls Sources/HTTPServer/Parsing/*.swift Sources/HTTPServer/Messages/*.swift Sources/HTTPServer/Routing/*.swift \
                Sources/HTTPServer/Server/HTTPLimits.swift Sources/API/Inputs/JSONBody.swift
            find Sources/Model -name '*.swift' | sort ;;
        *) return 1 ;;
    esac
}
TARGETS="http-request request-target giphy-response unsplash-response klipy-response pexels-response json-body"

target="${1:-}"; seconds="${2:-}"
if [ "$target" = list ]; then echo "$TARGETS"; exit 0; fi
if [ -z "$target" ] || [ -z "$seconds" ] || ! sources_of "$target" >/dev/null 2>&1 || ! [[ "$seconds" =~ ^[0-9]+$ ]]; then
    echo "usage: scripts/fuzz.sh TARGET SECONDS   (targets: $TARGETS)" >&2
    exit 2
fi

work="${FUZZ_WORK:-/tmp/gif-bff-fuzz}/$target"
mkdir -p "$work/corpus" "$work/artifacts"
binary="$work/fuzz-$target"
# The sources of several of our modules are compiled as one module: their imports of each other go.
rm -rf "$work/src" && mkdir -p "$work/src"
index=0
# What several targets check alike (Fuzz/shared) goes into those that read upstream pages.
shared=""
case "$target" in giphy-response|unsplash-response|klipy-response|pexels-response) shared="Fuzz/shared/PagingCheck.swift" ;; esac
for file in $(sources_of "$target") $shared "Fuzz/$target/main.swift"; do
    index=$((index + 1))
    grep -vE '^(@testable )?import (Service|Model|Wire|Gateway|GiphyClient|ProviderHTTP|UnsplashClient|KlipyClient|PexelsClient|HTTPServer|CSystemShims|ASCII|Primitives|JSON)$' "$file" >"$work/src/$index-$(basename "$file")"
done
# The linker's "cannot export local symbol __asan_..." lines are noise; the log keeps them.
# -I Sources/COpenSSL: libcrypto's module map, which Service's SHA-256 imports.
if ! swiftc -sanitize=fuzzer,address -parse-as-library -O -g -swift-version 6 -package-name gif_bff -I Sources/COpenSSL \
    "$work"/src/*.swift -o "$binary" >"$work/build.log" 2>&1; then
    grep -v "Cannot export local symbol" "$work/build.log" >&2
    echo "fuzz $target: build failed" >&2
    exit 1
fi

limit=(-max_total_time="$seconds")
if [ -n "${RUNS:-}" ]; then limit=(-runs="$RUNS"); fi
start=$(date +%s)
set +e
# The fuzzer's own output goes to the log; `timeout` is a backstop far past the run's length.
backstop=$(( seconds + 600 )); if [ -n "${RUNS:-}" ]; then backstop=14400; fi
# The Swift backtracer does not work under ASan (it crashes reading shadow memory), hiding the message.
SWIFT_BACKTRACE=enable=no timeout --kill-after=30 "$backstop" \
    "$binary" "${limit[@]}" -timeout=10 -rss_limit_mb=2048 -max_len=4096 -print_final_stats=1 \
    -artifact_prefix="$work/artifacts/" "$work/corpus" "Fuzz/$target/seeds" >"$work/log" 2>&1 </dev/null
status=$?
set -e
grep -E "^stat::number_of_executed_units|^stat::peak_rss_mb|ERROR:|SUMMARY:|Fatal error" "$work/log" || true
echo "fuzz $target: exit $status after $(( $(date +%s) - start )) s (log: $work/log)"
if [ "$status" -ne 0 ]; then tail -40 "$work/log" >&2; ls -l "$work/artifacts" >&2; fi
exit "$status"
