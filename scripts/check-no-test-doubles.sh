#!/usr/bin/env bash
# Issue 32.3: no test double in the product. gif-bff's symbols (nm, demangled by swift demangle)
# name no fake upstream, fault board or faulty raw listener: those live in FakeUpstream, FakeGiphy,
# FakeUnsplash, FakeKlipy and FakePexels, linked only by the tests and the fake-giphy/fake-unsplash/
# fake-klipy/fake-pexels executables; the demo serves its catalogs in-process (GiphyDemo, UnsplashDemo,
# KlipyDemo, PexelsDemo).
#   scripts/check-no-test-doubles.sh [BINARY]
# Without BINARY, checks the release build of gif-bff (`swift build -c release --product gif-bff`).
# Prints how many symbols it read; exits 1 and shows some of those that match otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."

binary="${1:-}"
if [ -z "$binary" ]; then
    swift build -c release --product gif-bff 2>&1 | tail -1
    binary="$(swift build -c release --show-bin-path)/gif-bff"
fi
# Mangled names abbreviate repeated words, so the names are looked for demangled: a fake's module
# (FakeUpstream, FakeGiphy, FakeUnsplash, FakeKlipy, FakePexels) and its types all start with "Fake"; the
# rest are the fault-injection parts' own names (the fakes' shared rate-limit window, KLIPY's minute
# limit and Pexels' fault answers among them). The fakes' admin routes are named with their module:
# the server has admin routes of its own (API.AdminRoutes, the operator's, issue 47).
pattern='Fake[A-Z]|FaultBoard|InjectableFault|FaultLifetime|RawUpstream|FakeUpstream\.AdminRoutes|PingbackLog|KlipyMinuteLimit|RateLimitWindow|FaultResponses'
symbols=$(nm "$binary" | swift demangle)
total=$(wc -l <<<"$symbols")
found=$(grep -E "$pattern" <<<"$symbols" || true)
if [ -n "$found" ]; then
    echo "check-no-test-doubles: $(wc -l <<<"$found") of $total symbols of $binary name a test double ($pattern), e.g.:" >&2
    head -5 <<<"$found" >&2
    exit 1
fi
echo "check-no-test-doubles: none of the $total symbols of $binary names a test double"
