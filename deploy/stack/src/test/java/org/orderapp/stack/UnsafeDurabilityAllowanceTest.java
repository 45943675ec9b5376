package org.orderapp.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.orderapp.stack.admin.AdminCredentials;
import org.orderapp.stack.database.DatabaseTarget;
import org.orderapp.stack.layout.ProjectLayout;
import org.orderapp.stack.layout.ServerProfile;
import org.orderapp.target.Target;

/** The allowance of an unsafe database reaches the server's command line as the last -D, and nothing else when not asked. */
class UnsafeDurabilityAllowanceTest {

    private static final ProjectLayout LAYOUT = new ProjectLayout(Path.of("/checkout"));
    private static final ServerProfile PROFILE = new ServerProfile("baseline", "order.xml", List.of(), null,
            List.of(Target.ALLOW_UNSAFE_DURABILITY + "=false", "order.profile=baseline"), List.of());
    private static final String ARGUMENT = "-D" + Target.ALLOW_UNSAFE_DURABILITY + "=true";

    @Test
    void allowedItIsTheServersLastPropertyAndWinsOverTheProfiles() {
        var options = options(List.of("order.services.batch-size=1")).allowingUnsafeDurability(true);
        assertEquals(List.of("order.services.batch-size=1", Target.ALLOW_UNSAFE_DURABILITY + "=true"), options.serverProperties());

        List<String> command = ApplicationServer.command(settings(options));
        assertEquals(ARGUMENT, command.get(command.size() - 1), "after the profile's false: " + command);
        assertTrue(command.indexOf("-D" + Target.ALLOW_UNSAFE_DURABILITY + "=false") < command.indexOf(ARGUMENT));
        assertTrue(command.contains("-Dorder.services.batch-size=1"), command.toString());
    }

    @Test
    void notAllowedTheStackIsAsItWas() {
        var options = options(List.of("order.services.batch-size=1"));
        assertSame(options, options.allowingUnsafeDurability(false));
        assertFalse(ApplicationServer.command(settings(options)).contains(ARGUMENT));
    }

    private static StackOptions options(List<String> properties) {
        return new StackOptions(LAYOUT, Path.of("/state/server"), Path.of("/state/mariadb"), PROFILE, 8080, properties,
                List.of(), Duration.ofMinutes(1), new AdminCredentials("admin", "secret"));
    }

    /** The server's settings as ApplicationStack.start makes them (no TLS: the run's properties as given). */
    private static ApplicationServer.Settings settings(StackOptions options) {
        return new ApplicationServer.Settings(LAYOUT, options.serverBase(), PROFILE,
                new DatabaseTarget("jdbc:mariadb://127.0.0.1:3306/order", "order", "secret"), "MariaDBDialect", 8080,
                options.admin(), ApplicationStack.systemArguments(PROFILE, options.serverProperties()), List.of(), List.of(), Map.of());
    }
}
