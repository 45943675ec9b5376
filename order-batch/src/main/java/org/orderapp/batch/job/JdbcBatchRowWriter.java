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
 * The driver alone: the same rows as single-row INSERTs, added to one JDBC batch per chunk and sent with
 * executeBatch, with no JPA. With rewriteBatchedStatements off Connector/J sends one statement per row; on, it
 * rewrites the batch into multi-row INSERTs. Off against on here is what rewriting can buy on this machine and
 * database, the bound of what the JPA loader can show.
 */
@Named("jdbcBatchRowWriter")
@Dependent
public class JdbcBatchRowWriter extends RowWriter {

    @Resource(lookup = "java:jboss/datasources/OrderDS")
    DataSource dataSource;

    @Override
    protected void write(ReferenceTable table, List<ReferenceRow> rows) throws Exception {
        try (Connection c = dataSource.getConnection();
             PreparedStatement insert = c.prepareStatement(table.insertSql(1))) {
            for (ReferenceRow row : rows) {
                row.bind(insert, 1);
                insert.addBatch();
            }
            insert.executeBatch();
        }
    }
}
