#!/bin/bash
# The streaming replica: on first start a base backup of the primary (pg_basebackup -R writes
# standby.signal and primary_conninfo), then PostgreSQL as a hot standby.
set -euo pipefail
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  until PGPASSWORD="$REPLICATION_PASSWORD" pg_basebackup --host=db --username=replicator \
      --pgdata="$PGDATA" --wal-method=stream --slot=replica_1 --write-recovery-conf; do
    echo "waiting for the primary"; sleep 2
  done
  chmod 700 "$PGDATA"
fi
exec postgres -c hot_standby=on -c hot_standby_feedback=on
