#!/usr/bin/env bash
# docker/verify-fleet.sh: proves docker/compose.fleet.yaml runs, without a registry. As root,
# with podman and podman-compose (docker/verify.sh calls it after its own checks, with the
# image it built), it:
#   1. builds PostgreSQL and nginx images from Debian's packages on the local Debian base
#      (docker/postgres.Containerfile, docker/nginx.Containerfile);
#   2. brings the fleet file up with podman-compose on them and the gif-bff image
#      (GIF_BFF_POSTGRES_IMAGE, GIF_BFF_NGINX_IMAGE, GIF_BFF_IMAGE), on a free loopback port;
#   3. checks: the secrets (the database's password and URL, a made-up Unsplash key) are read
#      from files of this run and are in no container's configuration, GIPHY without a key file
#      serves its demo; through the balancer: a favorite added with an install token is listed
#      through it and by each instance; `podman restart` of one instance while requests go on through
#      the balancer, none of them failing, and the favorite still listed; /readyz of each
#      instance and through the balancer (when openapi.yaml has /readyz);
#   4. removes every container, volume, network and image it created (trap, even on failure
#      or SIGTERM).
#
# Settings (environment):
#   GIF_BFF_VERIFY_IMAGE=IMAGE       the gif-bff image to run (required)
#   GIF_BFF_VERIFY_BASE_IMAGE=IMAGE  Debian bookworm to build on (default localhost/debian:bookworm,
#       which docker/verify.sh makes by debootstrap)
#   GIF_BFF_VERIFY_KEEP_BASE_IMAGES=1  keep the PostgreSQL and nginx images this run built (they
#       hold no project code but the entrypoint; tagged by a hash of what they are built from,
#       so a changed Containerfile makes a new one)
# Prints the images' sizes and the time it took; exits non-zero on any failed check.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
VERIFY_NAME=verify-fleet
# say, pass, fail, die, pm, run_child, end_child, elapsed, free_port, podman_settings
source "$ROOT/docker/verify-lib.sh"

RUN_ID="$$-$(date +%s)"
START_TIME=$(date +%s.%N)
IMAGE="${GIF_BFF_VERIFY_IMAGE:-}"
BASE_IMAGE="${GIF_BFF_VERIFY_BASE_IMAGE:-localhost/debian:bookworm}"
KEEP_BASE="${GIF_BFF_VERIFY_KEEP_BASE_IMAGES:-0}"
PROJECT="gif-bff-fleet-verify-$RUN_ID"
COMPOSE_STARTED=0
LOAD_PID=""
POSTGRES_IMAGE=""
NGINX_IMAGE=""
PORT=""
SUBNET_PREFIX=""
DB_PASSWORD=""

passed=0
failed=0
created_images=()
WORK=""

# The secrets are files of this run (a fresh password); GIPHY has no key file (its demo catalog
# serves the favorites), Unsplash a made-up key (it must be read: the provider goes live).
compose() {
    env -u GIPHY_API_KEY_FILE GIF_BFF_IMAGE="$IMAGE" GIF_BFF_POSTGRES_IMAGE="$POSTGRES_IMAGE" \
        GIF_BFF_NGINX_IMAGE="$NGINX_IMAGE" GIF_BFF_HOST_PORT="$PORT" GIF_BFF_FLEET_SUBNET_PREFIX="$SUBNET_PREFIX" \
        POSTGRES_PASSWORD_FILE="$WORK/secrets/postgres_password" GIF_BFF_DATABASE_URL_FILE="$WORK/secrets/database_url" \
        UNSPLASH_ACCESS_KEY_FILE="$WORK/secrets/unsplash_access_key" \
        podman-compose -f "$ROOT/docker/compose.fleet.yaml" -f "$WORK/compose.verify.yaml" -p "$PROJECT" "$@"
}
# The container podman-compose made for a service of this project.
container_of() { # service
    podman ps -a --filter "label=io.podman.compose.project=$PROJECT" \
        --filter "label=io.podman.compose.service=$1" --format '{{.Names}}' | head -1
}

