package dev.ioverdict.parse.kernel;

/**
 * The dmesg stamp {@code [ 1108.791169] } of a line's bytes, read in one pass for the lines that
 * are only counted: the reader's scratch, reused line after line. Only the plain form is taken
 * (spaces, then digits with at most one dot, neither first nor last, up to 15 digits, then the
 * {@code ]}): the value {@link LogPrefix#seconds(String)} gives, one exact division; any other
 * stamp is left to {@link LogPrefix#of}.
 */
final class DmesgStamp {
    /** Where the digits start, the index of the {@code ]}, and where the message starts. */
    int digits;
    int close;
    int body;
    double seconds;

    /** Whether {@code b[from, n)} starts with a plain stamp; if so the fields hold it. */
    boolean read(byte[] b, int from, int n) {
        if (from >= n || b[from] != '[') {
            return false;
        }
        int i = from + 1;
        while (i < n && b[i] == ' ') {
            i++;
        }
        int start = i;
        int dot = -1;
        long value = 0;
        for (; i < n; i++) {
            int c = b[i];
            if (c == ']') {
                break;
            }
            if (c == '.' && dot < 0) {
                dot = i;
            } else if (c >= '0' && c <= '9') {
                value = value * 10 + (c - '0');
            } else {
                return false;
            }
        }
        int places = dot < 0 ? 0 : i - dot - 1;
        int count = i - start - (dot < 0 ? 0 : 1);
        if (i >= n || count == 0 || dot == start || dot == i - 1 || count > 15) {
            return false;
        }
        digits = start;
        close = i;
        body = i + 1 < n && b[i + 1] == ' ' ? i + 2 : i + 1;
        seconds = value / LogPrefix.POW10[places];
        return true;
    }
}
