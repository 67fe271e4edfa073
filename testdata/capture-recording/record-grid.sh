#!/bin/bash
# record-grid.sh CELL - records one cell of the judgement grid (../grid/README.md) on the slow-disk
# kit into /tmp/iocap/grid/CELL/bundle (perf's raw logs and the times in /tmp/iocap/grid/CELL/raw).
# Run as root, one capture at a time, under the shared recording lock:
#   flock /tmp/iocap-record.lock nice -n -20 testdata/capture-recording/record-grid.sh CELL
# record-grid.sh list prints the cells. What a cell sets (see the table below):
#   DELAY      ms every WRITE and FSYNC (= the loop device's cache flush) sleeps in slowfs.py; the
#              loop driver, FUSE and the Python server add ~1 ms (D2C = DELAY + ~1 ms), so a cell
#              named "8ms" sleeps 7, "1ms" 0.5, "4ms" 3 (2 where it runs on a non-rotational
#              device, where 5 ms would be abnormal: the FUSE tail under CPU contention lifts the
#              average)
#   RDELAY     ms every READ sleeps (DELAY when "-")
#   THR        slowfs.py threads: requests served at once
#   ROTA       /sys/block/loopN/queue/rotational
#   (by name) ext4-CELL: the filesystem is ext4 (mkfs.ext4 -b 4096, inode tables and journal written
#              at mkfs), not XFS; btrfs-CELL: btrfs (mkfs.btrfs defaults); everything else as CELL's row says
#   FILES      what is on the XFS before the run: data (64 MiB written), redo (512 MiB fallocated),
#              redow (the same 512 MiB written, so that the unaligned writes overwrite written blocks),
#              journal (nothing: fio appends to a new file), nb (data + restore.img 1 GiB written),
#              stacked (upper.img 256 MiB written, made the backing file of a second loop device),
#              pg (a PostgreSQL 15 cluster: initdb, started with its socket in /tmp, pgbench -i -s 5
#              and a checkpoint; stopped at the end), pg20 (the same at scale 20, 300 MB, then the page
#              cache dropped)
#   JOB        grid-jobs/JOB.fio, run as fio under strace -f -ttT; or grid-jobs/JOB.sh MNT BUNDLE RAW, a
#              script that runs another program (dd, sqlite3, a PostgreSQL server) under strace
#              itself and writes BUNDLE/strace-COMM.txt
#   NB         grid-jobs/NB.fio run as "restore" (a copy of fio) beside it, 0.5 s earlier
#   COLL       collectors besides iostat and strace:
#                full      perf syscalls + block + sched_switch -g as record.sh (fio's sleeps and wake-ups)
#                app       perf syscalls + block + sched_switch -g of fio's switch-outs only
#                          (--filter 'prev_comm == "fio"', the usual way to cut the volume)
#                noSched   perf syscalls + block
#                none      strace and iostat only
#                blk       strace, iostat and the device's block trace in blktrace's binary files
#                          (the capture kit's blktrace-ftrace.sh: the kernel's blk tracer), with
#                          blkparse's text of them (a storage engineer's usual set)
#                blkSys    blk, with perf's syscalls beside it (no perf block events)
#   (by name) zram-CELL: the device is zram0 (RAM, lz4, 1 GiB), not the kit's slow disk: another kind of
#              device, bio-based (no scheduler, no request queue: blktrace shows Q and C only, and the
#              kernel gave it major 253, which btt takes for device-mapper); DELAY, RDELAY, THR are "-";
#              blk-throttle refuses a limit on it (EINVAL), so no cgroup cell runs on it
#   (by name) sched-bfq-* run under bfq with strict_guarantees 1 (the capture kit's scheduler recipe),
#              two-devs-* add a second slow device (grid2: TWO="DELAY RDELAY THR ROTA" below) with its own
#              XFS on /mnt/grid2 holding data (64 MiB written), the job's second device,
#              tagwait-nr4-* with nr_requests 4 (scheduler none: four request tags for 16 slots)
#   SYSCALLS   the syscalls perf records (sys_enter and sys_exit, system-wide, perf's own and
#              slowfs.py's left out): AIO = io_submit io_getevents pread64 pwrite64 fsync fdatasync;
#              SYNC = the same with read and write, filtered to the workload's command (fio and
#              restore; dd, sqlite3 or postgres for a grid-jobs/*.sh workload);
#              URING = io_uring_enter pread64 pwrite64 fsync fdatasync
set -uo pipefail
CELL=$1
HERE=$(cd "$(dirname "$0")" && pwd)
SLOWDEV=$HERE/slowdev-rw.sh
AIO="io_submit io_getevents pread64 pwrite64 fsync fdatasync"
SYNC="io_submit io_getevents pread64 pwrite64 read write fsync fdatasync"
URING="io_uring_enter pread64 pwrite64 fsync fdatasync"
#          cell                    DELAY RDELAY THR ROTA FILES   JOB              NB          COLL    SYSCALLS
table() {
cat <<'EOF'
healthy-1ms-light                   0.5   -      1   0    data    light-mixed      -           full    AIO
write-4ms-s8-ssd                    2     -      8   0    data    randwrite-qd2    -           app     AIO
write-8ms-s8-ssd                    7     -      8   0    data    randwrite-qd2    -           full    AIO
write-8ms-s8-hdd                    7     -      8   1    data    randwrite-qd2    -           full    AIO
write-20ms-s1-ssd                   19    -      1   0    data    randwrite-qd1    -           none    -
write-40ms-s8-hdd                   39    -      8   1    data    randwrite-qd4    -           app     AIO
read-8ms-s1-ssd                     7     -      1   0    data    pread-qd1        -           full    AIO
read-4ms-s8-hdd                     3     -      8   1    data    randread-qd4     -           noSched AIO
slow-not-saturated-40ms-s8          39    -      8   0    data    randread-qd3     -           none    -
reads-slow-writes-fast              0.5   29     8   0    data    randrw-qd4       -           full    AIO
writes-slow-reads-fast              29    0.5    8   0    data    randrw-qd4       -           app     AIO
mixed-4ms-control                   3     -      8   1    data    randrw-qd4       -           none    -
saturated-4ms-s1                    2     -      1   0    data    saturate-ramp    -           noSched AIO
saturated-8ms-s1-hdd                7     -      1   1    data    saturate-ramp    -           none    -
victim-alone-1ms                    0.5   -      8   0    nb      victim-4k        -           app     AIO
noisy-neighbour-1ms                 0.5   -      8   0    nb      victim-4k        restore-1m  app     AIO
victim-alone-4ms                    2     -      8   0    nb      victim-4k        -           noSched AIO
noisy-neighbour-4ms                 2     -      8   0    nb      victim-4k        restore-1m  noSched AIO
fsync-journal-1ms                   0.5   -      8   0    journal journal-fsync    -           noSched SYNC
fsync-journal-8ms-hdd               7     -      8   1    journal journal-fsync    -           app     SYNC
buffered-no-fsync-8ms-hdd           7     -      8   1    journal journal-nofsync  -           noSched SYNC
osync-journal-4ms-ssd               2     -      8   0    journal journal-osync    -           noSched SYNC
unaligned-8ms-ssd                   7     -      8   0    redo    unaligned        -           full    AIO
unaligned-8ms-ssd-app-stacks        7     -      8   0    redo    unaligned        -           app     AIO
unaligned-4ms-ssd                   2     -      8   0    redo    unaligned        -           noSched AIO
aligned-8ms-ssd-control             7     -      8   0    redo    aligned          -           full    AIO
stacked-loop-on-8ms                 7     -      8   0    stacked stacked-randrw   -           full    AIO
read-14ms-s8-hdd                    13    -      8   1    data    randread-qd4     -           noSched AIO
read-12ms-s8-ssd                    11    -      8   0    data    randread-qd4     -           full    AIO
fsync-journal-3ms-ssd               2     -      8   0    journal journal-fsync    -           noSched SYNC
noisy-neighbour-reader-2ms          1.5   -      8   0    nb      victim-read-4k   restore-1m  noSched AIO
writes-25ms-reads-fast-hdd          24    0.5    8   1    data    randrw-qd4       -           noSched AIO
seqread-buffered-8ms-ssd            7     -      8   0    data    seqread-buffered -           noSched SYNC
writes-25ms-mostly-reads-hdd        24    0.5    8   1    data    randrw-90-10     -           none    -
busy-parallel-2ms-s8                1.5   -      8   0    data    busy-parallel    -           none    -
saturated-4ms-s4-qd64               3     -      4   0    data    randwrite-qd64   -           noSched AIO
saturated-8ms-s2-qd32-hdd           7     -      2   1    data    randwrite-qd32   -           noSched AIO
sched-bfq-seqwriter-4ms             3     -      8   0    data    sched-seqwriter  -           full    AIO
sched-bfq-randwriter-2ms            1.5   -      8   0    data    sched-randwriter -           app     AIO
tagwait-nr4-qd32-4ms                3     -      16  0    data    randwrite-qd32   -           full    AIO
slow-100ms-s8-qd32                  99    -      8   0    data    randwrite-qd32   -           full    AIO
unaligned-1ms-s16-kit               1     -      16  0    redo    unaligned        -           none    -
sched-bfqdefault-seqwriter-4ms      3     -      8   0    data    sched-seqwriter  -           noSched AIO
psync-readers-30ms-j8               29    -      8   0    data    psync-read-j8    -           app     AIO
noisy-neighbour-8ms-hdd             7     -      8   1    nb      victim-4k        restore-1m  noSched AIO
fdatasync-direct-4ms-ssd            3     -      8   0    data    psync-fdatasync  -           noSched SYNC
saturated-2ms-s1-j16-psync          1.5   -      1   0    data    psync-write-j16  -           noSched AIO
two-devs-read-20ms-and-sat-2ms      0.5   19     8   0    data    two-devs-read-write -        noSched AIO
two-devs-slow-writes-fast-reads     11    -      8   0    data    two-devs-write-read -        noSched AIO
blk-read-12ms-s8-ssd                11    -      8   0    data    randread-qd4     -           blk     -
blk-saturated-4ms-s4-qd64           3     -      4   0    data    randwrite-qd64   -           blk     -
blk-sched-bfq-seqwriter-4ms         3     -      8   0    data    sched-seqwriter  -           blk     -
blk-unaligned-8ms-ssd               7     -      8   0    redo    unaligned        -           blk     -
blk-healthy-1ms-light               0.5   -      1   0    data    light-mixed      -           blk     -
blk-writes-slow-reads-fast          29    0.5    8   0    data    randrw-qd4       -           blk     -
blksys-read-12ms-s8-ssd             11    -      8   0    data    randread-qd4     -           blkSys  AIO
blk-noisy-neighbour-4ms             2     -      8   0    nb      victim-4k        restore-1m  blk     -
blksys-sched-bfq-seqwriter-4ms      3     -      8   0    data    sched-seqwriter  -           blkSys  AIO
seqwrite-1m-3ms-ssd                 2     -      8   0    data    seqwrite-1m-qd4  -           noSched AIO
dirty-buffered-8ms-hdd              7     -      8   1    journal dirty-buffered   -           noSched SYNC
reads-30ms-mostly-writes-ssd        0.5   29     8   0    data    randrw-10-90     -           noSched AIO
read-150ms-s8-hdd                   149   -      8   1    data    randread-qd2     -           noSched AIO
mqdeadline-saturated-8ms-s2-hdd     7     -      2   1    data    randrw-qd16      -           noSched AIO
oltp-psync-j4-3ms-ssd               2     -      8   0    data    oltp-psync-j4    -           noSched SYNC
seqread-1m-20ms-hdd                 19    -      8   1    data    seqread-1m-qd2   -           noSched AIO
dsync-write-4ms-ssd                 3     -      8   0    data    dsync-randwrite-qd1 -        noSched AIO
buffered-randread-j4-12ms-ssd       11    -      8   0    data    buffered-randread-j4 -       noSched SYNC
qd256-1slot-2ms-ssd                 1.5   -      1   0    data    randwrite-qd256  -           noSched AIO
neighbour-reads-12ms-hdd            11    -      8   1    nb      victim-read-4k   backup-read-1m noSched AIO
osync-open-8ms-hdd                  7     -      8   1    journal journal-osync    -           noSched SYNC
dsync-open-3ms-ssd                  2     -      8   0    journal journal-dsync    -           none    -
uring-read-12ms-s8-ssd              11    -      8   0    data    uring-randread-qd4 -         noSched URING
uring-saturated-3ms-s1-qd32-ssd     2     -      1   0    data    uring-randwrite-qd32 -       noSched URING
sync-read-12ms-j2-ssd               11    -      8   0    data    sync-randread-j2 -           none    -
pgbench-commit-3ms-ssd              2     -      8   0    pg      pgbench-c4       -           none    -
pgbench-commit-8ms-hdd              7     -      8   1    pg      pgbench-c4       -           blk     -
pgbench-select-12ms-ssd             0.5   11     8   0    pg20    pgbench-select-c4 -          noSched SYNC
dirty-dd-8ms-hdd                    7     -      8   1    journal dd-buffered-write-1m -       none    -
posixaio-read-12ms-ssd              11    -      8   0    data    posixaio-randread-qd4 -      noSched AIO
mmap-read-12ms-ssd                  11    -      8   0    data    mmap-randread    -           noSched AIO
cat-seqread-40ms-hdd                0.5   39     8   1    nb      cat-seqread      -           noSched SYNC
blk-cat-seqread-40ms-hdd            0.5   39     8   1    nb      cat-seqread      -           blk     -
sqlite-commits-4ms-ssd              3     -      8   0    journal sqlite-commits   -           noSched SYNC
dd-direct-write-8ms-ssd             7     -      8   0    data    dd-direct-write-64k -        noSched SYNC
dd-direct-read-30ms-hdd             0.5   29     8   1    data    dd-direct-read-64k -         none    -
ext4-unaligned-8ms-ssd              7     -      8   0    redo    unaligned        -           full    AIO
ext4-fsync-journal-8ms-hdd          7     -      8   1    journal journal-fsync    -           app     SYNC
ext4-read-12ms-s8-ssd               11    -      8   0    data    randread-qd4     -           noSched AIO
ext4-saturated-4ms-s1               2     -      1   0    data    saturate-ramp    -           noSched AIO
btrfs-unaligned-8ms-ssd             7     -      8   0    redo    unaligned        -           full    AIO
btrfs-fsync-journal-8ms-hdd         7     -      8   1    journal journal-fsync    -           app     SYNC
btrfs-read-12ms-s8-ssd              11    -      8   0    data    randread-qd4     -           noSched AIO
ext4-dirty-buffered-8ms-hdd         7     -      8   1    journal dirty-buffered   -           noSched SYNC
ext4-osync-journal-4ms-ssd          2     -      8   0    journal journal-osync    -           noSched SYNC
layout-read-12ms-ssd                11    -      8   0    journal layout-randread-qd4 -        noSched SYNC
randrw-j4-qd8-6ms-s8-ssd            5     -      8   0    data    randrw-70-30-j4-qd8 -        full    AIO
read-128k-qd1-8ms-s1-hdd            7     -      1   1    data    randread-128k-qd1 -          noSched AIO
thinktime-read-20ms-ssd             19    -      8   0    data    thinktime-randread-qd1 -     none    -
read-qd32-2ms-s8-ssd                1.5   -      8   0    data    randread-qd32    -           noSched AIO
buffered-aio-read-12ms-ssd          11    -      8   0    data    buffered-aio-randread-qd8 -  noSched AIO
buffered-end-fsync-8ms-s1-hdd       7     -      1   1    journal buffered-write-end-fsync -   noSched SYNC
dio-append-8ms-ssd                  7     -      8   0    journal dio-append-qd4   -           full    AIO
ext4-dio-append-8ms-ssd             7     -      8   0    journal dio-append-qd4   -           full    AIO
uring-buffered-read-12ms-ssd        11    -      8   0    data    uring-buffered-randread-qd4 - noSched URING
fsync32-buffered-4ms-ssd            3     -      8   0    data    buffered-write-fsync32 -     noSched SYNC
writeback-neighbour-reads-4ms-s2-hdd 3    -      2   1    nb      victim-read-qd1  buffered-writer-1m noSched AIO
writeback-neighbour-reads-8ms-s1-hdd 7    -      1   1    nb      victim-read-qd1  buffered-writer-1m noSched AIO
unaligned-psync-j4-8ms-ssd          7     -      8   0    redo    unaligned-psync-j4 -         full    AIO
cgroup-read-iops100-1ms-ssd         0.5   -      8   0    data    randread-qd4     -           full    AIO
blk-cgroup-read-iops100-1ms-ssd     0.5   -      8   0    data    randread-qd4     -           blk     -
kyber-seqwriter-4ms                 3     -      8   0    data    sched-seqwriter  -           full    AIO
cgroup-pread-iops50-1ms-ssd         0.5   -      8   0    data    pread-qd1        -           full    AIO
cgroup-write-iops50-4ms-ssd         2     -      8   0    data    randwrite-qd2    -           noSched AIO
cgroup-read-bps4m-1ms-ssd           0.5   -      8   0    data    randread-128k-qd1 -          noSched AIO
cgroup-read-iops50-12ms-ssd         11    -      8   0    data    randread-qd4     -           noSched AIO
uring-sqpoll-read-12ms-ssd          11    -      8   0    data    uring-sqpoll-randread-qd4 -  noSched URING
rmw-buffered-512b-12ms-ssd          0.5   11     8   0    data    buffered-randwrite-512b -    noSched SYNC
stalls-300ms-2s-1ms-ssd             0.5   -      8   0    data    randread-qd4     -           noSched AIO
stalls-200ms-3s-psync-4ms-hdd       3     -      8   1    data    pread-qd1        -           noSched AIO
stalls-300ms-2s-fsync-1ms-ssd       0.5   -      8   0    journal journal-fsync    -           noSched SYNC
cpuhog8-pread-2ms-ssd               1.5   -      8   0    data    pread-qd1        -           full    AIO
cpuhog8-read-qd4-2ms-ssd            1.5   -      8   0    data    randread-qd4     -           full    AIO
sched-bfq-seqwriter-8ms-hdd         7     -      8   1    data    sched-seqwriter  -           full    AIO
unaligned-16ms-hdd                  15    -      8   1    redo    unaligned        -           noSched AIO
saturated-4ms-s2-qd32-ssd           3     -      2   0    data    randwrite-qd32   -           noSched AIO
noisy-neighbour-2ms-s4-hdd          1.5   -      4   1    nb      victim-4k        restore-1m  noSched AIO
read-50ms-s4-hdd                    49    -      4   1    data    randread-qd4     -           none    -
fsync-journal-16ms-hdd              15    -      8   1    journal journal-fsync    -           app     SYNC
blksys-write-12ms-s4-ssd            11    -      4   0    data    randwrite-qd2    -           blkSys  AIO
psync-readers-6ms-j8-s2-hdd         5     -      2   1    data    psync-read-j8    -           noSched AIO
saturated-2ms-s1-qd8-ssd            1.5   -      1   0    data    randwrite-qd8    -           noSched AIO
slow-16ms-s8-qd8-ssd                15    -      8   0    data    randwrite-qd8    -           noSched AIO
mqdeadline-saturated-3ms-s4-ssd     2     -      4   0    data    randrw-qd16      -           noSched AIO
dirty-buffered-4ms-ssd              3     -      8   0    journal dirty-buffered   -           noSched SYNC
fdatasync-direct-12ms-hdd           11    -      8   1    data    psync-fdatasync  -           noSched SYNC
stacked-loop-on-30ms-hdd            29    -      8   1    stacked stacked-randrw   -           noSched AIO
noisy-neighbour-reader-8ms-s2-hdd   7     -      2   1    nb      victim-read-4k   restore-1m  noSched AIO
osync-journal-12ms-hdd              11    -      8   1    journal journal-osync    -           noSched SYNC
unaligned-read-512b-8ms-ssd         7     -      8   0    data    unaligned-read-512b -        noSched AIO
tagwait-nr4-qd64-2ms-ssd            1.5   -      16  0    data    randwrite-qd64   -           full    AIO
uring-read-40ms-s8-hdd              39    -      8   1    data    uring-randread-qd4 -         noSched URING
oltp-psync-j4-8ms-hdd               7     -      8   1    data    oltp-psync-j4    -           noSched SYNC
stalls-500ms-4s-8ms-hdd             7     -      8   1    data    randread-qd4     -           noSched AIO
seqread-1m-qd8-4ms-s2-ssd           3     -      2   0    data    seqread-1m-qd8   -           noSched AIO
kyber-saturated-4ms-s2-ssd          3     -      2   0    data    randwrite-qd32   -           noSched AIO
buffered-randread-j4-30ms-hdd       29    -      8   1    data    buffered-randread-j4 -       noSched SYNC
psync-writers-4ms-j4-s1-ssd         3     -      1   0    data    psync-write-j4   -           noSched AIO
uring-saturated-8ms-s2-hdd          7     -      2   1    data    uring-randwrite-qd32 -       noSched URING
fsync-journal-2ms-s1-ssd            1.5   -      1   0    journal journal-fsync    -           noSched SYNC
seqwrite-1m-qd32-3ms-s8-ssd         2     -      8   0    data    seqwrite-1m-qd32 -           noSched AIO
reads-30ms-writes-fast-s4-hdd       0.5   29     4   1    data    randrw-qd4       -           noSched AIO
unaligned-overwrite-2ms-ssd         1.5   -      8   0    redow   unaligned        -           noSched AIO
unaligned-1k-4ms-hdd                3     -      8   1    redo    unaligned-1k     -           noSched AIO
stacked-loop-on-100ms-ssd           99    -      8   0    stacked stacked-randrw   -           full    AIO
saturated-1ms-s2-qd64-ssd           0.5   -      2   0    data    randwrite-qd64   -           noSched AIO
writeback-neighbour-reads-2ms-s4-ssd 1.5  -      4   0    nb      victim-read-qd1  buffered-writer-1m noSched AIO
sched-bfq-seqwriter-2ms-s4-hdd      1.5   -      4   1    data    sched-seqwriter  -           noSched AIO
reads-8ms-writes-fast-ssd           0.5   7      8   0    data    randrw-qd4       -           noSched AIO
writes-8ms-reads-fast-ssd           7     0.5    8   0    data    randrw-qd4       -           noSched AIO
stacked-loop-on-4ms-hdd             3     -      8   1    stacked stacked-randrw   -           noSched AIO
saturated-3ms-s1-qd32-hdd           2     -      1   1    data    randwrite-qd32   -           noSched AIO
noisy-neighbour-reader-1ms-s8-ssd   0.5   -      8   0    nb      victim-read-4k   restore-1m  noSched AIO
psync-readers-8ms-j8-s4-hdd         7     -      4   1    data    psync-read-j8    -           noSched AIO
pread-25ms-s8-hdd                   24    -      8   1    data    pread-qd1        -           noSched AIO
pread-16ms-s8-hdd                   15    -      8   1    data    pread-qd1        -           noSched AIO
sched-bfq-seqwriter-4ms-s2-ssd      3     -      2   0    data    sched-seqwriter  -           noSched AIO
neighbour-reads-2ms-s4-ssd          1.5   -      4   0    nb      victim-read-4k   backup-read-1m noSched AIO
stacked-loop-on-12ms-ssd            11    -      8   0    stacked stacked-randrw   -           noSched AIO
sched-bfq-randwriter-8ms-s2-hdd     7     -      2   1    data    sched-randwriter -           noSched AIO
saturated-6ms-s4-qd32-hdd           5     -      4   1    data    randwrite-qd32   -           noSched AIO
stacked-loop-on-50ms-hdd            49    -      8   1    stacked stacked-randrw   -           noSched AIO
noisy-neighbour-16ms-s2-hdd         15    -      2   1    nb      victim-4k        restore-1m  noSched AIO
fsync-journal-4ms-s2-hdd            3     -      2   1    journal journal-fsync    -           noSched SYNC
unaligned-1k-2ms-s2-ssd             1.5   -      2   0    redo    unaligned-1k     -           noSched AIO
sched-bfq-seqwriter-1ms-s8-ssd      0.5   -      8   0    data    sched-seqwriter  -           noSched AIO
saturated-12ms-s8-qd64-hdd          11    -      8   1    data    randwrite-qd64   -           noSched AIO
stacked-loop-on-20ms-ssd            19    -      8   0    stacked stacked-randrw   -           noSched AIO
unaligned-4ms-s4-hdd                3     -      4   1    redo    unaligned        -           noSched AIO
noisy-neighbour-reader-4ms-s4-ssd   3     -      4   0    nb      victim-read-4k   restore-1m  noSched AIO
light-mixed-2ms-s4-hdd              1.5   -      4   1    data    light-mixed      -           noSched AIO
unaligned-2ms-s8-ssd-full           1.5   -      8   0    redo    unaligned        -           full    AIO
sched-bfq-randwriter-4ms-s4-ssd     3     -      4   0    data    sched-randwriter -           full    AIO
read-6ms-s2-qd2-hdd                 5     -      2   1    data    randread-qd2     -           noSched AIO
write-25ms-s4-ssd                   24    -      4   0    data    randwrite-qd2    -           noSched AIO
dsync-write-2ms-s4-hdd              1.5   -      4   1    data    dsync-randwrite-qd1 -        noSched AIO
noisy-neighbour-8ms-s8-ssd          7     -      8   0    nb      victim-4k        restore-1m  noSched AIO
uring-read-8ms-s4-hdd               7     -      4   1    data    uring-randread-qd4 -         noSched URING
pread-40ms-s8-hdd                   39    -      8   1    data    pread-qd1        -           noSched AIO
saturated-3ms-s8-qd64-ssd           2     -      8   0    data    randwrite-qd64   -           noSched AIO
noisy-neighbour-reader-16ms-s4-hdd  15    -      4   1    nb      victim-read-4k   restore-1m  noSched AIO
buffered-randread-j4-4ms-ssd        3     -      8   0    data    buffered-randread-j4 -       noSched SYNC
unaligned-psync-j4-2ms-s4-hdd       1.5   -      4   1    redo    unaligned-psync-j4 -         noSched AIO
fsync-journal-12ms-s4-ssd           11    -      4   0    journal journal-fsync    -           noSched SYNC
randrw-qd16-12ms-s2-hdd             11    -      2   1    data    randrw-qd16      -           noSched AIO
psync-writers-12ms-j4-s2-ssd        11    -      2   0    data    psync-write-j4   -           noSched AIO
noisy-neighbour-reader-2ms-s1-ssd   1.5   -      1   0    nb      victim-read-4k   restore-1m  noSched AIO
uring-saturated-6ms-s4-qd32-hdd     5     -      4   1    data    uring-randwrite-qd32 -       noSched URING
reads-40ms-writes-fast-s2-hdd       0.5   39     2   1    data    randrw-qd4       -           noSched AIO
blk-fsync-journal-8ms-s2-ssd        7     -      2   0    journal journal-fsync    -           blk     -
noisy-neighbour-reader-8ms-s4-hdd-app 7   -      4   1    nb      victim-read-4k   restore-1m  app     AIO
psync-readers-20ms-j8-s8-ssd        19    -      8   0    data    psync-read-j8    -           noSched AIO
saturated-12ms-s1-qd4-hdd           11    -      1   1    data    randwrite-qd4    -           noSched AIO
saturated-12ms-s1-qd4-hdd-midrun    11    -      1   1    data    randwrite-qd4    -           noSched AIO
unaligned-1k-8ms-s2-hdd-full        7     -      2   1    redo    unaligned-1k     -           full    AIO
psync-writers-8ms-j4-s1-ssd         7     -      1   0    data    psync-write-j4   -           noSched AIO
slow-25ms-s12-qd12-hdd              24    -      12  1    data    randread-qd12    -           noSched AIO
slow-30ms-s12-qd12-ssd              29    -      12  0    data    randwrite-qd12   -           noSched AIO
fdatasync-direct-8ms-s4-ssd         7     -      4   0    data    psync-fdatasync  -           noSched SYNC
psync-readers-12ms-j8-s2-ssd        11    -      2   0    data    psync-read-j8    -           noSched AIO
slow-40ms-s12-qd16-hdd              39    -      12  1    data    randrw-qd16      -           noSched AIO
psync-writers-20ms-j4-s4-ssd        19    -      4   0    data    psync-write-j4   -           noSched AIO
read-2ms-s12-qd12-ssd               1.5   -      12  0    data    randread-qd12    -           noSched AIO
fsync-behind-writeback-8ms-s2-hdd   7     -      2   1    nb      journal-fsync    buffered-writer-1m noSched SYNC
two-readers-20ms-s8-ssd             19    -      8   0    nb      randread-qd4     neighbour-randread-qd4 noSched AIO
ext4-noisy-neighbour-4ms            2     -      8   0    nb      victim-4k        restore-1m  noSched AIO
seqread-1m-qd2-20ms-s8-ssd          19    -      8   0    data    seqread-1m-qd2   -           noSched AIO
seqwrite-1m-qd4-12ms-s2-hdd         11    -      2   1    data    seqwrite-1m-qd4  -           noSched AIO
ext4-fdatasync-direct-8ms-ssd       7     -      8   0    data    psync-fdatasync  -           noSched SYNC
writeback-neighbour-reads-4ms-s2-hdd-whole 3 -   2   1    nb      victim-read-qd1  buffered-writer-1m noSched AIO
uring-saturated-6ms-s4-qd32-hdd-start 5  -      4   1    data    uring-randwrite-qd32 -       noSched URING
randrw-j4-qd8-25ms-s8-ssd           24    -      8   0    data    randrw-70-30-j4-qd8 -        noSched AIO
dsync-write-12ms-s4-hdd             11    -      4   1    data    dsync-randwrite-qd1 -        noSched AIO
noisy-neighbour-reader-30ms-s8-ssd  29    -      8   0    nb      victim-read-4k   restore-1m  noSched AIO
reads-30ms-mostly-writes-s2-hdd     0.5   29     2   1    data    randrw-10-90     -           noSched AIO
fsync32-buffered-12ms-s2-hdd        11    -      2   1    data    buffered-write-fsync32 -     noSched SYNC
blk-saturated-6ms-s2-qd32-hdd       5     -      2   1    data    randwrite-qd32   -           blk     -
uring-write-12ms-s8-qd32-ssd        11    -      8   0    data    uring-randwrite-qd32 -       noSched URING
ext4-noisy-neighbour-reader-8ms-s4-hdd 7  -      4   1    nb      victim-read-4k   restore-1m  noSched AIO
dd-direct-write-25ms-s1-hdd         24    -      1   1    data    dd-direct-write-64k -        none    -
psync-readers-2ms-j8-s8-ssd         1.5   -      8   0    data    psync-read-j8    -           noSched AIO
randrw-j4-qd8-writes-12ms-reads-fast-s4-ssd 11 0.5 4 0   data    randrw-70-30-j4-qd8 -        noSched AIO
randrw-j4-qd8-reads-12ms-writes-fast-s4-ssd 0.5 11 4 0   data    randrw-70-30-j4-qd8 -        noSched AIO
mqdeadline-randrw-writes-12ms-reads-fast-s4-ssd 11 0.5 4 0 data   randrw-70-30-j4-qd8 -        noSched AIO
randrw-j4-qd8-writes-6ms-reads-fast-s8-hdd 5 0.5  8   1    data    randrw-70-30-j4-qd8 -        noSched AIO
fsync32-buffered-20ms-s4-ssd        19    -      4   0    data    buffered-write-fsync32 -     noSched SYNC
ext4-fsync32-buffered-8ms-s2-hdd    7     -      2   1    data    buffered-write-fsync32 -     noSched SYNC
psync-writers-3ms-j4-s4-ssd         2     -      4   0    data    psync-write-j4   -           noSched AIO
randrw-j4-qd8-writes-25ms-reads-fast-s8-hdd 24 0.5 8 1  data    randrw-70-30-j4-qd8 -        noSched AIO
ext4-randrw-j4-qd8-writes-12ms-reads-fast-s4-ssd 11 0.5 4 0 data   randrw-70-30-j4-qd8 -        noSched AIO
blk-neighbour-reads-12ms-hdd        11    -      8   1    nb      victim-read-4k   backup-read-1m blk     -
blk-cgroup-pread-iops50-4ms-ssd     2     -      8   0    data    pread-qd1        -           blk     -
blk-cgroup-read-bps4m-8ms-hdd       7     -      8   1    data    randread-128k-qd1 -          blk     -
blk-cgroup-write-iops50-4ms-ssd     2     -      8   0    data    randwrite-qd2    -           blk     -
neighbour-reads-40ms-hdd            39    -      8   1    nb      victim-read-4k   backup-read-1m noSched AIO
blk-noisy-neighbour-reader-8ms-s2-hdd 7   -      2   1    nb      victim-read-4k   restore-1m  blk     -
blk-fsync-behind-writeback-8ms-s2-hdd 7   -      2   1    nb      journal-fsync    buffered-writer-1m blk -
blk-dsync-write-12ms-s4-hdd         11    -      4   1    data    dsync-randwrite-qd1 -        blk     -
blk-writeback-neighbour-reads-8ms-s1-hdd 7 -     1   1    nb      victim-read-qd1  buffered-writer-1m blk -
blk-osync-open-8ms-hdd              7     -      8   1    journal journal-osync    -           blk     -
blk-unaligned-psync-j4-8ms-ssd      7     -      8   0    redo    unaligned-psync-j4 -         blk     -
blk-mqdeadline-saturated-8ms-s2-hdd 7     -      2   1    data    randrw-qd16      -           blk     -
blk-uring-read-12ms-s8-ssd          11    -      8   0    data    uring-randread-qd4 -         blk     -
blk-buffered-randread-j4-12ms-ssd   11    -      8   0    data    buffered-randread-j4 -       blk     -
blk-read-150ms-s8-hdd               149   -      8   1    data    randread-qd2     -           blk     -
blk-cgroup-read-iops50-12ms-ssd     11    -      8   0    data    randread-qd4     -           blk     -
blk-noisy-neighbour-16ms-s2-hdd     15    -      2   1    nb      victim-4k        restore-1m  blk     -
ext4-blk-osync-open-8ms-hdd         7     -      8   1    journal journal-osync    -           blk     -
blksys-noisy-neighbour-reader-8ms-s2-hdd 7 -     2   1    nb      victim-read-4k   restore-1m  blkSys  AIO
blksys-fsync-behind-writeback-8ms-s2-hdd 7 -     2   1    nb      journal-fsync    buffered-writer-1m blkSys SYNC
blksys-cgroup-read-iops100-1ms-ssd  0.5   -      8   0    data    randread-qd4     -           blkSys  AIO
blk-dirty-dd-8ms-hdd                7     -      8   1    journal dd-buffered-write-1m -       blk     -
blk-psync-readers-2ms-j8-s8-ssd     1.5   -      8   0    data    psync-read-j8    -           blk     -
blk-fsync32-buffered-12ms-s2-hdd    11    -      2   1    data    buffered-write-fsync32 -     blk     -
cpuhog8-read-qd4-12ms-ssd           11    -      8   0    data    randread-qd4     -           full    AIO
blk-cpuhog8-read-qd4-12ms-ssd       11    -      8   0    data    randread-qd4     -           blk     -
zram-randread-qd4                   -     -      -   0    data    randread-qd4     -           blk     -
zram-cpuhog8-randread-qd4           -     -      -   0    data    randread-qd4     -           blk     -
zram-randwrite-qd2                  -     -      -   0    data    randwrite-qd2    -           blk     -
EOF
}
if [ "$CELL" = list ]; then table; exit 0; fi
row=$(table | awk -v c="$CELL" '$1 == c')
[ -n "$row" ] || { echo "unknown cell $CELL (record-grid.sh list)"; exit 2; }
read -r _ DELAY RDELAY THR ROTA FILES JOB NB COLL SC <<< "$row"
[ "$RDELAY" = - ] && RDELAY=$DELAY
case $SC in AIO) SYSCALLS=$AIO ;; SYNC) SYSCALLS=$SYNC ;; URING) SYSCALLS=$URING ;; *) SYSCALLS= ;; esac
SIZE=1G; [ "$FILES" = nb ] && SIZE=3G; { [ "$FILES" = redo ] || [ "$FILES" = redow ]; } && SIZE=2G
NAME=grid; MNT=/mnt/grid
# the filesystem: XFS, or ext4 for a cell named ext4-CELL (the same set-up as CELL otherwise)
FS=xfs; case $CELL in ext4-*) FS=ext4 ;; btrfs-*) FS=btrfs ;; esac
OUT=/tmp/iocap/grid/$CELL; BUNDLE=$OUT/bundle; RAW=$OUT/raw
CTL=/tmp/slowfs.delay_ms
if [ -e "$CTL" ]; then echo "$CTL present: someone overrides delays; not recording"; exit 1; fi
[ "$NB" = - ] || [ -x /usr/local/bin/restore ] || cp "$(command -v fio)" /usr/local/bin/restore
rm -rf "$OUT"; mkdir -p "$BUNDLE" "$RAW" "$MNT"

