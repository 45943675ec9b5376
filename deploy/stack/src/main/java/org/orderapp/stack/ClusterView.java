package org.orderapp.stack;

import java.io.IOException;
import java.net.URI;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jboss.as.controller.client.ModelControllerClient;
import org.jboss.as.controller.client.helpers.Operations;
import org.jboss.dmr.ModelNode;
import org.orderapp.target.Target;

/**
 * A node's view of its cluster: the members of its JGroups channel "ee" as it sees them now, read through its
 * management interface with local authentication (as jboss-cli does on the server's machine).
 */
public record ClusterView(String view, List<String> members) {

    /** The node's view; empty when the node cannot be read. */
    static Optional<ClusterView> of(URI management) {
        try (var client = ModelControllerClient.Factory.create("remote+http", management.getHost(), Target.managementPort(management))) {
            ModelNode result = client.execute(Operations.createReadAttributeOperation(
                    Operations.createAddress("subsystem", "jgroups", "channel", "ee"), "view"));
            return Operations.isSuccessfulOutcome(result) ? Optional.of(parse(Operations.readResult(result).asString()))
                    : Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * JGroups writes a view as "[coordinator|id] (size) [member, member, ...]", and a view made by merging groups as
     * "MergeView::" followed by that, then the subgroups it merged: the members are the first list.
     */
    private static final Pattern VIEW = Pattern.compile("\\[[^\\]]*\\|\\d+\\] \\(\\d+\\) \\[([^\\]]*)\\]");

    static ClusterView parse(String view) {
        Matcher m = VIEW.matcher(view);
        if (!m.find()) {
            return new ClusterView(view, List.of());
        }
        return new ClusterView(view, Arrays.stream(m.group(1).split(","))
                .map(String::trim).filter(member -> !member.isEmpty()).map(ClusterView::name).toList());
    }

    /** A member as JGroups prints it, "node1" or "node1(v=16.0.5)": its name. */
    private static String name(String member) {
        int paren = member.indexOf('(');
        return paren < 0 ? member : member.substring(0, paren);
    }

    boolean holds(String node) {
        return members.contains(node);
    }
}
