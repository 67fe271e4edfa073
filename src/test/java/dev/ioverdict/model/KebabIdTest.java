package dev.ioverdict.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ioverdict.model.config.DeviceLink;
import dev.ioverdict.model.timemodel.Part;
import org.junit.jupiter.api.Test;

/** report.json's ids of the parts and links, written and read back through the one declaration. */
class KebabIdTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void anIdIsTheConstantInKebabCaseBothWays() throws Exception {
        assertEquals("\"not-explained\"", JSON.writeValueAsString(Part.NOT_EXPLAINED));
        assertEquals("\"losetup-backing-file\"", JSON.writeValueAsString(DeviceLink.Via.LOSETUP_BACKING_FILE));
        assertEquals(Part.BEHIND_OTHER_IO, JSON.readValue("\"behind-other-io\"", Part.class));
        assertEquals(DeviceLink.Via.PARTITION_NAME, JSON.readValue("\"partition-name\"", DeviceLink.Via.class));
    }
}
