package org.orderapp.batch.referencedata;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Proxy;
import java.sql.PreparedStatement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The plain-JDBC writer binds every row's values to exactly its table's columns, one after the other. */
class ReferenceRowTest {

    @Test
    void everyRowBindsOneParameterPerColumnOfItsTable() throws Exception {
        var generator = new RowGenerator(5, new LoadPlan(0.002));
        for (ReferenceTable table : ReferenceTable.values()) {
            List<Integer> indexes = new ArrayList<>();
            int next = generator.row(table, 0).bind(recording(indexes), 3);
            assertEquals(3 + table.columnCount(), next, table + ": the next row starts after this one's columns");
            for (int i = 0; i < indexes.size(); i++) {
                assertEquals(3 + i, indexes.get(i), table + ": parameters in column order " + indexes);
            }
            assertEquals(table.columnCount(), indexes.size(), table + ": one value per column");
        }
    }

    @Test
    void aRowIsTheSameWhicheverWriterAsksForIt() {
        var plan = new LoadPlan(0.002);
        for (ReferenceTable table : ReferenceTable.values()) {
            long last = plan.rows(table) - 1;
            assertEquals(new RowGenerator(5, plan).row(table, last), new RowGenerator(5, plan).row(table, last), table.name());
        }
    }

    /** A statement that only records which parameter each set* call binds. */
    private static PreparedStatement recording(List<Integer> indexes) {
        return (PreparedStatement) Proxy.newProxyInstance(ReferenceRowTest.class.getClassLoader(),
                new Class<?>[] {PreparedStatement.class}, (proxy, method, args) -> {
                    if (method.getName().startsWith("set") && args != null && args[0] instanceof Integer index) {
                        indexes.add(index);
                        return null;
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
    }
}