dev=; d=; upper=; u=; dev2=; d2=; PIDS=(); HOGS=(); NR=; BLKPID=; CGROUP=
MNT2=/mnt/grid2; TWO=
case $CELL in
two-devs-read-20ms-and-sat-2ms)  TWO="1.5 1.5 1 0" ;;
two-devs-slow-writes-fast-reads) TWO="0.5 0.5 8 0" ;;
esac
DIRTY=
PGDATA=
# the workload's command: fio, or the program a grid-jobs/*.sh script runs
COMM=fio
case $JOB in dd-*) COMM=dd ;; cat-*) COMM=cat ;; sqlite-*) COMM=sqlite3 ;; pgbench-*) COMM=postgres ;; esac
teardown() {
    rm -f "$CTL"
    for p in "${HOGS[@]}"; do kill "$p" 2>/dev/null; done
    [ -n "$PGDATA" ] && su postgres -c "pg_ctl -D $PGDATA stop -m fast" > /dev/null 2>&1
    if [ -n "$DIRTY" ]; then
        echo 0 > "$DIRTY/strict_limit"; echo 100 > "$DIRTY/max_ratio"   # max_bytes follows the ratio
    fi
    for p in "${PIDS[@]}"; do kill -INT "$p" 2>/dev/null; done
    for p in "${PIDS[@]}"; do wait "$p" 2>/dev/null; done
    [ -n "$upper" ] && losetup -d "$upper" 2>/dev/null
    mountpoint -q "$MNT" && umount "$MNT"
    mountpoint -q "$MNT2" && umount "$MNT2"
    # a loop device's queue settings outlive losetup -d: leave the defaults for the next user
    for x in $d $u $d2; do
        [ -e "/sys/block/$x/queue/rotational" ] && echo 0 > "/sys/block/$x/queue/rotational"
        [ -e "/sys/block/$x/queue/scheduler" ] && echo none > "/sys/block/$x/queue/scheduler" 2>/dev/null
        # Linux 6.18 keeps a shrunk tag bitmap when nr_requests is written back to the value it still
        # reads (debugfs block/loopN/hctx0/tags: depth=4 under nr_requests 128): another value first
        [ -e "/sys/block/$x/queue/nr_requests" ] && { echo 64 > "/sys/block/$x/queue/nr_requests"
            echo 128 > "/sys/block/$x/queue/nr_requests"; } 2>/dev/null
    done
    if [ -n "$ZRAM" ]; then echo 1 > /sys/block/zram0/reset; else "$SLOWDEV" down "$NAME" || true; fi
    [ -n "$CGROUP" ] && rmdir "$CGROUP" 2>/dev/null
    [ -n "$TWO" ] && { "$SLOWDEV" down grid2 || true; }
}
trap teardown EXIT

