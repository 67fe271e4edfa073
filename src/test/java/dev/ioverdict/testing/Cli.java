package dev.ioverdict.testing;

import dev.ioverdict.cli.Main;
import java.io.PrintWriter;
import java.io.StringWriter;

/** Runs the CLI in-process and keeps what it printed. */
public record Cli(int exitCode, String out, String err) {
    public static Cli run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new Cli(code, out.toString(), err.toString());
    }
}
