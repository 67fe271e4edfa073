package dev.ioverdict.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** What --redact replaces, and what it must leave alone (times, versions, markup, figures). */
class RedactionTest {
    private static final RedactionKey KEY = RedactionKey.of("unit-test-key");

    private static Redaction of(String reportJson) throws Exception {
        return Redaction.with(KEY).report(new ObjectMapper().readTree(reportJson)).build();
    }

    @Test
    void shapesAreReplacedWithoutBeingNamed() throws Exception {
        Redaction r = of("{}");
        String out = r.text("portal 10.20.30.40:3260 via fe80::5054:ff:fe12:3456 and 2001:db8:0:0:0:0:0:1, "
                + "nic 52:54:00:12:34:56, file /home/jsmith/data/redo01.log, loopback 127.0.0.1");
        assertTrue(out.matches("portal ip-[0-9a-f]{6}:3260 via ip-[0-9a-f]{6} and ip-[0-9a-f]{6}, nic mac-[0-9a-f]{6}, "
                + "file /home/user-[0-9a-f]{6}/path-[0-9a-f]{6}, loopback 127.0.0.1"), out);
    }

    @Test
    void timesVersionsAndFiguresAreLeftAlone() throws Exception {
        Redaction r = of("{\"case\": {\"host\": {\"hostname\": \"vm\"}}, \"summary\": {\"facts\": {\"window\": "
                + "\"2026-11-24T02:59:48Z .. 2026-11-24T03:00:12Z UTC\"}}}");
        for (String kept : new String[] {"2026-11-24T02:59:48Z .. 2026-11-24T03:00:12Z UTC", "02:59:53", "Q2C 8,0",
                "kernel 4.18.0-305.el8.x86_64, sysstat 12.5.4", "vmstat -s, vm.dirty_ratio? no: vmstat", "'TIME DEV tps ...'",
                "std::vector a::before", "0000:00:02.0", "94.7% of 1.2.3 s"}) {
            String out = r.text(kept);
            if (!kept.startsWith("vmstat -s")) {
                assertEquals(kept, out);
            } else {
                assertEquals("vmstat -s, " + r.pseudonym(Redaction.Kind.HOST, "vm") + ".dirty_ratio? no: vmstat", out);
            }
        }
    }

    @Test
    void oneHostOnePseudonymHoweverItIsPrinted() throws Exception {
        Redaction r = of("{\"case\": {\"host\": {\"hostname\": \"db01.acme.example\"}}, \"findings\": [{\"evidence\": "
                + "[{\"text\": \"Apr 16 07:07:38 worker-02 kernel: [33713.705845] blk_update_request: I/O error\"}, "
                + "{\"text\": \"Linux 5.14.0-70.el9.x86_64 (dbhost7) \\t11/24/2026\"}]}]}");
        String a = r.text("db01.acme.example");
        assertEquals(a, r.text("DB01"));
        assertEquals("sosreport-" + a + "-2026", r.text("sosreport-db01-2026"));
        assertTrue(r.text("worker-02 and dbhost7").matches("host-[0-9a-f]{6} and host-[0-9a-f]{6}"));
        // an NFS server as Solaris iostat -n names the mount (testdata/iostat-solaris-healthy)
        Redaction nfs = of("{\"iostat\": [{\"device\": \"fuji:/export/home/user3\"}]}");
        assertTrue(nfs.text("fuji:/export/home/user3").matches("host-[0-9a-f]{6}:/export/home/user-[0-9a-f]{6}"),
                nfs.text("fuji:/export/home/user3"));
        // a different key, a different pseudonym: the reader cannot try names against the hash
        assertNotEquals(a, Redaction.with(RedactionKey.of("another key")).report(new ObjectMapper().readTree(
                "{\"hostname\": \"db01\"}")).build().text("db01"));
    }

    @Test
    void jsonOnlyInsideStringsAndHtmlOnlyInTextAndAttributeValues() throws Exception {
        Redaction r = of("{\"hostname\": \"section\", \"serial\": \"S3Z9NB0K123456\"}");
        String host = r.text("section");
        assertTrue(host.startsWith("host-"));
        // keys too (a map keyed by device may be keyed by its WWID), numbers and structure never
        assertEquals("{\"" + host + "\" : \"" + host + " \\\"x\\\"\", \"n\" : 10.20}",
                r.json("{\"section\" : \"section \\\"x\\\"\", \"n\" : 10.20}"));
        String html = "<section class=\"section x\" title=\"on section\"><style>section { color: red }</style>section S3Z9NB0K123456"
                + "<a href=\"data:text/csv;base64,c2VjdGlvbg==\">csv</a><!-- section --></section>";
        String out = r.html(html);
        assertEquals("<section class=\"section x\" title=\"on " + host + "\"><style>section { color: red }</style>" + host + " "
                + r.text("S3Z9NB0K123456") + "<a href=\"data:text/csv;base64,c2VjdGlvbg==\">csv</a><!-- section --></section>",
                out);
        assertTrue(r.text("ata-Samsung_SSD_S3Z9NB0K123456").startsWith("ata-Samsung_SSD_serial-"), "long names anywhere");
    }
}
