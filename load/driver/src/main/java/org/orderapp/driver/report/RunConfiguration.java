package org.orderapp.driver.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;
import org.orderapp.driver.rules.Durability;
import org.orderapp.driver.settings.LoadConfig;
import org.orderapp.observation.ServerJvm;
import org.orderapp.target.Target;

/**
 * config.json: the run's settings as they were given, where it ran (never the database password), the machine
 * that drove it, and the JVM the server ran on and its durability as the server answered (left out before it was asked).
 */
public record RunConfiguration(@JsonUnwrapped LoadConfig load, Where target, DriverHost driverHost,
                               @JsonInclude(JsonInclude.Include.NON_NULL) ServerJvm serverJvm,
                               @JsonInclude(JsonInclude.Include.NON_NULL) Durability durability) {

    /**
     * @param users the URLs the users were spread over (the application's alone, or several --url)
     * @param nodes a cluster's nodes (empty for a single server)
     */
    public record Where(String application, String management, String database, String databaseUser, List<String> users,
                        List<Target.Node> nodes) {
    }

    public record DriverHost(String java, String os, int processors) {
    }

    static RunConfiguration of(LoadConfig load, Target target, ServerJvm serverJvm, Durability durability) {
        int q = target.dbUrl().indexOf('?');
        return new RunConfiguration(load, new Where(target.application().toString(), target.management().toString(),
                q < 0 ? target.dbUrl() : target.dbUrl().substring(0, q), target.dbUser(),
                target.userApplications().stream().map(Object::toString).toList(), target.nodes()),
                new DriverHost(System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"),
                        System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"),
                        Runtime.getRuntime().availableProcessors()), serverJvm, durability);
    }
}
