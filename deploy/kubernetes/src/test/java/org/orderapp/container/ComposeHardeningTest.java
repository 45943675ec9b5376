package org.orderapp.container;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.orderapp.kubernetes.ImageReference;

/**
 * The container deployment of deploy/container, read from its files: every compose service holds the CIS Docker
 * Benchmark's settings (no capability, no-new-privileges, a read-only root, a non-root user, memory, CPU and process
 * limits, a restart policy), no image is latest, and every server profile makes a JVM out of memory exit.
 * test-stack.sh checks the same on running containers.
 */
class ComposeHardeningTest {

    private static final Path HOME = Path.of(System.getProperty("order.home", "../..")).toAbsolutePath().normalize();
    private static final Path CONTAINER = HOME.resolve("deploy/container");
    private static final String VERSION = System.getProperty("order.version");
    /** ${NAME}, ${NAME:-default}, ${NAME:?message}: compose's interpolation. */
    private static final Pattern VARIABLE = Pattern.compile("\\$\\{(\\w+)(?:(:?[-?])([^}]*))?}");

    @Test
    void everyServiceHoldsNoCapabilityNoNewPrivilegeAndNoWritableRoot() throws IOException {
        Map<String, JsonNode> services = services("compose.yaml");
        assertEquals(List.of("app", "db"), List.copyOf(services.keySet()));
        var wrong = new ArrayList<String>();
        services.forEach((name, service) -> {
            if (!texts(service.path("cap_drop")).equals(List.of("ALL"))) {
                wrong.add(name + ": cap_drop " + service.path("cap_drop"));
            }
            if (!service.path("cap_add").isMissingNode()) {
                wrong.add(name + ": cap_add " + service.path("cap_add") + " (each image runs as its own user from the start)");
            }
            if (!texts(service.path("security_opt")).contains("no-new-privileges:true")) {
                wrong.add(name + ": security_opt " + service.path("security_opt"));
            }
            if (!service.path("read_only").asBoolean(false)) {
                wrong.add(name + ": a writable root file system");
            }
            if (!texts(service.path("tmpfs")).contains("/tmp")) {
                wrong.add(name + ": no tmpfs on /tmp");
            }
            String user = resolve(service.path("user").asText(""));
            if (!user.matches("[1-9][0-9]*:[1-9][0-9]*")) {
                wrong.add(name + ": user '" + user + "' (a numeric uid:gid, not root)");
            }
        });
        assertEquals(List.of(), wrong);
    }

    @Test
    void everyServiceIsLimitedAndComesBackAfterItsProcessEnds() throws IOException {
        var wrong = new ArrayList<String>();
        services("compose.yaml").forEach((name, service) -> {
            if (service.path("pids_limit").asInt(0) <= 0) {
                wrong.add(name + ": pids_limit " + service.path("pids_limit"));
            }
            if (!resolve(service.path("mem_limit").asText("")).matches("[0-9]+[kmg]?")) {
                wrong.add(name + ": mem_limit " + service.path("mem_limit"));
            }
            String cpus = resolve(service.path("cpus").asText(""));
            if (!cpus.matches("[0-9.]+") || Double.parseDouble(cpus) <= 0) {
                wrong.add(name + ": cpus " + service.path("cpus"));
            }
            // Not on-failure: standalone.sh ends with status 0 when the JVM is killed by a signal.
            if (!service.path("restart").asText("").equals("unless-stopped")) {
                wrong.add(name + ": restart " + service.path("restart"));
            }
        });
        assertEquals(List.of(), wrong);
    }

    @Test
    void theServerRunsAsTheImagesUserAndTheTunedHeapFitsItsLimit() throws IOException {
        JsonNode app = services("compose.yaml").get("app");
        assertTrue(Files.readString(CONTAINER.resolve("Containerfile")).contains("\nUSER 185\n"), "the image's user");
        assertEquals("185:185", app.path("user").asText());
        var tuned = profile("tuned");
        Matcher heap = Pattern.compile("-Xmx(\\d+)g").matcher(tuned.getProperty("jvm-options"));
        assertTrue(heap.find(), "the tuned profile's heap: " + tuned);
        String limit = resolve(app.path("mem_limit").asText());
        assertTrue(limit.endsWith("g") && Long.parseLong(limit.replace("g", "")) > Long.parseLong(heap.group(1)),
                "mem_limit " + limit + " leaves the JVM room beside the tuned heap of " + heap.group(1) + " GB");
    }

