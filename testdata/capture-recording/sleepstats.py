#!/usr/bin/env python3
"""sleepstats.py PERF_SCHED_STACKS [PID...] - times every sleep of fio from perf script of
sched:sched_switch -g (switch-outs of fio with kernel stacks, switch-ins of fio): for each
switch-out, the sleep lasts until the next switch-in of the same pid. Sleeps are grouped by the
kernel frames that tell which wait it was (inode_dio_wait, the inode lock's rwsem, the
direct I/O's own completion in __iomap_dio_rw, io_getevents' read_events ...), joined with <-.
With PIDs, only those pids are listed."""
import collections
import sys

KEYS = ["inode_dio_wait", "rwsem_down_write_slowpath", "rwsem_down_read_slowpath",
        "iomap_dio_rw", "__iomap_dio_rw", "read_events", "ptrace_stop", "do_nanosleep",
        "futex_do_wait", "do_select", "blk_mq_get_tag", "io_schedule"]
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
pending = {}; groups = collections.defaultdict(list); first = {}
for head, stack in samples(sys.argv[1]):
    i = head.find("sched:sched_switch:")
    t = float(head[:i].split()[-1].rstrip(":"))
    f = dict(kv.split("=", 1) for kv in head[i:].replace("==>", "").split()[1:] if "=" in kv)
    if f.get("next_comm") == "fio":
        p = f["next_pid"]
        if p in pending:
            t0, key = pending.pop(p)
            groups[(p, key)].append(t - t0)
    if f.get("prev_comm") == "fio" and f.get("prev_state") in ("S", "D"):
        key = next((s for s in stack if s in KEYS), stack[2] if len(stack) > 2 else "?")
        # the chain under io_submit tells which wait it is
        chain = " <- ".join(s for s in stack if s in KEYS or s in ("xfs_file_dio_write_unaligned", "xfs_file_dio_write_aligned", "io_submit_one", "aio_write", "__x64_sys_io_submit", "__x64_sys_io_getevents"))
        pending[f["prev_pid"]] = (t, chain or key)
pids = set(sys.argv[2:])
for (p, key), v in sorted(groups.items()):
    if pids and p not in pids: continue
    print("pid %s %5d sleeps %8.3f s total, avg %7.3f ms, max %7.3f ms  %s" % (p, len(v), sum(v), 1000*sum(v)/len(v), 1000*max(v), key))
