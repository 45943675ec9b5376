package org.orderapp.infrastructure.persistence.jpa;

import org.hibernate.boot.Metadata;
import org.hibernate.boot.spi.BootstrapContext;
import org.hibernate.cache.spi.access.AccessType;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.hibernate.integrator.spi.Integrator;
import org.hibernate.mapping.PersistentClass;
import org.hibernate.mapping.RootClass;
import org.hibernate.service.spi.SessionFactoryServiceRegistry;

/**
 * Makes the entities META-INF/orm.xml caches read-only immutable in every persistence unit, as Hibernate's
 * {@code @Immutable} would: the reference data never changes online, so Hibernate keeps no snapshot of what it loads,
 * checks none of it at flush, and has an immutable entity behind each read-only cache region. Hibernate 6.6 reads no
 * mutability from its XML mapping, and domain.model takes no Hibernate annotation. Registered in META-INF/services;
 * Hibernate calls it before it builds its persisters and cache regions.
 */
public class ImmutableReferenceData implements Integrator {

    @Override
    public void integrate(Metadata metadata, BootstrapContext bootstrapContext, SessionFactoryImplementor sessionFactory) {
        metadata.getEntityBindings().forEach(ImmutableReferenceData::applyTo);
    }

    /** Marks the entity immutable when it is cached read-only. */
    static void applyTo(PersistentClass entity) {
        if (entity instanceof RootClass root && AccessType.READ_ONLY.getExternalName().equals(root.getCacheConcurrencyStrategy())) {
            root.setMutable(false);
        }
    }

    @Override
    public void disintegrate(SessionFactoryImplementor sessionFactory, SessionFactoryServiceRegistry serviceRegistry) {
        // nothing to undo: the mapping goes with the session factory
    }
}
