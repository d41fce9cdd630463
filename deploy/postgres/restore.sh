#!/bin/sh
# Restore a card room dump into a NEW database, then check every table's chain there.
#
#   deploy/postgres/restore.sh DUMPFILE NEW_DATABASE [ROOM_DATABASE_FOR_ROLES]
#
# Never restores over the live database: restore into NEW_DATABASE, check it, then (with the
# consoles' shippers stopped or pointed elsewhere) rename: ALTER DATABASE cardroom RENAME TO
# cardroom_old; ALTER DATABASE NEW_DATABASE RENAME TO cardroom; and run deploy/postgres/setup.py
# again to re-apply the roles' privileges (the dump is taken with --no-owner). The consoles then
# ship whatever the restored database lacks: each resumes from the server's highest seq.
set -eu
DUMP=$1
TARGET=$2
PYTHON=${PYTHON:-python3}
HERE=$(cd "$(dirname "$0")" && pwd)
if [ -f "$DUMP.sha256" ]; then (cd "$(dirname "$DUMP")" && sha256sum --check --quiet "$(basename "$DUMP").sha256"); fi
createdb "$TARGET"
pg_restore --no-owner --exit-on-error --single-transaction --dbname="$TARGET" "$DUMP"
URL="postgresql:///$TARGET"
if [ -n "${PGHOST:-}" ]; then URL="postgresql://${PGUSER:+$PGUSER@}$PGHOST:${PGPORT:-5432}/$TARGET"; fi
"$PYTHON" -m dealer_console.room verify --server "$URL"
echo "restored into $TARGET; every chain checked"
