package org.orderapp.launcher;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The rooms of the tooling and what each may import (ARCHITECTURE.md, "The tooling"): commands → lab → driver →
 * observation → application target, and the stack beside them, which the lab and the commands use. Every module's
 * classes are on this module's test class path; the application's own rules are checked in its modules.
 */
class ToolingArchitectureTest {

    private static final JavaClasses TOOLING = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("org.orderapp.target", "org.orderapp.observation", "org.orderapp.driver", "org.orderapp.stack",
                    "org.orderapp.lab", "org.orderapp.launcher");

    private static final String TARGET = "org.orderapp.target..";
    private static final String OBSERVATION = "org.orderapp.observation..";
    private static final String DRIVER = "org.orderapp.driver..";
    private static final String STACK = "org.orderapp.stack..";
    private static final String LAB = "org.orderapp.lab..";
    private static final String COMMANDS = "org.orderapp.launcher..";
    /** The types the admin API answers with: order-batch's client jar. */
    private static final String ADMIN_API_TYPES = "org.orderapp.batch";
    /** The admin realm's writer (deploy/admin-identity), which the container's entry point runs too. */
    private static final String ADMIN_IDENTITY = "org.orderapp.admin..";

    /** The most top-level classes one package may hold before it wants rooms of its own. */
    static final int MAX_CLASSES_PER_PACKAGE = 20;

    @Test
    void target_imports_nothing_of_ours() {
        room(TARGET).check(TOOLING);
    }

    @Test
    void observation_imports_only_the_target() {
        room(OBSERVATION, TARGET).check(TOOLING);
    }

    @Test
    void driver_imports_only_observation_and_target() {
        room(DRIVER, OBSERVATION, TARGET).check(TOOLING);
    }

    @Test
    void stack_imports_only_the_target_the_admin_api_and_the_realm_writer() {
        room(STACK, TARGET, ADMIN_API_TYPES, ADMIN_IDENTITY).check(TOOLING);
    }

    @Test
    void lab_imports_no_command() {
        room(LAB, DRIVER, OBSERVATION, TARGET, STACK, ADMIN_API_TYPES).check(TOOLING);
    }

    @Test
    void commands_import_the_rooms_below() {
        room(COMMANDS, LAB, DRIVER, OBSERVATION, TARGET, STACK, ADMIN_API_TYPES).check(TOOLING);
    }

    /** The folders depend one way, load → deploy: what lives under deploy/ uses nothing that lives under load/. */
    @Test
    void deploy_imports_nothing_of_load() {
        noClasses().that().resideInAnyPackage(STACK, TARGET)
                .should().dependOnClassesThat().resideInAnyPackage(LAB, DRIVER, OBSERVATION, COMMANDS)
                .because("load/ (commands, lab, driver, observation) stands on deploy/ (stack, application target), never under it")
                .check(TOOLING);
    }

    /** Packages, and so rooms, import each other one way only. */
    @Test
    void no_cycle_between_packages() {
        slices().matching("org.orderapp.(**)").should().beFreeOfCycles().check(TOOLING);
    }

    /** Inside a package too, classes import each other one way: a nested class counts as its top-level class. */
    @Test
    void no_cycle_between_classes() {
        slices().assignedFrom(TOP_LEVEL_CLASSES).should().beFreeOfCycles().check(TOOLING);
    }

    @Test
    void no_package_above_twenty_classes() {
        classes().that().areTopLevelClasses().should(shareTheirPackageWithAtMost(MAX_CLASSES_PER_PACKAGE, TOOLING)).check(TOOLING);
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

    /** The classes of a room depend on nothing of ours but their own room and the ones named. */
    private static ArchRule room(String room, String... mayImport) {
        String[] allowed = new String[mayImport.length + 1];
        allowed[0] = room;
        System.arraycopy(mayImport, 0, allowed, 1, mayImport.length);
        return classes().that().resideInAPackage(room)
                .should().onlyDependOnClassesThat(resideOutsideOfPackage("org.orderapp..").or(resideInAnyPackage(allowed)))
                .because("the rooms depend one way: commands → lab → driver → observation → target, the stack beside them");
    }

    private static ArchCondition<JavaClass> shareTheirPackageWithAtMost(int most, JavaClasses all) {
        var sizes = all.stream().filter(JavaClass::isTopLevelClass)
                .collect(Collectors.groupingBy(JavaClass::getPackageName, Collectors.counting()));
        return new ArchCondition<>("share their package with at most " + most + " top-level classes") {
            @Override
            public void check(JavaClass c, ConditionEvents events) {
                long size = sizes.getOrDefault(c.getPackageName(), 0L);
                if (size > most) {
                    events.add(SimpleConditionEvent.violated(c, c.getPackageName() + " holds " + size + " classes"));
                }
            }
        };
    }
}