ZRAM=; case $CELL in zram-*) ZRAM=1 ;; esac
if [ -n "$ZRAM" ]; then
    echo 1 > /sys/block/zram0/reset && echo lz4 > /sys/block/zram0/comp_algorithm \
        && echo "$SIZE" > /sys/block/zram0/disksize && dev=/dev/zram0 || exit 1
else
    dev=$("$SLOWDEV" up "$NAME" "$SIZE" "$DELAY" "$THR" "$RDELAY") || exit 1
fi
if [ -n "$TWO" ]; then
    read -r DELAY2 RDELAY2 THR2 ROTA2 <<< "$TWO"
    dev2=$("$SLOWDEV" up grid2 1G "$DELAY2" "$THR2" "$RDELAY2") || exit 1
    d2=$(basename "$dev2")
fi
[ -n "$dev" ] || exit 1
d=$(basename "$dev")
# the files are laid out at full speed: the delay file overrides slowfs.py's delays until the run
echo 0 > "$CTL"
echo "$ROTA" > "/sys/block/$d/queue/rotational" || exit 1
SCHED=; IOSCHED_SET=; NR_REQUESTS=
BASE=${CELL#ext4-}; BASE=${BASE#btrfs-}   # an ext4- or btrfs- cell: the XFS cell it repeats
case $BASE in
sched-bfq-*|blk-sched-bfq-*|blksys-sched-bfq-*) SCHED=bfq; IOSCHED_SET=strict_guarantees=1 ;;
sched-bfqdefault-*) SCHED=bfq ;;
tagwait-nr4-*) NR_REQUESTS=4 ;;
mqdeadline-*|blk-mqdeadline-*) SCHED=mq-deadline ;;
kyber-*) SCHED=kyber ;;
esac
# (by name) *cgroup-read-iopsN-*, *cgroup-pread-iopsN-*, *cgroup-write-iopsN-*, *cgroup-read-bpsNm-*: the workload
# runs in a blkio cgroup (v1) whose reads (writes) of the device are held to N a second (N MiB a second)
# (blkio.throttle.read_iops_device, write_iops_device: what docker --device-read-iops or systemd's
# IOReadIOPSMax set): the bundle holds nothing of the cgroup, as a customer's rarely does
THROTTLE=
case $CELL in
*cgroup-read-iops*|*cgroup-pread-iops*) THROTTLE="read_iops_device $(echo "$CELL" | sed 's/.*-iops\([0-9]*\)-.*/\1/')" ;;
*cgroup-write-iops*) THROTTLE="write_iops_device $(echo "$CELL" | sed 's/.*-iops\([0-9]*\)-.*/\1/')" ;;
*cgroup-read-bps*) THROTTLE="read_bps_device $(( $(echo "$CELL" | sed 's/.*-bps\([0-9]*\)m-.*/\1/') << 20 ))" ;;
esac
[ -n "$THROTTLE" ] && CGROUP=/sys/fs/cgroup/blkio/iocap-grid
[ -n "$SCHED" ] && { echo "$SCHED" > "/sys/block/$d/queue/scheduler" || exit 1; }
for kv in $IOSCHED_SET; do echo "${kv#*=}" > "/sys/block/$d/queue/iosched/${kv%%=*}" || exit 1; done
[ -n "$NR_REQUESTS" ] && { echo "$NR_REQUESTS" > "/sys/block/$d/queue/nr_requests" || exit 1; }
echo "device $dev ($DELAY ms writes, $RDELAY ms reads, x $THR), rotational $ROTA"
if [ "$FS" = ext4 ]; then
    # the inode tables and the journal written now, not by ext4lazyinit in the background of the run
    mkfs.ext4 -F -q -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 "$dev" && mount "$dev" "$MNT" || exit 1
