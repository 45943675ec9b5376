package org.orderapp.stack;

import java.util.LinkedHashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a user needs from the server's description of a failed deployment: the root cause of each failed service
 * (the last "Caused by" of its chain), e.g. the application's own message for a bad setting, rather than the
 * dozens of services that were then missing.
 */
public final class DeploymentFailure {

    /** One link of a chain as the server writes it: {@code Caused by: some.Exception: its message}. */
    private static final Pattern CAUSED_BY = Pattern.compile("Caused by: ([\\w.$]+)(?:: (.*?))?(?:\\\\\"},?)?\\s*$");
    private static final int FALLBACK_LINES = 20;

    private DeploymentFailure() {
    }

    static String rootCauses(String description) {
        Set<String> roots = new LinkedHashSet<>();
        String last = null;
        for (String line : description.lines().toList()) {
            Matcher m = CAUSED_BY.matcher(line.strip());
            if (m.find()) {
                last = m.group(2) == null ? m.group(1) : m.group(2) + " (" + m.group(1) + ")";
            } else if (last != null) { // the chain ended on the line before
                roots.add(last);
                last = null;
            }
        }
        if (last != null) {
            roots.add(last);
        }
        if (roots.isEmpty()) {
            return description.lines().limit(FALLBACK_LINES).reduce("", (a, b) -> a + System.lineSeparator() + b);
        }
        return String.join(System.lineSeparator(), roots);
    }
}
