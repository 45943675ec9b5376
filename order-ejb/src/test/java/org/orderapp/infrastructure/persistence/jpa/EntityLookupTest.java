package org.orderapp.infrastructure.persistence.jpa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.persistence.PersistenceException;
import java.math.BigDecimal;
import java.sql.SQLException;
import java.util.Map;
import org.hibernate.Session;
import org.hibernate.SessionFactory;
import org.hibernate.boot.MetadataSources;
import org.hibernate.boot.registry.StandardServiceRegistryBuilder;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.orderapp.domain.model.Product;

/**
 * What {@link EntityLookup} is for, on a real database (H2 in memory) under Hibernate as the server runs it: a read
 * that fails in a transaction marked for rollback — on the server IronJacamar marks it when the connection fails,
 * before Hibernate sees the error; here the test marks it — is answered by {@code EntityManager.find} as "no such row",
 * and by EntityLookup as the failure it is. The server's side of it (a dropped connection answered 503, not 404) is
 * TimeoutIT's.
 */
class EntityLookupTest {

    private static final long KEPT = 1;
    private static SessionFactory factory;

    @BeforeAll
    static void database() {
        var registry = new StandardServiceRegistryBuilder().applySettings(Map.of(
                "hibernate.connection.url", "jdbc:h2:mem:entity-lookup;DB_CLOSE_DELAY=-1",
                "hibernate.connection.username", "sa",
                "hibernate.connection.password", "",
                "hibernate.hbm2ddl.auto", "create-drop",
                "hibernate.cache.use_second_level_cache", "false")).build();
        factory = new MetadataSources(registry).addAnnotatedClass(Product.class).buildMetadata().buildSessionFactory();
        factory.inTransaction(session -> session.persist(new Product(KEPT, "Kept", new BigDecimal("1.00"), 0, 10)));
    }

    @AfterAll
    static void close() {
        factory.close();
    }

    @Test
    void aRowIsFoundAndAMissingOneIsEmpty() {
        try (Session em = factory.openSession()) {
            em.getTransaction().begin();
            assertEquals("Kept", EntityLookup.byId(em, Product.class, KEPT).orElseThrow().getName());
            assertTrue(EntityLookup.byId(em, Product.class, KEPT + 1).isEmpty());
            assertTrue(EntityLookup.byIdForUpdate(em, Product.class, KEPT).isPresent());
            em.getTransaction().rollback();
        }
    }

    @Test
    void aFailedReadInATransactionMarkedForRollbackIsThrownNotTakenForAMissingRow() {
        try (Session em = factory.openSession()) {
            em.getTransaction().begin();
            failReads(em, true);
            try {
                em.getTransaction().setRollbackOnly(); // what the server's connection listener does on a fatal error
                assertNull(em.find(Product.class, KEPT), "Hibernate's find takes the failed read for a missing row");
                var failure = assertThrows(PersistenceException.class, () -> EntityLookup.byId(em, Product.class, KEPT));
                assertInstanceOf(SQLException.class, failure.getCause(), "the database's error is the cause");
                assertThrows(PersistenceException.class, () -> EntityLookup.byIdForUpdate(em, Product.class, KEPT));
            } finally {
                failReads(em, false);
                em.getTransaction().rollback();
            }
        }
    }

    /** Makes every read of the product table fail (the table renamed away), or puts it back. */
    private static void failReads(Session em, boolean fail) {
        em.doWork(connection -> {
            try (var statement = connection.createStatement()) {
                statement.execute(fail ? "alter table product rename to product_away" : "alter table product_away rename to product");
            }
        });
    }
}
