package dev.ioverdict.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The fact stream is closed: {@link Fact} cannot list its families in a {@code permits} clause
 * (outside a named module a sealed type permits only its own package), so this test holds what
 * the clause would: every fact type is a sealed family or a final class (a record), in the model.
 */
class FactTest {
    @Test
    void everyFactIsASealedFamilyOrAFinalRecordOfTheModel() {
        List<String> open = new ArrayList<>();
        int facts = 0;
        for (JavaClass c : new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.ioverdict")) {
            if (!c.isAssignableTo(Fact.class) || c.isEquivalentTo(Fact.class)) {
                continue;
            }
            facts++;
            Class<?> type = c.reflect();
            boolean closed = type.isInterface() ? type.isSealed() : Modifier.isFinal(type.getModifiers());
            if (!closed || !c.getPackageName().startsWith("dev.ioverdict.model")) {
                open.add(c.getName());
            }
        }
        assertEquals(List.of(), open);
        assertTrue(facts >= 25, facts + " fact types");
    }
}