# `compose down -v` removes the named volumes; the instances' anonymous ones (the image's
# VOLUME /data, unused with PostgreSQL), noted once they exist, are removed here too.
note_volumes() {
    podman ps -a -q --filter "label=io.podman.compose.project=$PROJECT" \
        | xargs -r podman inspect --format '{{range .Mounts}}{{if eq .Type "volume"}}{{.Name}} {{end}}{{end}}' \
        >>"$WORK/volumes" 2>/dev/null || true
}
fleet_down() { # stop timeout
    local rc=0 volume
    compose down -v -t "$1" || rc=$?
    for volume in $(cat "$WORK/volumes" 2>/dev/null); do
        podman volume exists "$volume" 2>/dev/null && { podman volume rm -f "$volume" >/dev/null || rc=1; }
    done
    return "$rc"
}

show_logs() {
    local c
    for c in $(podman ps -a --filter "label=io.podman.compose.project=$PROJECT" --format '{{.Names}}' 2>/dev/null); do
        say "logs of $c (last 20 lines):"
        podman logs --tail 20 "$c" 2>&1 | sed 's/^/    /'
    done
}

cleanup() {
    local status=$?
    set +e
    end_child
    if [ -n "$LOAD_PID" ] && kill -0 "$LOAD_PID" 2>/dev/null; then
        kill -TERM "$LOAD_PID" 2>/dev/null
        wait "$LOAD_PID" 2>/dev/null
    fi
    local label="label=io.podman.compose.project=$PROJECT"
    if [ -n "${WORK:-}" ] && [ "$status" -ne 0 ] && [ "$COMPOSE_STARTED" = 1 ]; then
        show_logs
    fi
    if [ "$COMPOSE_STARTED" = 1 ]; then
        # A `podman run` of an interrupted podman-compose may still make its container: the
        # project's containers are removed with their anonymous volumes until none comes back.
        local round quiet=0 containers
        for round in 1 2 3 4 5 6; do
            containers="$(podman ps -a -q --filter "$label" 2>/dev/null)"
            if [ -z "$containers" ]; then
                quiet=$((quiet + 1))
                [ "$quiet" -ge 2 ] && break
            else
                quiet=0
                note_volumes
                podman rm -f -v -t 0 $containers >/dev/null 2>&1
            fi
            sleep 1
        done
        fleet_down 0 >/dev/null 2>&1
        # Whatever podman-compose could not take down itself, by its project label.
        local kind leftover
        for kind in container volume network; do
            while read -r leftover; do
                [ -n "$leftover" ] && podman "$kind" rm -f "$leftover" >/dev/null 2>&1
            done < <(podman "$kind" ls -a -q --filter "$label" 2>/dev/null \
                || podman "$kind" ls -q --filter "$label" 2>/dev/null)
        done
    fi
    local image
    for image in "${created_images[@]}"; do
        podman image exists "$image" 2>/dev/null && podman rmi -f "$image" >/dev/null 2>&1
    done
    if [ -n "${WORK:-}" ] && [ -d "$WORK" ]; then rm -rf "$WORK"; fi
    if [ -n "$(podman ps -a -q --filter "$label" 2>/dev/null)" ]; then
        echo "verify-fleet: could not remove every container of this run" >&2
    fi
    say "cleaned up (status $status)"
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

[ "$(id -u)" -eq 0 ] || die "needs root (rootful podman)"
[ -n "$IMAGE" ] || die "set GIF_BFF_VERIFY_IMAGE to a gif-bff image (docker/verify.sh does)"
WORK="$(mktemp -d /var/tmp/gif-bff-verify-fleet.XXXXXX)"
podman_settings
command -v podman-compose >/dev/null 2>&1 || die "no podman-compose (docker/verify.sh installs it)"
podman image exists "$IMAGE" || die "no image $IMAGE"
podman image exists "$BASE_IMAGE" || die "no image $BASE_IMAGE (docker/verify.sh makes it)"

# ---- 1. PostgreSQL and nginx from Debian's packages ----
# Tagged by what they are built from (the files and the base image), so a kept image is reused
# only while it is still what the files say.
image_sizes=""
local_image() { # name containerfile [file copied into it...]; sets LOCAL_IMAGE
    local name="$1" hash tag started bytes
    shift
    hash="$( (podman image inspect --format '{{.Id}}' "$BASE_IMAGE"; cd "$ROOT/docker" && cat "$@") \
        | sha256sum | cut -c1-12)"
    tag="localhost/gif-bff-verify-$name:$hash"
    if podman image exists "$tag"; then
        say "reusing $tag"
    else
        [ "$KEEP_BASE" = 1 ] || created_images+=("$tag")
        started=$(date +%s.%N)
        if run_child "$WORK/build-$name.log" podman build --format docker --layers=false \
            --build-arg "BASE_IMAGE=$BASE_IMAGE" -f "$ROOT/docker/$1" -t "$tag" "$ROOT/docker"; then
            pass "podman build docker/$1 ($(elapsed "$started" "$(date +%s.%N)") s)"
        else
            tail -30 "$WORK/build-$name.log" >&2
            die "podman build docker/$1"
        fi
    fi
    bytes="$(podman image inspect --format '{{.Size}}' "$tag")"
    image_sizes+="$(printf '%s %s MB; ' "$tag" "$(awk -v b="$bytes" 'BEGIN { printf "%.1f", b / 1000000 }')")"
    LOCAL_IMAGE="$tag"
}
local_image postgres postgres.Containerfile postgres-entrypoint.sh
POSTGRES_IMAGE="$LOCAL_IMAGE"
local_image nginx nginx.Containerfile
NGINX_IMAGE="$LOCAL_IMAGE"

# ---- 2. up ----
PORT="$(free_port)"
BASE_URL="http://127.0.0.1:$PORT"
# The fleet's /24, one no network or route of this machine has.
used_subnets="$(ip -4 route 2>/dev/null || true; podman network ls -q | xargs -r podman network inspect 2>/dev/null || true)"
for n in $(shuf -i 1-254 -n 50); do
    if [[ "$used_subnets" != *"10.250.$n."* ]]; then SUBNET_PREFIX="10.250.$n"; break; fi
done
[ -n "$SUBNET_PREFIX" ] || die "no free 10.250.N.0/24 for the fleet's network"
DB_PASSWORD="verify-$RUN_ID-$(od -An -N8 -tx1 /dev/urandom | tr -d ' \n')"
# As an operator would keep them: files any container user can read (gif-bff is uid 10001), in a
# folder only root enters (WORK is 0700).
mkdir -p "$WORK/secrets"
printf '%s\n' "$DB_PASSWORD" >"$WORK/secrets/postgres_password"
printf 'postgresql://gif_bff:%s@postgres:5432/gif_bff\n' "$DB_PASSWORD" >"$WORK/secrets/database_url"
printf 'verify-made-up-unsplash-key\n' >"$WORK/secrets/unsplash_access_key"
chmod 0444 "$WORK/secrets"/*
# podman-compose (1.6) mounts no `configs:`: the balancer's, as Compose would write it, is
# mounted where the official image reads it, by a second compose file of this run.
echo '{}' >"$WORK/compose.verify.yaml"
compose config >"$WORK/compose.config.yaml" 2>"$WORK/compose-config.log" \
    || { cat "$WORK/compose-config.log" >&2; die "podman-compose config"; }
compose_python="$(sed -n '1s/^#!//p' "$(command -v podman-compose)")"
"${compose_python:-python3}" "$ROOT/docker/verify-configs.py" "$WORK/compose.config.yaml" "$WORK" \
    || die "the balancer's configs: entry"

fleet_started=$(date +%s.%N)
COMPOSE_STARTED=1
# podman-compose skips `condition: service_healthy` on podman before 4.6 (a warning): the
# database is brought up first and waited for, as Compose would.
run_child "$WORK/compose-up-postgres.log" compose up -d --no-build postgres \
    || { tail -30 "$WORK/compose-up-postgres.log" >&2; die "podman-compose up postgres"; }
postgres_container="$(container_of postgres)"
deadline=$((SECONDS + 90))
until pm healthcheck run "$postgres_container" >/dev/null 2>&1; do
    [ $SECONDS -lt $deadline ] || die "postgres: pg_isready not healthy within 90 s"
    sleep 0.5
done
pass "postgres: healthy (pg_isready) after $(elapsed "$fleet_started" "$(date +%s.%N)") s"
run_child "$WORK/compose-up.log" compose up -d --no-build \
    || { note_volumes; tail -30 "$WORK/compose-up.log" >&2; die "podman-compose up"; }
note_volumes
pass "podman-compose up (project $PROJECT, 127.0.0.1:$PORT)"

# gif-bff is published only through the balancer; the host reaches each instance at its
# address on the project's network, with a Host gif-bff allows.
instance_url() { # service
    local address
    address="$(podman inspect --format '{{range .NetworkSettings.Networks}}{{.IPAddress}}{{end}}' "$(container_of "$1")")"
    echo "http://$address:8080"
}
status_of() { # url [curl options...]; prints the status, the body goes to $WORK/body
    local url="$1"
    shift
    curl -sS --max-time 10 -o "$WORK/body" -w '%{http_code}' -H 'Host: localhost' "$@" "$url" 2>/dev/null || true
}
wait_status() { # url status seconds
    local deadline=$((SECONDS + $3))
    while [ $SECONDS -lt $deadline ]; do
        [ "$(status_of "$1")" = "$2" ] && return 0
        sleep 0.2
    done
    return 1
}
INSTANCE1_URL="$(instance_url gif-bff-1)"
INSTANCE2_URL="$(instance_url gif-bff-2)"
for url in "$INSTANCE1_URL" "$INSTANCE2_URL" "$BASE_URL"; do
    wait_status "$url/healthz" 200 60 || die "no /healthz 200 from $url within 60 s"
done
pass "up in $(elapsed "$fleet_started" "$(date +%s.%N)") s: /healthz 200 from each instance and through the balancer"

# Secrets from files: no container's configuration holds the password or the key; each instance
# was given the URL's file and Unsplash's, not GIPHY's, and read them (its database is PostgreSQL,
# checked below by a favorite seen by both; Unsplash live, GIPHY the demo).
leaked=""
for c in $(podman ps -a --filter "label=io.podman.compose.project=$PROJECT" --format '{{.Names}}'); do
    podman inspect "$c" | grep -qe "$DB_PASSWORD" -e verify-made-up-unsplash-key && leaked+="$c "
done
instance_env="$(podman exec "$(container_of gif-bff-1)" env)"
instance_log="$(podman logs "$(container_of gif-bff-1)" 2>&1)"
if [ -z "$leaked" ] && grep -qx "GIF_BFF_DATABASE_URL_FILE=$WORK/secrets/database_url" <<<"$instance_env" \
    && grep -qx "UNSPLASH_ACCESS_KEY_FILE=$WORK/secrets/unsplash_access_key" <<<"$instance_env" \
    && ! grep -qe '^GIPHY_API_KEY' -e '^GIF_BFF_DATABASE_URL=' -e '^UNSPLASH_ACCESS_KEY=' <<<"$instance_env" \
    && grep -q 'provider=unsplash mode=live' <<<"$instance_log" && grep -q 'provider=giphy mode=demo' <<<"$instance_log"; then
    pass "secrets from files: the URL and the Unsplash key read from theirs (Unsplash live), no GIPHY key file (demo); in no container's configuration"
else
    fail "secrets from files: leaked into ${leaked:-none}; gif-bff-1's env: $(grep -oe '^[A-Z_]*FILE=[^ ]*' -e '^GIPHY[A-Z_]*' -e '^UNSPLASH[A-Z_]*' <<<"$instance_env" | tr '\n' ' '); log: $(grep -o 'provider=[a-z]* mode=[a-z]*' <<<"$instance_log" | tr '\n' ' ')"
fi

# /readyz is what a balancer or orchestrator asks (issue 33.3); checked where this tree has it.
READYZ=0
grep -q '^  /readyz:' "$ROOT/openapi.yaml" && READYZ=1
check_readyz() { # when
    [ "$READYZ" = 1 ] || { say "no /readyz in openapi.yaml: not checked $1"; return 0; }
    local url statuses="" all=200
    for url in "$INSTANCE1_URL" "$INSTANCE2_URL" "$BASE_URL"; do
        statuses+="$(status_of "$url/readyz") "
    done
    if [ "$statuses" = "200 200 200 " ]; then
        pass "GET /readyz $1: 200 from gif-bff-1, gif-bff-2 and the balancer"
    else
        fail "GET /readyz $1: gif-bff-1, gif-bff-2, balancer: $statuses"
    fi
}
check_readyz "once up"

# ---- 3. a favorite through the balancer ----
AUTH=()
status="$(status_of "$BASE_URL/installs" -X POST)"
if [ "$status" = 201 ]; then
    TOKEN="$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["token"])' "$WORK/body")"
    AUTH=(-H "Authorization: Bearer $TOKEN")
    pass "POST /installs through the balancer -> 201, a token"
elif [ "$status" = 404 ] || [ "$status" = 405 ]; then
    say "no installs on this fleet (POST /installs -> $status): favorites without a token"
else
    cat "$WORK/body" >&2
    die "POST /installs -> $status"
fi
status="$(status_of "$BASE_URL/search?q=cat&limit=3" "${AUTH[@]}")"
GIF_ID="$(python3 -c 'import json, sys; d = json.load(open(sys.argv[1]))["data"]; print(d[0]["id"] if d else "")' "$WORK/body" 2>/dev/null || true)"
[ "$status" = 200 ] && [ -n "$GIF_ID" ] || die "GET /search?q=cat through the balancer -> $status, no GIF"
status="$(status_of "$BASE_URL/favorites" "${AUTH[@]}" -X POST -H 'Content-Type: application/json' --data "{\"id\":\"$GIF_ID\"}")"
if [ "$status" = 201 ]; then pass "POST /favorites {\"id\":\"$GIF_ID\"} through the balancer -> 201"; else cat "$WORK/body" >&2; die "POST /favorites -> $status"; fi

lists_favorite() { # base url
    [ "$(status_of "$1/favorites" "${AUTH[@]}")" = 200 ] && python3 -c '
import json, sys
sys.exit(0 if any(g["id"] == sys.argv[2] for g in json.load(open(sys.argv[1]))["data"]) else 1)' "$WORK/body" "$GIF_ID"
}
if lists_favorite "$BASE_URL" && lists_favorite "$INSTANCE1_URL" && lists_favorite "$INSTANCE2_URL"; then
    pass "GET /favorites lists $GIF_ID through the balancer and from each instance (one database)"
else
    fail "GET /favorites does not list $GIF_ID everywhere"
fi

# ---- 4. one instance restarted while requests go on through the balancer ----
python3 "$ROOT/docker/verify-load.py" "$BASE_URL/favorites" "$WORK/load.stop" "${TOKEN:-}" \
    >"$WORK/load.out" 2>"$WORK/load.err" &
LOAD_PID=$!
sleep 1
instance1="$(container_of gif-bff-1)"
restart_started=$(date +%s.%N)
# The stop timeout of the compose file's instances (a drain, then the grace period).
stop_timeout="$(sed -n 's/^  stop_grace_period: \([0-9]*\)s$/\1/p' "$ROOT/docker/compose.fleet.yaml" | head -1)"
pm restart -t "${stop_timeout:-10}" "$instance1" >/dev/null &
CHILD=$!
# While it stops, it drains where it can: its /readyz 503 at once, the other's still 200 (the
# balancer's may be either: nginx passes a 503 on, as it is an answer).
if [ "$READYZ" = 1 ]; then
    drain_statuses=""
    deadline=$((SECONDS + 15))
    while kill -0 "$CHILD" 2>/dev/null && [ $SECONDS -lt $deadline ]; do
        if [ "$(status_of "$INSTANCE1_URL/readyz")" = 503 ]; then
            drain_statuses="503 $(status_of "$INSTANCE2_URL/readyz")"
            break
        fi
        sleep 0.05
    done
    if [ "$drain_statuses" = "503 200" ]; then
        pass "GET /readyz while gif-bff-1 stops: 503 from it, 200 from gif-bff-2"
    else
        fail "GET /readyz while gif-bff-1 stops: '${drain_statuses:-no 503 seen}' (it, gif-bff-2)"
    fi
fi
wait "$CHILD" || fail "podman restart $instance1"
CHILD=""
address_after="$(instance_url gif-bff-1)"
wait_status "$address_after/healthz" 200 60 || fail "gif-bff-1: no /healthz 200 within 60 s of the restart"
RESTART_SECONDS="$(elapsed "$restart_started" "$(date +%s.%N)")"
if [ "$address_after" = "$INSTANCE1_URL" ]; then
    pass "gif-bff-1 came back at its own address ($INSTANCE1_URL), the one the balancer knows"
else
    fail "gif-bff-1 came back at $address_after, not $INSTANCE1_URL"
fi
sleep 1
touch "$WORK/load.stop"
wait "$LOAD_PID" || true
LOAD_PID=""
read -r load_answered load_failed load_statuses <"$WORK/load.out" || true
if [ "${load_answered:-0}" -gt 0 ] && [ "${load_failed:-1}" = 0 ]; then
    pass "podman restart gif-bff-1 (back in $RESTART_SECONDS s): $load_answered GET /favorites through the balancer meanwhile, all 200"
else
    cat "$WORK/load.err" >&2
    fail "podman restart gif-bff-1: GET /favorites through the balancer meanwhile: ${load_answered:-?} answered, ${load_failed:-?} failed ($load_statuses)"
fi
if lists_favorite "$BASE_URL" && lists_favorite "$INSTANCE1_URL"; then
    pass "after the restart, $GIF_ID still listed through the balancer and by gif-bff-1"
else
    fail "after the restart, $GIF_ID is not listed"
fi
check_readyz "after the restart"

# ---- 5. down ----
[ "$failed" -eq 0 ] || show_logs
if run_child "$WORK/compose-down.log" fleet_down 10; then
    COMPOSE_STARTED=0
    left="$(podman ps -a -q --filter "label=io.podman.compose.project=$PROJECT"
    for kind in volume network; do
        podman "$kind" ls -q --filter "label=io.podman.compose.project=$PROJECT" 2>/dev/null
    done; for volume in $(cat "$WORK/volumes" 2>/dev/null); do
        if podman volume exists "$volume" 2>/dev/null; then echo "$volume"; fi
    done)"
    if [ -z "$left" ]; then pass "podman-compose down -v: nothing of the project left"; else fail "left after down: $left"; fi
else
    tail -30 "$WORK/compose-down.log" >&2
    fail "podman-compose down -v"
fi

say "images: $image_sizes"
say "fleet time: $(elapsed "$fleet_started" "$(date +%s.%N)") s (up, checks, down); total $(elapsed "$START_TIME" "$(date +%s.%N)") s with the image builds"
echo "verify-fleet: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
