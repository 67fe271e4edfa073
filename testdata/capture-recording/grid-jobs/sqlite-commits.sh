#!/bin/bash
# sqlite-commits.sh MNT BUNDLE RAW - sqlite3 inserts rows one transaction each (autocommit, the
# rollback journal: journal_mode DELETE, synchronous FULL) into a database on MNT for about 8 s,
# under strace -f -ttT from its start.
set -uo pipefail
MNT=$1; BUNDLE=$2; RAW=$3
{
    echo "PRAGMA journal_mode=DELETE; PRAGMA synchronous=FULL;"
    echo "CREATE TABLE IF NOT EXISTS events(id INTEGER PRIMARY KEY, at REAL, payload TEXT);"
    for i in $(seq 1 4000); do echo "INSERT INTO events(at, payload) VALUES (julianday('now'), hex(randomblob(200)));"; done
} > "$RAW/inserts.sql"
timeout -s INT 8 strace -f -ttT -o "$BUNDLE/strace-sqlite3.txt" sqlite3 "$MNT/events.db" < "$RAW/inserts.sql" > /dev/null 2> "$RAW/sqlite.err"
true
