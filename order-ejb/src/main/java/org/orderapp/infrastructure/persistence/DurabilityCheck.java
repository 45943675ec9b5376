package org.orderapp.infrastructure.persistence;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.orderapp.application.Settings;

/**
 * Refuses to deploy on a database that can lose a committed transaction in a crash: InnoDB must flush its redo log
 * at every commit (innodb_flush_log_at_trx_commit=1) and, where the binary log is on, sync it at every commit
 * (sync_binlog=1), or an order answered 201 may be gone after the database's restart. Whichever database the server
 * is given (embedded, external, a Galera node) is checked alike. order.db.allow-unsafe-durability=true lets it start,
 * with a warning in the log.
 */
@Singleton
@Startup
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class DurabilityCheck {

    private static final Logger LOG = Logger.getLogger(DurabilityCheck.class.getName());

    @Resource(lookup = "java:jboss/datasources/OrderDS")
    private DataSource dataSource;

    @PostConstruct
    void check() {
        List<String> unsafe = unsafeSettings();
        if (unsafe.isEmpty()) {
            return;
        }
        String problem = "the database may lose committed orders in a crash: " + String.join("; ", unsafe);
        if (!Settings.allowUnsafeDurability()) {
            throw new IllegalStateException(problem + ". Set it right on the database, or start with -D "
                    + Settings.ALLOW_UNSAFE_DURABILITY + "=true to run anyway");
        }
        LOG.warning(() -> problem + " (allowed by " + Settings.ALLOW_UNSAFE_DURABILITY + "=true)");
    }

    private List<String> unsafeSettings() {
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement();
             ResultSet row = s.executeQuery("select @@innodb_flush_log_at_trx_commit, @@log_bin, @@sync_binlog")) {
            row.next();
            var unsafe = new ArrayList<String>();
            int flush = row.getInt(1);
            if (flush != 1) {
                unsafe.add("innodb_flush_log_at_trx_commit is " + flush + ", must be 1");
            }
            int sync = row.getInt(3);
            if (row.getBoolean(2) && sync != 1) {
                unsafe.add("log_bin is ON and sync_binlog is " + sync + ", must be 1");
            }
            return unsafe;
        } catch (SQLException e) {
            throw new IllegalStateException("reading the database's durability settings failed: " + e.getMessage(), e);
        }
    }
}
