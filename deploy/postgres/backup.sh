#!/bin/sh
# Back up the card room's database: one compressed, consistent dump (pg_dump -Fc), then a check
# that it can be read back. Run on the room's server as a role that may read everything (the
# database owner or postgres), e.g. nightly from deploy/systemd/cardroom-backup.timer.
#
#   deploy/postgres/backup.sh [DATABASE] [FOLDER]        (default: cardroom /var/backups/cardroom)
#
# Connection settings come from the usual libpq variables (PGHOST, PGPORT, PGUSER, PGPASSFILE).
# Keeps the last $KEEP dumps (default 30). Prints the file written; exit status non-zero on failure.
set -eu
DATABASE=${1:-cardroom}
FOLDER=${2:-/var/backups/cardroom}
KEEP=${KEEP:-30}
mkdir -p "$FOLDER"
STAMP=$(date -u +%Y%m%dT%H%M%SZ)
FILE="$FOLDER/$DATABASE-$STAMP.dump"
pg_dump --format=custom --compress=6 --no-owner --file="$FILE.part" "$DATABASE"
pg_restore --list "$FILE.part" >/dev/null      # readable: every entry of the archive's table of contents
mv "$FILE.part" "$FILE"
sha256sum "$FILE" >"$FILE.sha256"
# shellcheck disable=SC2012
ls -1t "$FOLDER/$DATABASE"-*.dump 2>/dev/null | tail -n +"$((KEEP + 1))" | while read -r old; do rm -f "$old" "$old.sha256"; done
echo "$FILE"
