package org.orderapp.observation;

/**
 * The JVM a server runs on, as the server itself answers (its runtime platform MBean and its system property
 * java.home), so that a run names the JDK it measured, whoever started the server.
 *
 * @param vendor      the VM's vendor ("Eclipse Adoptium", "Debian")
 * @param name        the VM's name ("OpenJDK 64-Bit Server VM")
 * @param version     the VM's version ("25.0.3+9-LTS")
 * @param specVersion the Java specification it implements, the feature release ("25")
 * @param javaHome    the JDK's folder on the server's machine
 */
public record ServerJvm(String vendor, String name, String version, String specVersion, String javaHome) {

    /** "Eclipse Adoptium OpenJDK 64-Bit Server VM 25.0.3+9-LTS (Java 25, /usr/lib/jvm/temurin-25-jdk-amd64)". */
    public String describe() {
        return vendor + " " + name + " " + version + " (Java " + specVersion + (javaHome == null ? "" : ", " + javaHome) + ")";
    }
}
