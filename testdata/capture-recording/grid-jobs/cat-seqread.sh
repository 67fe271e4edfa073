#!/bin/bash
# cat-seqread.sh MNT BUNDLE RAW - cat reads MNT/restore.img (1 GiB, written O_DIRECT: not in the page
# cache) to /dev/null for 8 s: 128 KiB read() calls through the page cache, which cat asks to read
# ahead (POSIX_FADV_SEQUENTIAL), under strace -f -ttT from its start.
set -uo pipefail
MNT=$1; BUNDLE=$2; RAW=$3
timeout -s INT 8 strace -f -ttT -o "$BUNDLE/strace-cat.txt" cat "$MNT/restore.img" > /dev/null 2> "$RAW/cat.err"
true
