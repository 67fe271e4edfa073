package dev.ioverdict.report;

import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** report.json: the report model through Jackson, pretty-printed with '\n' on every platform. */
public final class JsonRenderer implements ReportRenderer {
    /** Maps keep their own order (btt's phase order, sorted metrics): every map in the model is ordered. */
    static final ObjectMapper MAPPER = new ObjectMapper();

    @Override
    public String fileName() {
        return "report.json";
    }

    public static ObjectWriter writer() {
        DefaultPrettyPrinter pp = new DefaultPrettyPrinter();
        pp.indentArraysWith(new DefaultIndenter("  ", "\n"));
        pp.indentObjectsWith(new DefaultIndenter("  ", "\n"));
        return MAPPER.writer(pp);
    }

    @Override
    public void render(RenderInput input, Path target) throws IOException {
        Files.writeString(target, input.redactedJson(input.shared().json(input.report())) + "\n",
                StandardCharsets.UTF_8);
    }
}
