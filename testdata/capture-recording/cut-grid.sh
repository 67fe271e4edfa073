#!/bin/bash
# cut-grid.sh [CELL...] - cuts each recorded cell (/tmp/iocap/grid/CELL/bundle, from record-grid.sh)
# into testdata/grid/CELL/bundle with cut-grid.py, and writes what was kept into
# testdata/grid/CELL/cut.txt. Windows are seconds after the workload's (COMM: fio, dd, sqlite3,
# postgres) first I/O syscall (REF); the steady
# state is 2..5 s of the 8 s run unless the cell says otherwise; the sleep stacks are cut shorter
# (they are 5-10 KB per I/O) so that each bundle stays near 2 MB.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
GRID=$HERE/../grid
cells=("$@")
[ ${#cells[@]} -gt 0 ] || cells=($("$HERE/record-grid.sh" list | awk '{print $1}'))
for c in "${cells[@]}"; do
    REF=io_submit; W=2:5; S=; COMM=fio; DROP=
    base=${c#ext4-}; base=${base#btrfs-}   # an ext4- or btrfs- cell is cut as the XFS cell it repeats
    case $base in
    *-whole)                    REF=pread64; W=: ;;  # the same run as CELL without -whole, kept whole: ramp-up and tail
    uring-*-start)              REF=io_uring_enter; W=:2 ;;  # the same run as CELL without -start, from the start: the open, fio's job file read
    dd-direct-write-*)          REF=write; COMM=dd; W=:3 ;;   # from the start: the open (O_DIRECT) and dup2 to fd 1
    dd-direct-read-*)           REF=read; COMM=dd; W=:3 ;;
    dirty-dd-*)                 REF=write; COMM=dd ;;
    cat-seqread-*)              REF=read; COMM=cat ;;
    posixaio-*)                 REF=pread64 ;;   # glibc's AIO helper threads
    mmap-*)                     REF=madvise; DROP=perf-syscalls.txt ;;  # fio maps the file, advises MADV_RANDOM, then
                                                 # page faults only: no AIO-set syscall in the window (0 lines)
    sqlite-*)                   REF=fdatasync,fsync; COMM=sqlite3; W=:3 ;;
    pgbench-select-*)           REF=pread64; COMM=postgres ;;
    pgbench-*)                  REF=fdatasync; COMM=postgres ;;
    read-8ms-s1-ssd)            REF=pread64; S=2:2.35 ;;
    pread-*)                    REF=pread64 ;;
    victim-alone-1ms)           REF=pwrite64; W=4.5:7.5; S=4.5:4.8 ;;  # 2..5 s holds a burst of host stalls
    victim-alone-4ms)           REF=pwrite64 ;;
    noisy-neighbour-1ms)        REF=pwrite64; W=2:4; S=2:2.5 ;;
    noisy-neighbour-4ms)        REF=pwrite64; W=2:4 ;;
    noisy-neighbour-reader-*)   REF=pread64; W=2:4 ;;
    noisy-neighbour-8ms-hdd)    REF=pwrite64; W=2:4 ;;
    noisy-neighbour-*-hdd)      REF=pwrite64; W=2:4 ;;
    noisy-neighbour-*-ssd)      REF=pwrite64; W=2:4 ;;
    psync-readers-*-s[24]-hdd)  REF=pread64; W=:3 ;;  # from the start: the eight threads' first reads, into an empty device
    psync-readers-2ms-*)        REF=pread64; W=2:2.6; S=2:2.2 ;;  # eight readers, ~4000 I/O a second
    psync-readers-*)            REF=pread64; S=2:2.2 ;;
    fdatasync-direct-*)         REF=pwrite64 ;;
    two-devs-read-*)            W=2:4 ;;
    two-devs-slow-writes-*)     W=2:2.6 ;;       # ~2800 I/O a second over the two devices
    saturated-*-psync)          REF=pwrite64; W=2:3.5 ;;  # sixteen threads, ~570 I/O a second
    sched-bfqdefault-*)         W=2:3.2 ;;       # ~1000 I/O a second
    seqread-buffered-*)         REF=pread64 ;;
    fsync-journal-*)            REF=fsync; S=2:2.6 ;;
    fsync-behind-writeback-*)   REF=fsync; W=:5 ;;  # from the start: the committer alone, then the copy's writeback
    buffered-no-fsync-*)        REF=write ;;
    osync-journal-*)            REF=write ;;
    osync-open-*)               REF=write; W=:3 ;;   # from the start: the trace holds the file's open (O_SYNC)
    sync-read-*)                REF=lseek ;;
    uring-sqpoll-*)             echo "$c: not cut (testdata/grid/$c/cut.txt says how it was kept)"; continue ;;
    uring-*)                    REF=io_uring_enter ;;
    dsync-open-*)               REF=pwrite64; W=:3 ;;  # from the start: the open with O_DSYNC
    dirty-buffered-*)           REF=write ;;
    oltp-*)                     REF=pread64 ;;
    buffered-randread-*)        REF=pread64 ;;
    neighbour-reads-*)          REF=pread64; W=2:4 ;;
    saturated-4ms-s4-qd64)      W=2:3 ;;         # ~1200 I/O a second
    *-midrun)                   W=2:4.5 ;;       # the same run as CELL without -midrun, cut mid-run: no request into an empty device
    read-*-s12-qd12-*)          W=:1 ;;          # from the start, 1 s: ~3000 reads a second
    saturated-*-s1-qd8-*|saturated-*-s1-qd4-*|slow-*-qd8-*|slow-*-s12-qd1[26]-*) W=:3 ;;  # from the start: the first requests, into an empty device
    psync-writers-3ms-*)        REF=pwrite64; W=:1.5 ;;  # from the start, ~1300 writes a second
    psync-writers-*)            REF=pwrite64; W=:3 ;;
    mqdeadline-saturated-*-ssd) W=:1.5 ;;        # the same, at ~1800 I/O a second
    saturated-1ms-*-qd*)        W=2:2.5 ;;       # ~1300 I/O a second
    saturated-3ms-s8-qd64-*)    W=2:3 ;;         # ~2600 I/O a second
    saturated-*-qd*)            W=2:4.5 ;;       # iodepth 32 or 64 from the start: no light-load phase
    saturated-*)                W=1:4.5 ;;       # 1 s of the iodepth-1 phase, 2.5 s of iodepth 64
    sched-bfq-*)                S=2:2.4 ;;
    slow-100ms-*)               S=2:2.6 ;;
    tagwait-nr4-qd64-*)         W=2:2.2; S=2:2.2 ;;  # ~2200 I/O a second, every io_submit asleep with its stack
    tagwait-*)                  W=2:2.4; S=2:2.4 ;;  # ~1000 I/O a second; the stacks over the same window:
                                                 # io_submit sleeps 0.4 ms a call, under the 1 ms that says "asleep"
    busy-parallel-*)            W=2:3 ;;         # ~3000 I/O a second
    healthy-1ms-light)          S=2:2.35 ;;
    write-4ms-s8-ssd)           S=2:2.25 ;;
    write-8ms-s8-ssd)           S=2:2.4 ;;
    write-8ms-s8-hdd)           S=2:2.2 ;;
    write-40ms-s8-hdd)          S=2:2.75 ;;
    reads-slow-writes-fast)     S=2:2.55 ;;
    writes-slow-reads-fast)     S=2:2.45 ;;
    unaligned-8ms-ssd)          S=2:2.35 ;;
    unaligned-8ms-ssd-app-stacks) S=2:2.45 ;;
    unaligned-*-full)           W=2:4; S=2:2.2 ;;  # ~2000 I/O a second, every io_submit asleep with its stack
    aligned-8ms-ssd-control)    S=2:2.2 ;;
    stacked-loop-on-8ms)        S=2:2.4 ;;
    read-12ms-s8-ssd)           S=2:2.3 ;;
    layout-read-*)              W=:3 ;;          # from the start: fio laying its file out, then the reads
    thinktime-read-*)           REF=pread64 ;;
    buffered-end-fsync-*)       REF=write; W=: ;;  # the whole run: the writes into the page cache, then the fsync
    read-qd32-*)                W=2:2.5 ;;       # ~3400 I/O a second
    randrw-j4-qd8-25ms-*)       W=:3 ;;          # from the start: the first requests, into an empty device (~320 I/O a second)
    randrw-j4-qd8-writes-6ms-*) W=2:2.5; S=2:2.3 ;;  # four jobs on eight slots, ~2300 I/O a second
    randrw-j4-*)                W=2:3; S=2:2.3 ;;  # four jobs, ~1300 I/O a second
    mqdeadline-randrw-*)        W=2:3; S=2:2.3 ;;  # the same four jobs under mq-deadline
    dio-append-*)               S=2:2.35 ;;
    buffered-aio-*)             W=:3 ;;          # from the start: the file's open without O_DIRECT
    fsync32-*)                  REF=pwrite64 ;;
    writeback-neighbour-*)      REF=pread64; W=:5 ;;  # from the start: the reader alone, then the copy's writeback
    unaligned-psync-*)          REF=pwrite64; S=2:2.3 ;;
    unaligned-overwrite-*)      W=2:2.4 ;;       # ~4000 I/O a second: the overwrites do not serialise
    cgroup-pread-*)             REF=pread64; S=2:2.4 ;;
    cpuhog*-pread-*)            REF=pread64; S=2:2.4 ;;
    cpuhog*)                    S=2:2.4 ;;
    cgroup-read-*)              S=2:2.4 ;;
    kyber-*)                    W=2:3; S=2:2.2 ;;  # ~2150 I/O a second
    rmw-buffered-*)             REF=pwrite64 ;;
    stalls-*-psync-*)           REF=pread64; W=1:7 ;;   # 6 s: two stalls or more, not one
    stalls-*-fsync-*)           REF=fsync; W=1:5 ;;     # 4 s: two stalls, 2 MB of block events
    stalls-*)                   W=1:7 ;;
    esac
    src=/tmp/iocap/grid/$c/bundle; dst=$GRID/$c/bundle
    if [ -d "$src/blktrace" ]; then  # the block trace is in binary files, which cut-grid.py does not cut: kept whole
        rm -rf "$dst"; mkdir -p "$GRID/$c"; cp -r "$src" "$dst"
        echo "not cut: the whole run is kept (the block trace is recorded in binary, which cut-grid.py does not cut; the bundle is small without cutting)" > "$GRID/$c/cut.txt"
        cp /tmp/iocap/grid/$c/raw/setup.txt /tmp/iocap/grid/$c/raw/times.txt "$GRID/$c/"
        # the workload's own report (pgbench's), beside the bundle: it is not a file a collector writes
        [ -f /tmp/iocap/grid/$c/raw/pgbench.out ] && cp /tmp/iocap/grid/$c/raw/pgbench.out "$GRID/$c/"
        echo "$c $(du -sk "$dst" | cut -f1) KB"; continue
    fi
    rm -rf "$dst"; mkdir -p "$dst"
    args=(ref=$REF comm=$COMM)
    for f in strace-$COMM.txt perf-syscalls.txt perf-block.txt; do [ -f "$src/$f" ] && args+=("$f=$W"); done
    [ -f "$src/perf-sched-stacks.txt" ] && args+=("perf-sched-stacks.txt=${S:-$W}")
    [ -z "$DROP" ] || args+=("$DROP=drop")
    echo "python3 testdata/capture-recording/cut-grid.py /tmp/iocap/grid/$c/bundle testdata/grid/$c/bundle ${args[*]}" > "$GRID/$c/cut.txt"
    python3 "$HERE/cut-grid.py" "$src" "$dst" "${args[@]}" >> "$GRID/$c/cut.txt"
    cp /tmp/iocap/grid/$c/raw/setup.txt /tmp/iocap/grid/$c/raw/times.txt "$GRID/$c/" 2>/dev/null || true
    # the workload's own report (pgbench's), beside the bundle: it is not a file a collector writes
    [ -f /tmp/iocap/grid/$c/raw/pgbench.out ] && cp /tmp/iocap/grid/$c/raw/pgbench.out "$GRID/$c/"
    echo "$c $(du -sk "$dst" | cut -f1) KB"
done
