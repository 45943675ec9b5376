package org.orderapp.server.http;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The handlers run inside the server as the static module org.orderapp.http, whose module.xml (modules.cli) names
 * only io.undertow.core and org.jboss.xnio: a class of anything else would be missing at run time, which the
 * compiler, seeing Undertow's whole class path, cannot tell.
 */
class HandlerImportsTest {

    @Test
    void handlersUseOnlyTheJdkUndertowAndXnio() {
        var handlers = new ClassFileImporter().withImportOption(new ImportOption.DoNotIncludeTests())
                .importPackages("org.orderapp.server.http");
        classes().should().onlyDependOnClassesThat()
                .resideInAnyPackage("java..", "io.undertow..", "org.xnio..", "org.orderapp.server.http..")
                .check(handlers);
    }
}
