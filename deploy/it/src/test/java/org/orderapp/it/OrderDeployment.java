package org.orderapp.it;

import java.io.File;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;

/** The EAR exactly as the build produced it: tests run against what users deploy. */
final class OrderDeployment {

    static final String NAME = "order.ear";

    private OrderDeployment() {
    }

    static EnterpriseArchive ear() {
        TestDatabase.requireStarted();
        File ear = new File(System.getProperty("order.ear", "../ear/target/order.ear"));
        if (!ear.isFile()) {
            throw new IllegalStateException(ear + " is missing: build the project first (./mvnw verify builds it)");
        }
        return ShrinkWrap.createFromZipFile(EnterpriseArchive.class, ear);
    }
}
