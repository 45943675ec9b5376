package org.orderapp.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;

/**
 * The application's layering, as ARCHITECTURE.md states it, checked by the unit tests of order-ejb, order-batch and
 * order-web, each over the application classes on its class path (its own and those of the modules it builds on).
 * The rules are test methods, not fields: Surefire 3.5.3 runs no {@code @ArchTest} field (TNG/ArchUnit#1442).
 */
public final class ApplicationLayers {

    private static final String INTERFACES = "org.orderapp.interfaces..";
    private static final String BATCH = "org.orderapp.batch..";
    private static final String APPLICATION = "org.orderapp.application..";
    private static final String DOMAIN = "org.orderapp.domain.model..";
    private static final String INFRASTRUCTURE = "org.orderapp.infrastructure..";
    private static final String REST = "org.orderapp.interfaces.rest..";
    private static final String WEB = "org.orderapp.interfaces.web..";

    /**
     * interfaces → application → domain.model, the reference-data load (batch) beside the interfaces; infrastructure
     * implements the application's interfaces and is reached only through the container, so nothing imports it, and
     * nothing imports the interfaces.
     */
    @ArchTest
    static void layers(JavaClasses classes) {
        layeredArchitecture()
                .consideringOnlyDependenciesInLayers()
                .withOptionalLayers(true) // order-ejb's tests see neither the batch nor the interfaces
                .layer("interfaces").definedBy(INTERFACES)
                .layer("batch").definedBy(BATCH)
                .layer("application").definedBy(APPLICATION)
                .layer("domain.model").definedBy(DOMAIN)
                .layer("infrastructure").definedBy(INFRASTRUCTURE)
                .whereLayer("interfaces").mayNotBeAccessedByAnyLayer()
                .whereLayer("interfaces").mayOnlyAccessLayers("application", "batch")
                .whereLayer("batch").mayOnlyAccessLayers("application", "domain.model")
                .whereLayer("application").mayOnlyAccessLayers("domain.model")
                .whereLayer("domain.model").mayNotAccessAnyLayer()
                .whereLayer("infrastructure").mayNotBeAccessedByAnyLayer()
                .whereLayer("infrastructure").mayOnlyAccessLayers("application", "domain.model")
                .check(classes);
    }

    /** The JSON API and the pages share only interfaces.http. */
    @ArchTest
    static void restAndWebDoNotImportEachOther(JavaClasses classes) {
        noClasses().that().resideInAPackage(REST).should().dependOnClassesThat().resideInAPackage(WEB)
                .allowEmptyShould(true).check(classes);
        noClasses().that().resideInAPackage(WEB).should().dependOnClassesThat().resideInAPackage(REST)
                .allowEmptyShould(true).check(classes);
    }

    /** The entities are plain Jakarta Persistence; what only Hibernate can say is in META-INF/orm.xml. */
    @ArchTest
    static void domainUsesOnlyTheJdkAndJakartaPersistence(JavaClasses classes) {
        classes().that().resideInAPackage(DOMAIN).should().onlyDependOnClassesThat()
                .resideInAnyPackage(DOMAIN, "java..", "jakarta.persistence..", "jakarta.validation..")
                .check(classes);
    }

    /** Between any two packages, imports run one way. */
    @ArchTest
    static void noCyclesBetweenPackages(JavaClasses classes) {
        slices().matching("org.orderapp.(**)").should().beFreeOfCycles().check(classes);
    }

    /**
     * Inside a package too, classes import each other one way (a nested class counts as its top-level class), the
     * entities included: an order holds its lines, and a line knows its order only by the id in its key.
     */
    @ArchTest
    static void noCyclesBetweenClasses(JavaClasses classes) {
        slices().assignedFrom(TOP_LEVEL_CLASSES).should().beFreeOfCycles().check(classes);
    }

    /** Each top-level class of ours, with its nested and anonymous classes, is one slice. */
    private static final SliceAssignment TOP_LEVEL_CLASSES = new SliceAssignment() {
        @Override
        public SliceIdentifier getIdentifierOf(JavaClass c) {
            return c.getPackageName().startsWith("org.orderapp.") ? SliceIdentifier.of(c.getName().split("\\$")[0])
                    : SliceIdentifier.ignore();
        }

        @Override
        public String getDescription() {
            return "top-level classes of org.orderapp";
        }
    };

    private ApplicationLayers() {
    }
}
