#!/usr/bin/env bash
# scripts/check-system-packages.sh: every Debian package a system-library target of Package.swift
# names (`.apt([...])`) is installed by the README's `apt-get install` commands and by the
# Dockerfile's build stage, so a newcomer following the README, and the image, can build. A fresh
# Debian with only the README's packages once failed with "'curl/curl.h' file not found"; pkg-config
# is checked the same way whenever a target is found with it. The README's commands also run as
# written on a fresh machine: `apt-get update` first, `-y` on each install.
#
#   scripts/check-system-packages.sh            checks the repository it is in; exit 1 on a gap
set -euo pipefail
cd "$(dirname "$0")/.."

packages=$(grep -oE '\.apt\(\[[^]]*\]\)' Package.swift | grep -oE '"[^"]+"' | tr -d '"' | sort -u)
# SwiftPM finds those libraries with pkg-config (`pkgConfig:`): without it, it names packages
# that are installed and the build fails on a missing header (seen on a fresh Debian 12).
if grep -q 'pkgConfig:' Package.swift; then packages="pkg-config $packages"; fi
if [ -z "$packages" ]; then
    echo "check-system-packages: no .apt([...]) package found in Package.swift" >&2
    exit 1
fi

# The README's requirements: its `apt-get install` commands in the section "## Requirements ...".
section=$(awk '/^## Requirements/ { on = 1; next } on && /^## / { exit } on { print }' README.md)
requirements=$(grep -E '^(sudo )?apt-get install' <<<"$section" || true)
# The Dockerfile's build stage: from "FROM ... AS build" to the next FROM.
build_stage=$(awk 'toupper($0) ~ /^FROM .* AS BUILD/ { on = 1; next } on && /^FROM / { exit } on { print }' docker/Dockerfile)
if [ -z "$requirements" ]; then echo "check-system-packages: README.md's section '## Requirements' has no line starting with apt-get install" >&2; exit 1; fi
if [ -z "$build_stage" ]; then echo "check-system-packages: docker/Dockerfile has no 'FROM ... AS build' stage" >&2; exit 1; fi

missing=0
# A fresh Debian has no package lists yet, and without -y apt-get stops at its question.
first_apt=$(grep -E '^(sudo )?apt-get ' <<<"$section" | head -1)
if ! grep -qE '^(sudo )?apt-get (-[a-z]+ )*update' <<<"$first_apt"; then
    echo "check-system-packages: the README's first apt-get command is not apt-get update: $first_apt" >&2
    missing=1
fi
while read -r line; do
    if ! grep -qE '(^| )-y( |$)' <<<"$line"; then
        echo "check-system-packages: a README apt-get install lacks -y: $line" >&2
        missing=1
    fi
done <<<"$requirements"
for package in $packages; do
    if ! grep -qw -- "$package" <<<"$requirements"; then
        echo "check-system-packages: $package (Package.swift) is not in the README's apt-get install commands" >&2
        missing=1
    fi
    if ! grep -qw -- "$package" <<<"$build_stage"; then
        echo "check-system-packages: $package (Package.swift) is not installed by docker/Dockerfile's build stage" >&2
        missing=1
    fi
done
[ "$missing" -eq 0 ] && echo "check-system-packages: $(echo $packages | wc -w) packages, each in the README's apt-get install commands and the image's build stage: $(echo $packages)"
exit "$missing"
