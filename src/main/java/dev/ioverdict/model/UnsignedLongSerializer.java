package dev.ioverdict.model;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import java.io.IOException;
import java.math.BigInteger;

/** A u64 held in a long (a sector above 2^63 as blkparse prints it) written as the unsigned number it is. */
public final class UnsignedLongSerializer extends StdSerializer<Long> {
    public UnsignedLongSerializer() {
        super(Long.class);
    }

    @Override
    public void serialize(Long value, JsonGenerator gen, SerializerProvider provider) throws IOException {
        if (value >= 0) {
            gen.writeNumber(value);
        } else {
            gen.writeNumber(new BigInteger(Long.toUnsignedString(value)));
        }
    }
}
