package org.orderapp.lab.interleaved;

import java.io.IOException;
import org.orderapp.lab.experiment.Variant;
import org.orderapp.target.Target;

/**
 * A variant whose server runs for the whole experiment: where it is, which database it writes (variants that share
 * one are audited together at the end), and whose server it is: its own, or another variant's (server-of) that is
 * switched to this variant's runtime settings before each of its windows.
 *
 * @param server   the variant whose server this one runs on (its own name when it has a server of its own)
 * @param switcher sets the shared server to this variant's runtime settings; on a server of its own, nothing
 */
public record ResidentVariant(Variant variant, Target target, String database, String server, Switcher switcher) {

    /** Switches a shared server to a variant's runtime settings. */
    @FunctionalInterface
    public interface Switcher {
        Switcher NONE = () -> { };

        void switchTo() throws IOException, InterruptedException;
    }

    /** A variant on a server of its own. */
    public ResidentVariant(Variant variant, Target target, String database) {
        this(variant, target, database, variant.name(), Switcher.NONE);
    }

    public String name() {
        return variant.name();
    }

    /** Whether the variant's server is its own (else it is measured on another variant's, switched at runtime). */
    public boolean ownServer() {
        return server.equals(name());
    }
}
