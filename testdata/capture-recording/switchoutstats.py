#!/usr/bin/env python3
"""switchoutstats.py [--exits] PERF_SCHED_STACKS [PERF_FILE...] - times every sleep of fio when the sched
stacks hold fio's switch-outs only (perf record -e sched:sched_switch -g --filter
'prev_comm == "fio"'): a sleep (switch-out in S or D) lasts until that thread's next event in any
of the perf files given (all perf sessions of one boot share perf's clock): its next switch-out
(any state), its switch-in if recorded, or any other sample of that thread (a syscall enter or
exit, a block event issued in its context; with --exits, only its syscall exits in the other files,
as ioverdict uses them). A sleep with no later event of its thread is open:
counted, not timed. Sleeps are grouped as sleepstats.py groups them (the telling kernel frames
joined with <-), per pid; a last line per pid gives the sleep inside io_submit by kind."""
import collections
import sys

KEYS = ["inode_dio_wait", "rwsem_down_write_slowpath", "rwsem_down_read_slowpath",
        "iomap_dio_rw", "__iomap_dio_rw", "read_events", "ptrace_stop", "do_nanosleep",
        "futex_do_wait", "do_select", "blk_mq_get_tag", "io_schedule"]
CHAIN = ("xfs_file_dio_write_unaligned", "xfs_file_dio_write_aligned", "io_submit_one", "aio_write",
         "__x64_sys_io_submit", "__x64_sys_io_getevents")


def samples(path):
    head = None; stack = []
    for ln in open(path, errors="replace"):
        if not ln.strip():
            if head: yield head, stack
            head = None; stack = []
        elif ln[0] == "\t" and head:
            stack.append(ln.split()[1].split("+")[0])
        else:
            if head: yield head, stack
            head = ln; stack = []
    if head: yield head, stack


def header(head):
    # "comm tid [cpu] 123.456789: event: payload" (comm may hold spaces)
    toks = head.split()
    for i, tok in enumerate(toks):
        if tok.endswith(":") and "." in tok and tok[:-1].replace(".", "", 1).isdigit():
            return int(toks[i - 2].split("/")[-1]), float(tok[:-1]), toks[i + 1].rstrip(":")
    return None


# every time each thread was seen running, in every perf file
args = sys.argv[1:]
exits = args[:1] == ["--exits"]
if exits:
    args = args[1:]
seen = collections.defaultdict(list)
sleeps = []  # (pid, start, chain)
for n, path in enumerate(args):
    for head, stack in samples(path):
        h = header(head)
        if h is None:
            continue
        tid, t, event = h
        if event == "sched:sched_switch":
            i = head.find("sched:sched_switch:")
            f = dict(kv.split("=", 1) for kv in head[i:].replace("==>", "").split()[1:] if "=" in kv)
            if f.get("next_comm") == "fio":
                seen[int(f["next_pid"])].append(t)
            if f.get("prev_comm") == "fio":
                p = int(f["prev_pid"])
                if f.get("prev_state") in ("S", "D"):
                    key = next((s for s in stack if s in KEYS), stack[2] if len(stack) > 2 else "?")
                    chain = " <- ".join(s for s in stack if s in KEYS or s in CHAIN)
                    sleeps.append((p, t, chain or key))
                seen[p].append(t)  # running until this switch-out: ends an earlier sleep
        elif tid != 0 and (n == 0 or not exits or "sys_exit" in event):
            seen[tid].append(t)
for v in seen.values():
    v.sort()

import bisect
groups = collections.defaultdict(list); opened = collections.Counter()
for p, t0, chain in sleeps:
    v = seen[p]
    k = bisect.bisect_right(v, t0)
    if k < len(v):
        groups[(p, chain)].append(v[k] - t0)
    else:
        opened[(p, chain)] += 1
drain = collections.defaultdict(float); submit = collections.defaultdict(float)
for (p, key), v in sorted(groups.items()):
    print("pid %s %5d sleeps %8.3f s total, avg %7.3f ms, max %7.3f ms  %s" % (p, len(v), sum(v), 1000*sum(v)/len(v), 1000*max(v), key))
    if "__x64_sys_io_submit" in key:
        submit[p] += sum(v)
        if "inode_dio_wait" in key or "rwsem_down" in key:
            drain[p] += sum(v)
for (p, key), n in sorted(opened.items()):
    print("pid %s %5d sleeps open (no later event of the thread)  %s" % (p, n, key))
for p in sorted(submit):
    print("pid %s asleep in io_submit %.3f s, of it waiting for the inode (inode_dio_wait, the inode lock) %.3f s"
          % (p, submit[p], drain[p]))
