#!/bin/bash
# The entrypoint of docker/postgres.Containerfile: what the official postgres image's
# docker-entrypoint.sh does for docker/compose.fleet.yaml, no more. On the first start (an
# empty data folder) it makes the cluster with POSTGRES_USER (default postgres) and
# POSTGRES_PASSWORD (required), and POSTGRES_DB (default the user); logins from the network
# need that password. Then PostgreSQL runs as PID 1, as the postgres user.
set -euo pipefail

# NAME_FILE instead of NAME (Compose and Kubernetes secrets), as the official image allows;
# read here, as root, since a secret mounted from the host may not be the postgres user's.
file_env() { # NAME [default]
    local name="$1" file_name="$1_FILE"
    if [ -n "${!name:-}" ] && [ -n "${!file_name:-}" ]; then
        echo "postgres-entrypoint: both $name and $file_name are set; set one" >&2
        exit 1
    fi
    local value="${2:-}"
    if [ -n "${!name:-}" ]; then
        value="${!name}"
    elif [ -n "${!file_name:-}" ]; then
        value="$(<"${!file_name}")" || exit 1
    fi
    export "$name=$value"
    unset "$file_name"
}

if [ "${1:0:1}" = - ]; then set -- postgres "$@"; fi

if [ "$1" = postgres ] && [ "$(id -u)" = 0 ]; then
    file_env POSTGRES_PASSWORD
    file_env POSTGRES_USER postgres
    file_env POSTGRES_DB "${POSTGRES_USER:-postgres}"
    # A fresh named volume may be root's: the cluster needs it to be postgres's, mode 0700.
    mkdir -p "$PGDATA"
    chown postgres:postgres "$PGDATA"
    chmod 0700 "$PGDATA"
    exec setpriv --reuid=postgres --regid=postgres --init-groups "${BASH_SOURCE[0]}" "$@"
fi

if [ "$1" = postgres ] && [ ! -s "$PGDATA/PG_VERSION" ]; then
    : "${POSTGRES_USER:=postgres}" "${POSTGRES_DB:=$POSTGRES_USER}"
    if [ -z "${POSTGRES_PASSWORD:-}" ]; then
        echo "postgres-entrypoint: the database is not made yet and POSTGRES_PASSWORD is empty" >&2
        exit 1
    fi
    initdb --username="$POSTGRES_USER" --pwfile=<(printf '%s\n' "$POSTGRES_PASSWORD") \
        --auth-local=trust --auth-host=scram-sha-256 --encoding=UTF8 --locale=C.UTF-8 >/dev/null
    echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
    echo "listen_addresses = '*'" >>"$PGDATA/postgresql.conf"
    if [ "$POSTGRES_DB" != postgres ]; then
        # Over the socket only, while nothing else can connect.
        pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start >/dev/null
        psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres -q \
            --set db="$POSTGRES_DB" <<<'CREATE DATABASE :"db";'
        pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
    fi
    echo "postgres-entrypoint: made the cluster in $PGDATA (user $POSTGRES_USER, database $POSTGRES_DB)"
fi

unset POSTGRES_PASSWORD
exec "$@"
