package org.orderapp.stack.database;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The database's administrator: the bundled client over a server's unix socket as the operating-system user, whom
 * the installed data directory lets in by that (unix_socket authentication), so no administrator password exists.
 * Statements go to the client's standard input, never on its command line, where ps would show them (the set-up
 * holds the application's password). Without TLS: the socket needs none, and the embedded database offers none.
 */
public record AdministratorClient(Path client, Path socket) {

    private static final long TIMEOUT_SECONDS = 60;

    /** Runs the statements; answers what the client printed (tab-separated rows, no column names). */
    public String run(String sql) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(List.of(client.toString(), "--no-defaults", "--socket=" + socket,
                "--user=" + System.getProperty("user.name"), "--skip-ssl", "--batch", "--skip-column-names", "--connect-timeout=5"))
                .redirectErrorStream(true).start();
        try (OutputStream in = p.getOutputStream()) {
            in.write(sql.getBytes(StandardCharsets.UTF_8));
        } catch (IOException clientGone) {
            // it failed before reading everything; its output says why
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException("the database's client did not finish within " + TIMEOUT_SECONDS + " s");
        }
        if (p.exitValue() != 0) {
            throw new IOException(out.strip());
        }
        return out;
    }
}
