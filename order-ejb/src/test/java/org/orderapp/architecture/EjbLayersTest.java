package org.orderapp.architecture;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.junit.ArchTests;

/** The application's layering ({@link ApplicationLayers}) over the domain, the application and the infrastructure. */
@AnalyzeClasses(packages = "org.orderapp", importOptions = ImportOption.DoNotIncludeTests.class)
class EjbLayersTest {

    @ArchTest
    static final ArchTests RULES = ArchTests.in(ApplicationLayers.class);
}
