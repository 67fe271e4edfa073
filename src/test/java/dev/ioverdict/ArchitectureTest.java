package dev.ioverdict;

import static com.tngtech.archunit.library.Architectures.layeredArchitecture;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** Dependencies run one way: cli -> pipeline -> compare -> report -> diagnosis -> rules -> analysis -> bundle -> parse -> model. */
class ArchitectureTest {
    @Test
    void layersDependOnlyDownwards() {
        var classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.ioverdict");
        layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("cli").definedBy("dev.ioverdict.cli..")
                .layer("pipeline").definedBy("dev.ioverdict.pipeline..")
                .layer("compare").definedBy("dev.ioverdict.compare..")
                .layer("report").definedBy("dev.ioverdict.report..")
                .layer("diagnosis").definedBy("dev.ioverdict.diagnosis..")
                .layer("rules").definedBy("dev.ioverdict.rules..")
                .layer("analysis").definedBy("dev.ioverdict.analysis..")
                .layer("bundle").definedBy("dev.ioverdict.bundle..")
                .layer("parse").definedBy("dev.ioverdict.parse..")
                .layer("model").definedBy("dev.ioverdict.model..")
                .whereLayer("cli").mayNotBeAccessedByAnyLayer()
                .whereLayer("pipeline").mayOnlyBeAccessedByLayers("cli")
                .whereLayer("compare").mayOnlyBeAccessedByLayers("cli", "pipeline")
                .whereLayer("report").mayOnlyBeAccessedByLayers("cli", "pipeline", "compare")
                .whereLayer("diagnosis").mayOnlyBeAccessedByLayers("cli", "pipeline", "compare", "report")
                .whereLayer("rules").mayOnlyBeAccessedByLayers("cli", "pipeline", "compare", "report", "diagnosis")
                .whereLayer("analysis").mayOnlyBeAccessedByLayers("cli", "pipeline", "compare", "report", "diagnosis", "rules")
                .whereLayer("bundle").mayOnlyBeAccessedByLayers("cli", "pipeline", "compare", "report", "diagnosis",
                        "rules", "analysis")
                .whereLayer("parse").mayOnlyBeAccessedByLayers("cli", "pipeline", "compare", "report", "diagnosis",
                        "rules", "analysis", "bundle")
                .check(classes);
    }
}