    @Test
    void noImageIsLatestAndComposeRunsThisVersion() throws IOException {
        assertNotNull(VERSION, "order.version (the project's version) is set by the build");
        var images = new TreeMap<String, String>();
        for (String file : List.of("compose.yaml", "compose.tls.yaml")) {
            services(file).forEach((name, service) -> {
                if (service.has("image")) {
                    images.put(file + " " + name, resolve(service.path("image").asText()));
                }
            });
        }
        // The images the Containerfiles start from: ARG ..._IMAGE=default and FROM.
        try (Stream<Path> files = Files.walk(CONTAINER)) {
            for (Path f : files.filter(f -> f.getFileName().toString().endsWith("Containerfile")).toList()) {
                Matcher m = Pattern.compile("(?m)^(?:ARG \\w*IMAGE=|FROM )(\\S+)").matcher(Files.readString(f));
                while (m.find()) {
                    if (!m.group(1).startsWith("$")) {
                        images.put(CONTAINER.relativize(f) + " " + m.start(), m.group(1));
                    }
                }
            }
        }
        assertFalse(images.isEmpty());
        var wrong = new ArrayList<String>();
        images.forEach((where, image) -> {
            String tag = ImageReference.tagOf(image);
            if (tag == null || tag.equals("latest")) {
                wrong.add(where + ": " + image);
            }
        });
        assertEquals(List.of(), wrong, "images without a version, or latest");
        assertEquals(VERSION, ImageReference.tagOf(images.get("compose.yaml app")), "compose.yaml runs the project's version by default");
    }

    @Test
    void theCertificateIsMountedAsASecretAndServedOnHttps() throws IOException {
        JsonNode app = services("compose.tls.yaml").get("app");
        String keyStore = app.path("environment").path("ORDER_TLS_KEY_STORE").asText();
        List<String> secrets = texts(app.path("secrets"));
        assertEquals(1, secrets.size(), "one secret, the certificate: " + secrets);
        assertEquals("/run/secrets/" + secrets.get(0), keyStore, "the entry point reads the mounted secret");
        JsonNode declared = yaml("compose.tls.yaml").path("secrets").path(secrets.get(0));
        assertTrue(declared.path("file").asText().startsWith("${ORDER_TLS_CERTIFICATE:?"), "the user names the file: " + declared);
        assertTrue(texts(app.path("ports")).stream().anyMatch(p -> p.endsWith(":8443")), "HTTPS is published");
        assertFalse(services("compose.yaml").get("app").path("ports").toString().contains("8443"),
                "without a certificate HTTPS is not published");
    }

    @Test
    void everyProfileMakesAJvmOutOfMemoryExit() throws IOException {
        Path profiles = HOME.resolve("deploy/server/src/main/profiles");
        List<Path> files;
        try (Stream<Path> list = Files.list(profiles)) {
            files = list.filter(f -> f.toString().endsWith(".properties")).sorted().toList();
        }
        assertFalse(files.isEmpty(), "profiles in " + profiles);
        var wrong = new ArrayList<String>();
        for (Path f : files) {
            var p = profile(f.getFileName().toString().replace(".properties", ""));
            if (!List.of(p.getProperty("jvm-options-always", "").split("\\s+")).contains("-XX:+ExitOnOutOfMemoryError")
                    || p.getProperty("jvm-options", "").contains("ExitOnOutOfMemoryError")) {
                wrong.add(f.getFileName() + ": jvm-options-always=" + p.getProperty("jvm-options-always")
                        + ", jvm-options=" + p.getProperty("jvm-options"));
            }
        }
        assertEquals(List.of(), wrong, "-XX:+ExitOnOutOfMemoryError in jvm-options-always, whatever the heap");
    }

    private static JsonNode yaml(String file) throws IOException {
        return new YAMLMapper().readTree(CONTAINER.resolve(file).toFile());
    }

    private static Map<String, JsonNode> services(String file) throws IOException {
        var services = new TreeMap<String, JsonNode>();
        yaml(file).path("services").properties().forEach(e -> services.put(e.getKey(), e.getValue()));
        return services;
    }

    private static Properties profile(String name) throws IOException {
        var p = new Properties();
        try (Reader in = Files.newBufferedReader(HOME.resolve("deploy/server/src/main/profiles/" + name + ".properties"))) {
            p.load(in);
        }
        return p;
    }

    private static List<String> texts(JsonNode list) {
        var texts = new ArrayList<String>();
        list.forEach(n -> texts.add(n.asText()));
        return texts;
    }

    /** The value compose gives when no variable is set: each ${NAME:-default} its default, any other empty. */
    static String resolve(String value) {
        Matcher m = VARIABLE.matcher(value);
        var resolved = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(resolved, Matcher.quoteReplacement(m.group(2) != null && m.group(2).endsWith("-") ? m.group(3) : ""));
        }
        return m.appendTail(resolved).toString();
    }
}
