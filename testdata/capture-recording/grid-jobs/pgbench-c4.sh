#!/bin/bash
# pgbench-c4.sh MNT BUNDLE RAW [PGBENCH_OPTION...] - a PostgreSQL 15 server whose cluster is on MNT
# (FILES pg: initdb, pgbench -i -s 5, a checkpoint) runs pgbench's TPC-B-like transactions from 4
# clients for 8 s, synchronous_commit on (every commit waits for its WAL to be fdatasync'ed); the
# options after RAW go to pgbench (-S: select-only, pgbench-select-c4.sh). strace attaches to the
# running server's processes with -f, as one does on a production database: the backends the
# clients' connections start are followed from their fork.
set -uo pipefail
MNT=$1; BUNDLE=$2; RAW=$3; shift 3
pids=$(pgrep -u postgres -f "postgres" | sed 's/^/-p /' | tr '\n' ' ')
strace -f -ttT -o "$BUNDLE/strace-postgres.txt" $pids 2> "$RAW/strace.err" & S=$!
sleep 1
su postgres -c "pgbench -h /tmp -n $* -c 4 -j 2 -T 8 postgres" > "$RAW/pgbench.out" 2>&1
sleep 0.5
kill -INT $S; wait $S