elif [ "$FS" = btrfs ]; then
    mkfs.btrfs -f -q "$dev" && mount "$dev" "$MNT" || exit 1
else
    mkfs.xfs -f -q -b size=4096 "$dev" && mount "$dev" "$MNT" || exit 1
fi
case $FILES in
data)    dd if=/dev/urandom of="$MNT/data" bs=1M count=64 oflag=direct status=none ;;
nb)      dd if=/dev/urandom of="$MNT/data" bs=1M count=64 oflag=direct status=none
         dd if=/dev/zero of="$MNT/restore.img" bs=1M count=1024 oflag=direct status=none ;;
redo)    fallocate -l 512M "$MNT/redo01.log" ;;   # fresh unwritten extents
redow)   dd if=/dev/zero of="$MNT/redo01.log" bs=1M count=512 oflag=direct status=none ;;  # written: overwrites
journal) ;;
pg|pg20) install -d -o postgres "$MNT/pg"; PGDATA=$MNT/pg/data; SCALE=5; [ "$FILES" = pg20 ] && SCALE=20
         su postgres -c "initdb -D $PGDATA -A trust -U postgres" > "$RAW/initdb.log" 2>&1 || exit 1
         su postgres -c "pg_ctl -D $PGDATA -l $MNT/pg/postgres.log -w -o '-k /tmp -c listen_addresses=' start" > "$RAW/pg_ctl.log" 2>&1 || exit 1
         su postgres -c "pgbench -h /tmp -i -s $SCALE postgres" > "$RAW/pgbench-init.log" 2>&1 || exit 1
         su postgres -c "psql -h /tmp -c checkpoint postgres" >> "$RAW/pgbench-init.log" 2>&1 || exit 1
         # pg20: the tables (300 MB) out of the page cache, so that reads the shared buffers miss reach the device
         [ "$FILES" = pg20 ] && { sync; echo 3 > /proc/sys/vm/drop_caches; } ;;
