package org.orderapp.lab.run;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** Which code a checkout holds, for the record of an experiment: its commit, and whether files were changed since. */
public final class Git {

    private Git() {
    }

    /** "3f2a9c1 (changed)", "3f2a9c1", or "unknown (not a git checkout)". */
    static String describe(Path checkout) {
        String commit = run(checkout, "git", "rev-parse", "--short=12", "HEAD");
        if (commit == null || commit.isBlank()) {
            return "unknown (not a git checkout)";
        }
        String changes = run(checkout, "git", "status", "--porcelain", "--untracked-files=no");
        return commit.trim() + (changes != null && !changes.isBlank() ? " (changed)" : "");
    }

    private static String run(Path dir, String... command) {
        try {
            Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes());
            return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0 ? out : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
