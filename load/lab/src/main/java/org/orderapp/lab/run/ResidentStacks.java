package org.orderapp.lab.run;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.orderapp.lab.experiment.ExperimentDefinition;
import org.orderapp.lab.experiment.RuntimeSwitches;
import org.orderapp.lab.experiment.Variant;
import org.orderapp.lab.interleaved.InterleavedExperiment;
import org.orderapp.lab.interleaved.ResidentVariant;
import org.orderapp.stack.ApplicationStack;
import org.orderapp.stack.StackOptions;
import org.orderapp.stack.admin.AdminClient;
import org.orderapp.stack.admin.AdminCredentials;
import org.orderapp.stack.database.DatabaseTarget;
import org.orderapp.stack.layout.Folders;
import org.orderapp.stack.layout.ServerAddress;
import org.orderapp.target.Target;

/**
 * The servers of an interleaved experiment, one per variant (with instances, one per instance: NAME@2 ... is a variant of
 * its own here), started once and kept up (and started again by their
 * supervisor if one dies) until closed. Server i has the experiment's port offset plus i × 20, as a cluster's nodes
 * have. A variant on another's server (server-of) has none of its own: it is measured on its host's, which is started
 * allowing runtime switches and switched to each variant's settings before its window. The variants share one
 * database when that is fair: they change no database setting and write the same schema; a variant of another
 * checkout (its migrations may differ) has one of its own. Every database gets the experiment's reference data once,
 * through the first server on it.
 */
public final class ResidentStacks implements AutoCloseable {

    /** Which server each variant is measured on, for the plan and experiment.json. */
    static String serverPlan(ExperimentDefinition definition, boolean duet) {
        var shared = definition.servers().entrySet().stream().filter(e -> !e.getKey().equals(e.getValue()))
                .map(e -> e.getKey() + " on " + e.getValue() + "'s").toList();
        String each = definition.instances() == 1 ? "one per variant" : definition.instances() + " per variant (instances NAME, "
                + "NAME@2 ...: the ratios are over them, since two JVMs of one configuration differ)";
        if (shared.isEmpty()) {
            return definition.serverCount() + " server(s): " + each;
        }
        return definition.serverCount() + " server(s): " + each + " but " + String.join(", ", shared)
                + " (switched at runtime before each of its windows, so that no difference between two JVMs enters its ratios)"
                + (!duet ? "" : InterleavedExperiment.runtimeVariantsSwitchedWithinWindows(definition)
                ? "; a block is " + definition.mostOnOneServer() + " rounds, each server measuring one of its variants at a time, "
                + "those with a variant for every round aligned (their own in one round, the same settings in one)"
                + (definition.variantsPerServer().values().stream().allMatch(n -> n == definition.mostOnOneServer()) ? ""
                : ", the others their own again (partner windows)") + "; every runtime variant is compared with its host "
                + "within its own windows"
                : "; a block is " + definition.mostOnOneServer() + " rounds, each server measuring one of its variants at "
                + "a time and its own again where it has fewer (a partner window: through the windows the other servers "
                + "measured beside them, a runtime variant and its host, measured in different rounds, are compared)");
    }

    /** Why the variants share a database, or not, for the plan and the comparison. */
    static String databasePlan(ExperimentDefinition definition, boolean duet) {
        if (duet) {
            return "one database per server: the servers are measured at the same time, and each database's CPU must be "
                    + "its server's alone";
        }
        var own = definition.variants().stream().filter(ResidentStacks::ownDatabase).map(Variant::name).toList();
        return own.isEmpty() ? "one database for every variant: none changes the database, all write the same schema, and "
                + "the blocks measure them in turn on the same data"
                : "one database per checkout: " + String.join(", ", own) + " run(s) another checkout, whose schema may differ; "
                + "the others share one";
    }

    private static boolean ownDatabase(Variant v) {
        return v.checkout() != null;
    }

    private final List<ApplicationStack> stacks = new ArrayList<>();
    private ExperimentData data;

    /** Brings the variant's database back to its loaded state (orders removed, stock restored). */
    void reset(ResidentVariant variant) throws java.io.IOException, InterruptedException {
        data.prepare(variant.target().application(), variant.target().trust(), variant.database());
    }

