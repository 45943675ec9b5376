package org.orderapp.batch.job;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Named;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.List;
import javax.sql.DataSource;
import org.orderapp.batch.referencedata.ReferenceRow;
import org.orderapp.batch.referencedata.ReferenceTable;

/**
 * The benchmark's ceiling: the same rows, from the same job, written as hand-built multi-row INSERTs (one per
 * chunk of up to {@value #MAX_ROWS_PER_STATEMENT} rows) on the same datasource, with no JPA and no driver-side
 * rewriting.
 */
@Named("jdbcRowWriter")
@Dependent
public class JdbcRowWriter extends RowWriter {

    @Resource(lookup = "java:jboss/datasources/OrderDS")
    DataSource dataSource;

    /** Keeps one statement well below max_allowed_packet (16 MB by default) for the widest rows. */
    static final int MAX_ROWS_PER_STATEMENT = 10_000;

    private String sql;
    private int sqlRows;

    @Override
    protected void write(ReferenceTable table, List<ReferenceRow> rows) throws Exception {
        try (Connection c = dataSource.getConnection()) {
            for (int from = 0; from < rows.size(); from += MAX_ROWS_PER_STATEMENT) {
                var group = rows.subList(from, Math.min(rows.size(), from + MAX_ROWS_PER_STATEMENT));
                try (PreparedStatement insert = c.prepareStatement(sql(table, group.size()))) {
                    int parameter = 1;
                    for (ReferenceRow row : group) {
                        parameter = row.bind(insert, parameter);
                    }
                    insert.executeUpdate();
                }
            }
        }
    }

    private String sql(ReferenceTable table, int rowCount) {
        if (sql == null || sqlRows != rowCount) {
            sql = table.insertSql(rowCount);
            sqlRows = rowCount;
        }
        return sql;
    }
}