stacked) dd if=/dev/zero of="$MNT/upper.img" bs=1M count=256 oflag=direct status=none
         upper=$(losetup -f --show --direct-io=on "$MNT/upper.img") || exit 1
         u=$(basename "$upper") ;;
esac
if [ -n "$dev2" ]; then
    echo "$ROTA2" > "/sys/block/$d2/queue/rotational" || exit 1
    mkdir -p "$MNT2"
    mkfs.xfs -f -q -b size=4096 "$dev2" && mount "$dev2" "$MNT2" || exit 1
    dd if=/dev/urandom of="$MNT2/data" bs=1M count=64 oflag=direct status=none
    echo "second device $dev2 ($DELAY2 ms writes, $RDELAY2 ms reads, x $THR2), rotational $ROTA2"
fi
sync
rm -f "$CTL"

if [ -n "$CGROUP" ]; then
    mkdir -p "$CGROUP" || exit 1
    echo "$(cat "/sys/block/$d/dev") ${THROTTLE#* }" > "$CGROUP/blkio.throttle.${THROTTLE%% *}" || exit 1
    echo "cgroup $CGROUP: blkio.throttle.${THROTTLE%% *} $(cat "$CGROUP/blkio.throttle.${THROTTLE%% *}")" >> "$RAW/setup.txt.pre"