    /**
     * Starts every variant's stack in the definition's order and loads the data; on failure stops what it started.
     *
     * @param duet  every server on a database of its own (its windows run beside the others')
     * @param state where the servers and databases keep their state: state/NAME/server, state/mariadb (shared) or
     *              state/NAME/mariadb
     */
    List<ResidentVariant> start(VariantBinaries.Prepared prepared, boolean duet, Path state, int portOffset, AdminCredentials admin,
                                Duration startupTimeout, boolean allowUnsafeDurability, Consumer<String> say) throws Exception {
        var definition = prepared.definition();
        data = new ExperimentData(definition, admin, say);
        var servers = definition.servers();
        Map<String, ResidentVariant> started = new LinkedHashMap<>();
        Map<String, DatabaseTarget> databases = new LinkedHashMap<>();
        try {
            int index = 0;
            for (Variant v : definition.variants()) {
                if (!servers.get(v.name()).equals(v.name())) {
                    continue; // on its host's server
                }
                boolean own = duet || ownDatabase(v);
                String database = own ? v.name() : "shared";
                Path databaseHome = own ? state.resolve(v.name()).resolve("mariadb") : state.resolve("mariadb");
                Path serverBase = state.resolve(v.name()).resolve("server");
                Folders.deleteRecursively(serverBase.resolve("data")); // no messages or transaction log from an earlier experiment
                var properties = new ArrayList<String>();
                properties.add(ServerAddress.PORT_OFFSET + "=" + (portOffset + index * ServerAddress.NODE_PORT_STEP));
                v.properties().forEach((k, value) -> properties.add(k + "=" + value));
                if (servers.values().stream().filter(v.name()::equals).count() > 1) {
                    properties.add(RuntimeSwitches.ALLOWED + "=true"); // it hosts a variant switched at runtime
                }
                var options = new StackOptions(prepared.binaries().get(v.name()), serverBase, databaseHome,
                        prepared.profiles().get(v.name()), ServerAddress.DEFAULT_HTTP_PORT, properties, v.jvmOptions(), startupTimeout,
                        admin, v.serverCli(), 1, 1).withJavaHome(v.javaHomePath()).allowingUnsafeDurability(allowUnsafeDurability);
                if (databases.containsKey(database)) {
                    options = options.onDatabase(databases.get(database));
                }
                say.accept("");
                say.accept("=== Variant " + v.name() + " (" + v.summary() + "): starting its server"
                        + (databases.containsKey(database) ? " on the " + database + " database" : "") + " ===");
                var stack = new ApplicationStack();
                stacks.add(stack);
                stack.start(options, say);
                stack.supervise(say);
                databases.putIfAbsent(database, stack.database());
                if (!data.loadedInto(database)) {
                    data.prepare(stack.address().applicationUrl(), stack.trust(), database);
                }
                started.put(v.name(), new ResidentVariant(v, new Target(stack.address().applicationUrl(), stack.address().managementUrl(),
                        stack.database().url(), stack.database().user(), stack.database().password(), admin.authorization())
                        .withTrust(stack.trust()), database));
                index++;
            }
            var residents = new ArrayList<ResidentVariant>();
            for (Variant v : definition.variants()) {
                ResidentVariant host = started.get(servers.get(v.name()));
                var sharing = definition.variants().stream().filter(o -> servers.get(o.name()).equals(host.name())).toList();
                if (sharing.size() == 1) {
                    residents.add(host);
                    continue;
                }
                var client = new AdminClient(host.target().application(), Optional.of(admin), host.target().trust());
                Map<String, String> settings = RuntimeSwitches.before(v, sharing);
                residents.add(new ResidentVariant(v, host.target(), host.database(), host.name(), () -> client.switchAtRuntime(settings)));
            }
            checkSwitches(residents, say);
            return residents;
        } catch (Exception e) {
            close();
            throw e;
        }
    }

    /**
     * Every shared server switched to each of its variants' settings once and back to its own, so that a value the
     * server refuses ends the experiment now rather than after the warm-up.
     */
    private static void checkSwitches(List<ResidentVariant> residents, Consumer<String> say) throws IOException, InterruptedException {
        for (ResidentVariant r : residents) {
            if (!r.ownServer()) {
                try {
                    r.switcher().switchTo();
                } catch (IOException e) {
                    throw new IOException("variant " + r.name() + " (server-of " + r.server() + "): " + e.getMessage(), e);
                }
                say.accept("Variant " + r.name() + ": on the server of " + r.server() + ", switched to "
                        + String.join(", ", RuntimeSwitches.switched(r.variant()).stream()
                        .map(k -> k + "=" + r.variant().properties().get(k)).toList()) + " before each of its windows");
            }
        }
        for (ResidentVariant r : residents) {
            if (r.ownServer()) {
                r.switcher().switchTo(); // every shared server back to its own variant's settings until the first window
            }
        }
    }

    /** Stops the servers, last started first: a shared database belongs to the first, which stops last. */
    @Override
    public void close() {
        for (int i = stacks.size() - 1; i >= 0; i--) {
            stacks.get(i).close();
        }
        stacks.clear();
    }
}
