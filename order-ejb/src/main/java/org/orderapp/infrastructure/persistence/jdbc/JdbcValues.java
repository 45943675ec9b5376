package org.orderapp.infrastructure.persistence.jdbc;

import java.nio.ByteBuffer;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.util.Calendar;
import java.util.TimeZone;
import java.util.UUID;

/**
 * The JDBC path's values bound and read exactly as Hibernate binds and reads them on MySQL and MariaDB, so that both
 * paths store the same bytes and read each other's rows alike: a UUID as BINARY(16), most significant byte first; an
 * Instant as the UTC wall-clock time (Hibernate's TimestampUtcAsJdbcTimestampJdbcType, the dialects having no time
 * zone type), whatever the JVM's or the database's time zone.
 */
final class JdbcValues {

    /** Only its time zone is read, by Hibernate and the driver alike; never changed. */
    private static final Calendar UTC = Calendar.getInstance(TimeZone.getTimeZone("UTC"));

    private JdbcValues() {
    }

    static void setUuid(PreparedStatement statement, int index, UUID id) throws SQLException {
        if (id == null) {
            statement.setNull(index, Types.BINARY);
        } else {
            statement.setBytes(index, ByteBuffer.allocate(16).putLong(id.getMostSignificantBits())
                    .putLong(id.getLeastSignificantBits()).array());
        }
    }

    static UUID getUuid(ResultSet rows, int index) throws SQLException {
        var bytes = ByteBuffer.wrap(rows.getBytes(index));
        return new UUID(bytes.getLong(), bytes.getLong());
    }

    static void setInstant(PreparedStatement statement, int index, Instant instant) throws SQLException {
        statement.setTimestamp(index, Timestamp.from(instant), UTC);
    }

    static Instant getInstant(ResultSet rows, int index) throws SQLException {
        return rows.getTimestamp(index, UTC).toInstant();
    }
}
