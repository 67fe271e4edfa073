package dev.ioverdict.parse.text;

/**
 * Linux errno names (asm-generic/errno-base.h and errno.h) for traces that print a syscall's
 * return as a number: perf's {@code sys_exit} {@code 0xfffffffffffffff5} and kitrace's {@code ret=}.
 */
public final class Errno {
    private static final String[] NAMES = new String[134];

    static {
        String[] base = {null, "EPERM", "ENOENT", "ESRCH", "EINTR", "EIO", "ENXIO", "E2BIG", "ENOEXEC", "EBADF",
            "ECHILD", "EAGAIN", "ENOMEM", "EACCES", "EFAULT", "ENOTBLK", "EBUSY", "EEXIST", "EXDEV", "ENODEV",
            "ENOTDIR", "EISDIR", "EINVAL", "ENFILE", "EMFILE", "ENOTTY", "ETXTBSY", "EFBIG", "ENOSPC", "ESPIPE",
            "EROFS", "EMLINK", "EPIPE", "EDOM", "ERANGE", "EDEADLK", "ENAMETOOLONG", "ENOLCK", "ENOSYS",
            "ENOTEMPTY", "ELOOP"};
        System.arraycopy(base, 0, NAMES, 0, base.length);
        NAMES[61] = "ENODATA";
        NAMES[62] = "ETIME";
        NAMES[75] = "EOVERFLOW";
        NAMES[95] = "EOPNOTSUPP";
        NAMES[110] = "ETIMEDOUT";
        NAMES[122] = "EDQUOT";
        NAMES[125] = "ECANCELED";
    }

    private Errno() {
    }

    /** The errno a negative syscall return stands for (-11 gives EAGAIN), null when it is no error. */
    public static String of(long ret) {
        if (ret >= 0 || ret < -4095) {
            return null;
        }
        int e = (int) -ret;
        if (e == 512) {
            return "ERESTARTSYS";
        }
        return e < NAMES.length && NAMES[e] != null ? NAMES[e] : "E" + e;
    }
}
