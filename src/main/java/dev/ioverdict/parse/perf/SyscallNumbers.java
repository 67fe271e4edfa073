package dev.ioverdict.parse.perf;

import java.util.HashMap;
import java.util.Map;

/**
 * x86_64 syscall numbers (arch/x86/entry/syscalls/syscall_64.tbl) of the calls I/O diagnosis
 * meets, for {@code raw_syscalls:sys_enter: NR 209 (...)}. perf script does not print the
 * architecture on those lines; other architectures number differently, so unknown numbers stay
 * {@code syscall_N}.
 */
final class SyscallNumbers {
    private static final Map<Integer, String> X86_64 = new HashMap<>();

    static {
        String[] table = {
            "0 read", "1 write", "2 open", "3 close", "4 stat", "5 fstat", "6 lstat", "7 poll", "8 lseek", "9 mmap",
            "10 mprotect", "11 munmap", "12 brk", "16 ioctl", "17 pread64", "18 pwrite64", "19 readv", "20 writev",
            "21 access", "23 select", "24 sched_yield", "35 nanosleep", "40 sendfile", "44 sendto", "45 recvfrom",
            "46 sendmsg", "47 recvmsg", "56 clone", "57 fork", "59 execve", "60 exit", "61 wait4", "72 fcntl",
            "74 fsync", "75 fdatasync", "76 truncate", "77 ftruncate", "85 creat", "87 unlink", "202 futex",
            "206 io_setup", "207 io_destroy", "208 io_getevents", "209 io_submit", "210 io_cancel",
            "217 getdents64", "221 fadvise64", "230 clock_nanosleep", "231 exit_group", "232 epoll_wait",
            "257 openat", "270 pselect6", "271 ppoll", "277 sync_file_range", "281 epoll_pwait", "285 fallocate",
            "295 preadv", "296 pwritev", "306 syncfs", "318 getrandom", "327 preadv2", "328 pwritev2",
            "333 io_pgetevents", "425 io_uring_setup", "426 io_uring_enter", "427 io_uring_register", "435 clone3",
        };
        for (String row : table) {
            int sp = row.indexOf(' ');
            X86_64.put(Integer.parseInt(row.substring(0, sp)), row.substring(sp + 1));
        }
    }

    private SyscallNumbers() {
    }

    static String name(long nr) {
        String n = X86_64.get((int) nr);
        return n != null ? n : "syscall_" + nr;
    }
}