fi
case $BASE in dirty-*)
    # the device's share of the page cache is held to 16 MiB of dirty data (its bdi's strict limit): a
    # writer faster than the device is throttled within the run (balance_dirty_pages), as on a machine
    # with little memory. The global limits stay: strace's, perf's and slowfs.py's own writes to the
    # root file system would be throttled too, and stall the capture.
    DIRTY=/sys/class/bdi/$(cat "/sys/block/$d/dev")
    echo $((16 << 20)) > "$DIRTY/max_bytes" && echo 1 > "$DIRTY/strict_limit" || exit 1 ;;
esac
cd "$BUNDLE"
DEVS="$dev${upper:+ $upper}${dev2:+ $dev2}"
uname -a > uname.txt
lsblk -o NAME,MAJ:MIN,SIZE,TYPE,FSTYPE,MOUNTPOINT,ROTA,TRAN,MODEL,LOG-SEC,PHY-SEC,MIN-IO,SCHED,RQ-SIZE,RA $DEVS > lsblk.txt
cat /proc/mounts > mounts.txt
# losetup -l with two devices would take the second for the first's backing file
if [ -n "$upper" ]; then losetup -l > losetup.txt 2>&1; elif [ -z "$ZRAM" ]; then losetup -l "$dev" > losetup.txt 2>&1; fi
: > scheduler.txt; : > queue-settings.txt
for x in $d $u $d2; do
    # a bio-based device (zram) has neither a scheduler nor request tags
    [ -e "/sys/block/$x/queue/scheduler" ] && echo "/sys/block/$x/queue/scheduler: $(cat /sys/block/$x/queue/scheduler)" >> scheduler.txt
    for p in nr_requests logical_block_size physical_block_size max_sectors_kb rotational nomerges write_cache fua; do
        [ -e "/sys/block/$x/queue/$p" ] && echo "/sys/block/$x/queue/$p: $(cat /sys/block/$x/queue/$p)" >> queue-settings.txt
    done
