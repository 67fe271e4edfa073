#!/usr/bin/env python3
"""appsleepstats.py BUNDLE - sleepstats.py for sleep stacks recorded the usual way, fio's switch-outs
only (perf record -g -e sched:sched_switch --filter 'prev_comm == "fio"'): there are no switch-ins,
so a switch-out lasts until that thread's next event in perf's other inputs (its next switch-out in
perf-sched-stacks.txt, its next sys_enter/sys_exit in perf-syscalls.txt, its next block event in
perf-block.txt; all on perf's one clock). Grouped as sleepstats.py groups them; prev_state R
(preempted) and t (ptrace stops of strace) are kept apart."""
import bisect
import collections
import os
import sys

sys.argv = sys.argv[:2]
b = sys.argv[1]
KEYS = ["inode_dio_wait", "rwsem_down_write_slowpath", "rwsem_down_read_slowpath",
        "iomap_dio_rw", "__iomap_dio_rw", "read_events", "ptrace_stop", "do_nanosleep",
        "futex_do_wait", "do_select", "blk_mq_get_tag", "io_schedule", "blkdev_issue_flush",
        "xfs_log_force_seq", "xfs_file_fsync", "file_write_and_wait_range", "folio_wait_writeback"]
CHAIN = ("xfs_file_dio_write_unaligned", "xfs_file_dio_write_aligned", "io_submit_one", "aio_write",
         "__x64_sys_io_submit", "__x64_sys_io_getevents", "__x64_sys_pwrite64", "__x64_sys_pread64",
         "__x64_sys_fsync", "__x64_sys_write")


def samples(path):
    head = None; stack = []
    for ln in open(path, errors="replace"):
        if not ln.strip():
            if head: yield head, stack
            head = None; stack = []
        elif ln[0] == "\t" and head:
            stack.append(ln.split()[1].split("+")[0])
        else:
            head = ln
    if head: yield head, stack


events = collections.defaultdict(list)   # tid -> times of its events in the other inputs
for name in ("perf-syscalls.txt", "perf-block.txt"):
    p = os.path.join(b, name)
    if not os.path.exists(p): continue
    for ln in open(p, errors="replace"):
        i = ln.find(": ", ln.find("]"))
        h = ln[:i + 1].split()
        if len(h) < 4: continue
        try:
            events[h[-3]].append(float(h[-1].rstrip(":")))
        except ValueError:
            pass
outs = []
for head, stack in samples(os.path.join(b, "perf-sched-stacks.txt")):
    i = head.find("sched:sched_switch:")
    t = float(head[:i].split()[-1].rstrip(":"))
    f = dict(kv.split("=", 1) for kv in head[i:].replace("==>", "").split()[1:] if "=" in kv)
    if f.get("prev_comm") != "fio": continue
    key = next((s for s in stack if s in KEYS), stack[2] if len(stack) > 2 else "?")
    chain = " <- ".join(s for s in stack if s in KEYS or s in CHAIN)
    outs.append((f["prev_pid"], t, f.get("prev_state"), chain or key))
    events[f["prev_pid"]].append(t)
for v in events.values(): v.sort()
groups = collections.defaultdict(list)
for pid, t, state, key in outs:
    v = events[pid]; j = bisect.bisect_right(v, t)
    if j < len(v):
        groups[(pid, state, key)].append(v[j] - t)
for (p, st, key), v in sorted(groups.items()):
    print("pid %s %-2s %5d sleeps %8.3f s total, avg %7.3f ms, max %7.3f ms  %s" % (p, st, len(v), sum(v), 1000*sum(v)/len(v), 1000*max(v), key))
