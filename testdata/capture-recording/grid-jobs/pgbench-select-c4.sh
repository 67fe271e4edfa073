#!/bin/bash
# pgbench-select-c4.sh MNT BUNDLE RAW - pgbench-c4.sh with pgbench -S (select-only: one random
# primary-key read per transaction), on tables mostly outside the page cache (FILES pg20: scale 20,
# 300 MB, the page cache dropped after the checkpoint).
exec bash "$(dirname "$0")/pgbench-c4.sh" "$@" -S
