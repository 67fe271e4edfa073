#!/bin/bash
# records io.data and cpu.data (see README.md); run as root under flock /tmp/iocap-record.lock
set -e
cd "${OUT:-/tmp/perfrec}"
nice -n -20 perf record -o io.data -c 1000000 -a -g -e cpu-clock \
  -e syscalls:sys_enter_write,syscalls:sys_exit_write,syscalls:sys_enter_fsync,syscalls:sys_exit_fsync,block:block_rq_issue,block:block_rq_complete --exclude-perf -- \
  sh -c 'dd if=/dev/zero of=./f bs=4k count=8 oflag=direct conv=fsync 2>/dev/null' 2>rec-io.err
nice -n -20 perf record -o cpu.data -e cpu-clock -F 999 -g -- sh -c 'i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done' 2>rec-cpu.err