done
# ext4: its superblock's figures beside the bundle (dumpe2fs -h is no format ioverdict reads); mounts.txt says ext4
case $FS in
ext4)  dumpe2fs -h "$dev" > "$RAW/dumpe2fs.txt" 2>&1 ;;
btrfs) btrfs filesystem show "$MNT" > "$RAW/btrfs-show.txt" 2>&1 ;;
*)     xfs_info "$MNT" > xfs_info.txt 2>&1 ;;
esac
[ -n "$dev2" ] && xfs_info "$MNT2" > xfs_info-grid2.txt 2>&1
if [ -d "/sys/block/$d/queue/iosched" ]; then
    for f in /sys/block/$d/queue/iosched/*; do echo "$f: $(cat "$f")"; done > iosched-settings.txt
fi
if [ -f "$HERE/grid-jobs/$JOB.sh" ]; then cp "$HERE/grid-jobs/$JOB.sh" "$RAW/"
else sed "s#/dev/loop1#${upper:-/dev/loop1}#" "$HERE/grid-jobs/$JOB.fio" > "$JOB.fio"; fi
[ "$NB" = - ] || cp "$HERE/grid-jobs/$NB.fio" "$NB.fio"
DEVSETUP="slowdev-rw.sh up $NAME $SIZE $DELAY $THR $RDELAY"
[ -n "$ZRAM" ] && DEVSETUP="zram0 reset, comp_algorithm lz4, disksize $SIZE"
printf 'cell %s: %s -> %s%s, rotational %s, files %s, job %s, neighbour %s, collectors %s (syscalls: %s)\n' \
    "$CELL" "$DEVSETUP" "$dev" "${upper:+ under $upper}" "$ROTA" "$FILES" "$JOB" "$NB" "$COLL" "${SYSCALLS:-none}" > "$RAW/setup.txt"
[ -f "$RAW/setup.txt.pre" ] && cat "$RAW/setup.txt.pre" >> "$RAW/setup.txt" && rm -f "$RAW/setup.txt.pre"
[ -n "$dev2" ] && echo "second device: slowdev-rw.sh up grid2 1G $DELAY2 $THR2 $RDELAY2 -> $dev2, rotational $ROTA2, XFS on $MNT2 with data (64 MiB written)" >> "$RAW/setup.txt"

iostat -x -t 1 > iostat-x.txt 2>&1 & PIDS+=($!)
if [ "$COLL" = blk ] || [ "$COLL" = blkSys ]; then
    # the run's 2 s lead, its 8 s and 2 s after
    "$HERE/blktrace-ftrace-grid.sh" "$d" 12 "$RAW/blktrace" > "$RAW/blktrace.log" 2>&1 & BLKPID=$!
fi
if [ "$COLL" != none ] && [ "$COLL" != blk ]; then
    # (blkSys: the syscalls only, its block layer is blktrace's)
    # system-wide sys_enter/sys_exit of the I/O syscalls; left out: perf's own (its pid is the shell's
    # it execs from), else it traces its own writes, and slowfs.py's threads (the slow disk's
    # firmware, so to speak: its pwrite64/pread64 to the backing file are not the host's I/O)
    NOT=; [ -n "$ZRAM" ] || NOT=$(for t in /proc/$(cat /tmp/iocap/slowdev/$NAME/pid)/task/* ${dev2:+/proc/$(cat /tmp/iocap/slowdev/grid2/pid)/task/*}; do printf ' && common_pid != %s' "${t##*/}"; done)
    # with read and write, system-wide would be megabytes of the other jobs on the machine (shells,
    # compilers): the syscalls are then those of the workload's commands only
    [ "$SC" = SYNC ] && NOT=' && (comm == "fio" || comm == "restore")'
    [ "$SC" = SYNC ] && [ "$COMM" != fio ] && NOT=" && comm == \"$COMM\""
    bash -c 'out=$1; not=$2; shift 2; a=(); for s in "$@"; do for k in enter exit; do a+=(-e "syscalls:sys_${k}_$s" --filter "common_pid != $$$not"); done; done; exec perf record -a -o "$out" "${a[@]}"' \
        perfsys "$RAW/syscalls.data" "$NOT" $SYSCALLS > "$RAW/syscalls.log" 2>&1 & PIDS+=($!)
    if [ "$COLL" != blkSys ]; then
        perf record -a -o "$RAW/block.data" -e block:block_bio_queue,block:block_bio_backmerge,block:block_bio_frontmerge,block:block_getrq,block:block_rq_insert,block:block_rq_issue,block:block_rq_requeue,block:block_rq_complete,block:block_split,block:block_bio_remap,block:block_rq_remap > "$RAW/block.log" 2>&1 & PIDS+=($!)
    fi
