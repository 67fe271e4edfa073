package dev.ioverdict.rules.block;

/** What to send the storage vendor when the time is spent below the driver. */
final class Escalation {
    private Escalation() {
    }

    static String text(BlockFigures.Device d, boolean slowPath) {
        String name = d.name() != null ? d.name() : "DEV";
        return "The host has done its part: escalate to the storage side (array or SAN vendor, HBA, fabric) with this "
                + "report. Send them the device (" + d.label() + "; its WWN, LUN and H:C:T:L from "
                + "'lsblk -o NAME,MAJ:MIN,WWN,HCTL' and 'multipath -ll'), the times and sectors of the slowest "
                + "completions quoted below (their issue and completion lines), the D2C average, tail and maximum, "
                + "and the I/O sizes and types (rwbs), and ask for the array's and switch ports' latency and error "
                + "counters for the same time window. On the host, first rule out resets and timeouts "
                + "('dmesg -T | grep -i -E \"reset|timeout|abort\"', /sys/class/fc_host/host*/statistics/) and compare "
                + "with iostat's r_await/w_await for " + name + "."
                + (slowPath ? " Only this path is slow: check its HBA port, cable and switch port ('multipathd show "
                        + "paths'); the path can be taken out of service ('multipathd fail path " + name + "') while "
                        + "the vendor investigates." : "");
    }
}
