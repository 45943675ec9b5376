package org.orderapp.health;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The checks run from the EAR's lib/, which sees no class of the EAR's modules: one of ours would compile (the
 * build's class path could hold it) and be missing at run time, failing the deployment. So they use the JDK, the
 * Jakarta APIs and MicroProfile Health only.
 */
class HealthImportsTest {

    @Test
    void checksUseOnlyTheJdkJakartaAndMicroProfileHealth() {
        var checks = new ClassFileImporter().withImportOption(new ImportOption.DoNotIncludeTests())
                .importPackages("org.orderapp.health");
        classes().should().onlyDependOnClassesThat()
                .resideInAnyPackage("java..", "jakarta..", "org.eclipse.microprofile.health..", "org.orderapp.health..")
                .check(checks);
    }
}
