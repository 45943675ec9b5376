package org.orderapp.launcher;

import org.orderapp.stack.layout.BuildInfo;
import picocli.CommandLine;

/** ./order --version: the versions the build wrote. */
public final class VersionProvider implements CommandLine.IVersionProvider {

    @Override
    public String[] getVersion() {
        return new String[] {"Order " + BuildInfo.get("order.version") + " on WildFly " + BuildInfo.get("wildfly.version")};
    }
}
