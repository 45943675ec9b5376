package org.orderapp.infrastructure.persistence;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;

/**
 * Brings the schema to the version this build expects before any request is served. The schema belongs to
 * the versioned migrations in {@code db/migration}, never to Hibernate ({@code hbm2ddl.auto=none}). Running
 * here, at deployment, means every way of starting the application (launcher, tests, container) migrates
 * the same way.
 */
@Singleton
@Startup
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED) // DDL commits implicitly on MySQL anyway
public class SchemaMigration {

    private static final Logger LOG = Logger.getLogger(SchemaMigration.class.getName());

    @Resource(lookup = "java:jboss/datasources/OrderDS")
    private DataSource dataSource;

    @PostConstruct
    void migrate() {
        var result = Flyway.configure(getClass().getClassLoader())
                .dataSource(dataSource)
                .locations("classpath:db/migration")
                .failOnMissingLocations(true)
                // The batch subsystem creates its job repository tables (JOB_INSTANCE, ...) in this schema when the
                // server boots, before any deployment: a new database is then not empty at the first migration.
                // Version 0 as the baseline keeps every migration of the application applied.
                .baselineOnMigrate(true)
                .baselineVersion("0")
                .load()
                .migrate();
        LOG.info(() -> "Schema at version " + result.targetSchemaVersion + " (" + result.migrationsExecuted
                + " migrations applied now)");
    }
}
