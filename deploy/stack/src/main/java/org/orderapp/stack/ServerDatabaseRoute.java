package org.orderapp.stack;

import java.io.IOException;
import java.util.Optional;
import java.util.function.Consumer;
import org.orderapp.stack.database.DatabaseTarget;
import org.orderapp.target.DatabaseLink;

/**
 * How a stack's server reaches its database: straight, or, when asked before the start, through a {@link DatabaseLink}
 * of this process (a TCP relay), which the fault db-hang hangs. A database of several hosts (a Galera cluster) is
 * always reached straight; the stack's own checks and the audit go to the database directly.
 */
final class ServerDatabaseRoute implements AutoCloseable {

    private volatile boolean throughLink;
    private volatile DatabaseLink link;

    /** From the next start on, the server reaches a single database through a link. */
    void throughLink() {
        throughLink = true;
    }

    /** The database as the server is to reach it, the link started first when there is to be one. */
    DatabaseTarget open(DatabaseTarget database, Consumer<String> say) throws IOException {
        if (!throughLink || database.url().contains(",")) {
            return database;
        }
        link = DatabaseLink.to(database.url());
        say.accept("Database: the server reaches it through a link on 127.0.0.1:" + link.port() + " (for the fault db-hang)");
        return new DatabaseTarget(link.jdbcUrl(database.url()), database.user(), database.password());
    }

    /** The link between the server and the database, when the server reaches it through one. */
    Optional<DatabaseLink> link() {
        return Optional.ofNullable(link);
    }

    @Override
    public void close() {
        DatabaseLink l = link;
        if (l != null) {
            l.close();
        }
    }
}