fi
case $COLL in
full) # fio going to sleep (S or D, not strace's ptrace stops) with its kernel stack, and fio waking up
    perf record -a -g -o "$RAW/sched.data" -e sched:sched_switch \
        --filter '(prev_comm == "fio" && (prev_state == 1 || prev_state == 2)) || next_comm == "fio"' > "$RAW/sched.log" 2>&1 & PIDS+=($!) ;;
app)  # fio's switch-outs only, with their stacks: no switch-ins
    perf record -a -g -o "$RAW/sched.data" -e sched:sched_switch --filter 'prev_comm == "fio"' > "$RAW/sched.log" 2>&1 & PIDS+=($!) ;;
esac
sleep 2
NBPID=
if [ "$NB" != - ]; then
    date '+neighbour start %F %T.%N' >> "$RAW/times.txt"
    /usr/local/bin/restore --output="$BUNDLE/restore.out" "$NB.fio" & NBPID=$!
    sleep 0.5
fi
# (by name) *stalls-Nms-Ps-*: every P seconds of the run the device stalls for N ms: every request it
# serves in that stretch sleeps N ms (slowfs.py's delay file), as an array controller's or an SSD's
# garbage collection pause; the rest of the time it serves as DELAY and RDELAY say
STALLPID=
case $CELL in *stalls-*ms-*s-*)
    STALL=$(echo "$CELL" | sed 's/.*stalls-\([0-9]*\)ms-\([0-9]*\)s-.*/\1 \2/')
    echo "stalls: every ${STALL#* } s the device sleeps ${STALL% *} ms per request for ${STALL% *} ms" >> "$RAW/setup.txt"
    bash -c 'ms=$1; every=$2; ctl=$3; log=$4; while :; do sleep "$(echo "$every - $ms / 1000" | bc -l)"
        echo "$ms" > "$ctl"; date "+stall start %F %T.%N" >> "$log"; sleep "$(echo "$ms / 1000" | bc -l)"
        rm -f "$ctl"; date "+stall end %F %T.%N" >> "$log"; done' stall ${STALL% *} ${STALL#* } "$CTL" "$RAW/times.txt" &
    STALLPID=$! ;;
esac
# (by name) *cpuhogN-*: N busy loops (shells spinning, as a batch job or a runaway process would) hold
# the CPUs through the run at the workload's own priority: the workload waits for a CPU after each wake-up
case $CELL in *cpuhog[0-9]*-*)
    NHOG=$(echo "$CELL" | sed 's/.*cpuhog\([0-9]*\)-.*/\1/')
    echo "cpu hogs: $NHOG busy loops on $(nproc) CPUs through the run" >> "$RAW/setup.txt"
    for _ in $(seq "$NHOG"); do bash -c 'while :; do :; done' & HOGS+=($!); done ;;
esac
date '+workload start %F %T.%N' >> "$RAW/times.txt"
if [ -f "$HERE/grid-jobs/$JOB.sh" ]; then bash "$HERE/grid-jobs/$JOB.sh" "$MNT" "$BUNDLE" "$RAW"
elif [ -n "$CGROUP" ]; then
    bash -c 'echo $$ > "$1/cgroup.procs" && shift && exec "$@"' cg "$CGROUP" \
        strace -f -ttT -o "$BUNDLE/strace-fio.txt" fio --output="$BUNDLE/fio.out" "$JOB.fio"
else strace -f -ttT -o "$BUNDLE/strace-fio.txt" fio --output="$BUNDLE/fio.out" "$JOB.fio"; fi
date '+workload end %F %T.%N' >> "$RAW/times.txt"
[ -n "$STALLPID" ] && { kill "$STALLPID" 2>/dev/null; wait "$STALLPID" 2>/dev/null; rm -f "$CTL"; }
for p in "${HOGS[@]}"; do kill "$p" 2>/dev/null; wait "$p" 2>/dev/null; done
[ -n "$NBPID" ] && wait "$NBPID"
date '+neighbour end %F %T.%N' >> "$RAW/times.txt"
sleep 2
[ -n "$BLKPID" ] && wait "$BLKPID"   # it stops by itself, then converts what it recorded
for p in "${PIDS[@]}"; do kill -INT "$p" 2>/dev/null; done
for p in "${PIDS[@]}"; do wait "$p" 2>/dev/null; done
PIDS=()
[ -f "$RAW/syscalls.data" ] && perf script -i "$RAW/syscalls.data" > "$BUNDLE/perf-syscalls.txt" 2> "$RAW/syscalls.err"
[ -f "$RAW/block.data" ] && perf script -i "$RAW/block.data" > "$BUNDLE/perf-block.txt" 2> "$RAW/block.err"
[ -f "$RAW/sched.data" ] && perf script -i "$RAW/sched.data" > "$BUNDLE/perf-sched-stacks.txt" 2> "$RAW/sched.err"
rm -f "$RAW"/*.data
if [ "$COLL" = blk ] || [ "$COLL" = blkSys ]; then
    mkdir -p "$BUNDLE/blktrace"
    cp "$RAW"/blktrace/"$d".blktrace.* "$BUNDLE/blktrace/"
    blkparse -i "$d" -D "$RAW/blktrace" -o "$BUNDLE/blkparse.txt" > /dev/null 2>&1
fi
cat "$RAW/setup.txt" "$RAW"/*.log "$RAW/times.txt" 2>/dev/null
ls -la "$BUNDLE"
