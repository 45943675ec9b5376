package org.orderapp.kubernetes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerPort;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.KubernetesResource;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.PodSecurityContext;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.SecurityContext;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.networking.v1.Ingress;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The manifests of deploy/kubernetes, read into Kubernetes' own object model (fabric8's, generated from the API's
 * OpenAPI schema): each file is one object of a kind the model knows, with no field it does not know anywhere (the
 * model keeps unknown fields aside instead of refusing them, so they are looked for), and the objects fit together:
 * the nodes find each other through the headless service, the ingress reaches their service, the image is started
 * as deploy/container starts it, with the configuration kubernetes.cli makes. And they keep everyone where they
 * belong: every pod meets the Pod Security Standard "restricted" (which the namespace enforces) with a read-only root,
 * every image is pinned to a version, users reach the nodes over HTTPS only, and a JVM out of memory exits so that
 * Kubernetes starts it again.
 */
class KubernetesManifestsTest {

    private static final Path DIR = Path.of(System.getProperty("order.kubernetes.dir", ".")).toAbsolutePath().normalize();
    private static final Path HOME = Path.of(System.getProperty("order.home", "../..")).toAbsolutePath().normalize();
    private static final String VERSION = System.getProperty("order.version");
    /** The image's user (the Containerfile's USER): what every container of these pods runs as. */
    private static final long IMAGE_USER = 185;
    private static final KubernetesSerialization MODEL = new KubernetesSerialization();
    private static final Map<String, HasMetadata> OBJECTS = new LinkedHashMap<>();

    @BeforeAll
    static void readEveryManifest() throws IOException {
        for (Path file : manifests()) {
            try (InputStream in = Files.newInputStream(file)) {
                Object read = MODEL.unmarshal(in);
                if (!(read instanceof HasMetadata object)) {
                    fail(file.getFileName() + " is not one Kubernetes object: " + read);
                    return;
                }
                OBJECTS.put(object.getKind() + "/" + object.getMetadata().getName(), object);
            }
        }
    }

    private static List<Path> manifests() throws IOException {
        try (Stream<Path> files = Files.list(DIR)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".yaml"))
                    .filter(f -> !f.getFileName().toString().equals("kustomization.yaml")).sorted().toList();
        }
    }

    @Test
    void everyFieldOfEveryManifestIsOneTheKubernetesApiKnows() {
        assertFalse(OBJECTS.isEmpty(), "manifests in " + DIR);
        var unknown = new ArrayList<String>();
        OBJECTS.forEach((name, object) -> unknownFields(object, name, unknown));
        assertEquals(List.of(), unknown, "fields the Kubernetes API does not know (a typo, or a wrong level)");
    }

    @Test
    void theKustomizationListsEveryManifest() throws IOException {
        JsonNode kustomization = new YAMLMapper().readTree(DIR.resolve("kustomization.yaml").toFile());
        Set<String> listed = new TreeSet<>();
        kustomization.path("resources").forEach(r -> listed.add(r.asText()));
        Set<String> present = new TreeSet<>();
        manifests().forEach(f -> present.add(f.getFileName().toString()));
        assertEquals(present, listed);
    }

    @Test
    void theNodesFindEachOtherThroughTheHeadlessServiceAndTheIngressReachesThem() {
        StatefulSet nodes = (StatefulSet) object("StatefulSet/order");
        Service headless = (Service) object("Service/" + nodes.getSpec().getServiceName());
        assertEquals("None", headless.getSpec().getClusterIP(), "the nodes' service is headless: DNS lists every pod");
        assertTrue(headless.getSpec().getPublishNotReadyAddresses(), "a starting node is found before it is ready");
        var podLabels = nodes.getSpec().getTemplate().getMetadata().getLabels();
        assertTrue(podLabels.entrySet().containsAll(nodes.getSpec().getSelector().getMatchLabels().entrySet()));
        assertTrue(podLabels.entrySet().containsAll(headless.getSpec().getSelector().entrySet()));

        List<String> args = nodes.getSpec().getTemplate().getSpec().getContainers().get(0).getArgs();
        assertTrue(args.contains("-Dorder.cluster.dns-query=" + headless.getMetadata().getName() + ".$(POD_NAMESPACE).svc.cluster.local"),
                "DNS_PING asks the headless service: " + args);
        assertTrue(args.contains("-Djboss.node.name=$(POD_NAME)"), "each node is named after its pod: " + args);

        Ingress ingress = (Ingress) object("Ingress/order");
        String backend = ingress.getSpec().getRules().get(0).getHttp().getPaths().get(0).getBackend().getService().getName();
        Service service = (Service) object("Service/" + backend);
        assertTrue(podLabels.entrySet().containsAll(service.getSpec().getSelector().entrySet()), "the ingress's service selects the nodes");
        assertEquals("cookie", ingress.getMetadata().getAnnotations().get("nginx.ingress.kubernetes.io/affinity"),
                "a user stays on the node holding the session");
    }

    @Test
    void theNodesRunTheContainerImageAsItIsWithTheConfigurationTheBuildMakes() throws IOException {
        StatefulSet nodes = (StatefulSet) object("StatefulSet/order");
        var container = nodes.getSpec().getTemplate().getSpec().getContainers().get(0);
        assertTrue(container.getCommand() == null || container.getCommand().isEmpty(), "the image's entry point is kept");
        String containerfile = Files.readString(HOME.resolve("deploy/container/Containerfile"));
        assertTrue(containerfile.contains("deploy/container/entrypoint.sh deploy/container/health.sh /opt/wildfly/bin/order/"),
                "the probes call the image's own health check");
        assertEquals(List.of("/opt/wildfly/bin/order/health.sh", "ready"), container.getReadinessProbe().getExec().getCommand());
        String profile = container.getEnv().stream().filter(e -> e.getName().equals("ORDER_PROFILE")).findFirst()
                .orElseThrow().getValue();
        assertTrue(Files.readString(HOME.resolve("deploy/server/src/main/profiles/" + profile + ".properties"))
                .contains("server-config=order-kubernetes.xml"), "the image's profile " + profile + " starts order-kubernetes.xml");
        String pom = Files.readString(HOME.resolve("deploy/server/pom.xml"));
        assertTrue(pom.contains("<server.config.kubernetes>order-kubernetes.xml</server.config.kubernetes>")
                && pom.contains("--file=kubernetes.cli"), "the build makes order-kubernetes.xml");
        assertTrue(container.getArgs().stream().noneMatch(a -> a.equals("-c") || a.startsWith("--server-config")),
                "the entry point names the configuration (WildFly refuses a second one)");
        var secrets = new TreeSet<String>();
        container.getEnv().stream().filter(e -> e.getValueFrom() != null && e.getValueFrom().getSecretKeyRef() != null)
                .forEach(e -> secrets.add(e.getName()));
        assertEquals(Set.of("ORDER_CLUSTER_PASSWORD", "ORDER_DB_PASSWORD", "ORDER_DB_URL", "ORDER_DB_USER"), secrets,
                "credentials come from the Secret, never from the manifests");
    }

    @Test
    void theNamespaceEnforcesThePodSecurityStandardRestricted() throws IOException {
        String name = new YAMLMapper().readTree(DIR.resolve("kustomization.yaml").toFile()).path("namespace").asText();
        Map<String, String> labels = ((Namespace) object("Namespace/" + name)).getMetadata().getLabels();
        for (String mode : List.of("enforce", "warn", "audit")) {
            assertEquals("restricted", labels.get("pod-security.kubernetes.io/" + mode), mode + " in " + labels);
        }
    }

    @Test
    void everyPodMeetsThePodSecurityStandardRestrictedWithAReadOnlyRoot() {
        Map<String, PodSpec> pods = podSpecs();
        assertFalse(pods.isEmpty(), "pod specs among " + OBJECTS.keySet());
        var wrong = new ArrayList<String>();
        pods.forEach((where, pod) -> {
            PodSecurityContext podContext = Objects.requireNonNullElseGet(pod.getSecurityContext(), PodSecurityContext::new);
            check(wrong, where, "automountServiceAccountToken", Boolean.FALSE, pod.getAutomountServiceAccountToken());
            for (String host : List.of("hostNetwork", "hostPID", "hostIPC")) {
                Object value = switch (host) {
                    case "hostNetwork" -> pod.getHostNetwork();
                    case "hostPID" -> pod.getHostPID();
                    default -> pod.getHostIPC();
                };
                if (Boolean.TRUE.equals(value)) {
                    wrong.add(where + ": " + host);
                }
            }
            for (Volume v : pod.getVolumes()) {
                if (v.getHostPath() != null || (v.getConfigMap() == null && v.getCsi() == null && v.getDownwardAPI() == null
                        && v.getEmptyDir() == null && v.getEphemeral() == null && v.getPersistentVolumeClaim() == null
                        && v.getProjected() == null && v.getSecret() == null)) {
                    wrong.add(where + ": volume " + v.getName() + " of a type restricted forbids");
                }
            }
            for (Container c : containers(pod)) {
                String at = where + " container " + c.getName();
                SecurityContext own = Objects.requireNonNullElseGet(c.getSecurityContext(), SecurityContext::new);
                // A container's own setting wins over the pod's, as in Kubernetes.
                check(wrong, at, "runAsNonRoot", Boolean.TRUE, either(own.getRunAsNonRoot(), podContext.getRunAsNonRoot()));
                check(wrong, at, "runAsUser", IMAGE_USER, either(own.getRunAsUser(), podContext.getRunAsUser()));
                check(wrong, at, "runAsGroup", IMAGE_USER, either(own.getRunAsGroup(), podContext.getRunAsGroup()));
                var seccomp = either(own.getSeccompProfile(), podContext.getSeccompProfile());
                check(wrong, at, "seccompProfile.type", "RuntimeDefault", seccomp == null ? null : seccomp.getType());
                check(wrong, at, "allowPrivilegeEscalation", Boolean.FALSE, own.getAllowPrivilegeEscalation());
                check(wrong, at, "readOnlyRootFilesystem", Boolean.TRUE, own.getReadOnlyRootFilesystem());
                if (Boolean.TRUE.equals(own.getPrivileged())) {
                    wrong.add(at + ": privileged");
                }
                var capabilities = own.getCapabilities();
                check(wrong, at, "capabilities.drop", List.of("ALL"), capabilities == null ? null : capabilities.getDrop());
                if (capabilities != null && !capabilities.getAdd().isEmpty()) {
                    wrong.add(at + ": capabilities added " + capabilities.getAdd());
                }
                if (c.getPorts().stream().anyMatch(p -> p.getHostPort() != null)) {
                    wrong.add(at + ": a host port");
                }
                // With the root read-only, the JVM's scratch files need a volume.
                if (c.getVolumeMounts().stream().noneMatch(m -> m.getMountPath().equals("/tmp") && !Boolean.TRUE.equals(m.getReadOnly()))) {
                    wrong.add(at + ": no writable volume on /tmp");
                }
            }
        });
        assertEquals(List.of(), wrong, "settings below the Pod Security Standard restricted or a read-only root");
    }

    @Test
    void theServerWritesOnlyToItsOwnVolumesAndTheTokenStaysOut() {
        StatefulSet nodes = (StatefulSet) object("StatefulSet/order");
        var container = nodes.getSpec().getTemplate().getSpec().getContainers().get(0);
        Map<String, String> writable = new LinkedHashMap<>();
        container.getVolumeMounts().stream().filter(m -> !Boolean.TRUE.equals(m.getReadOnly()))
                .forEach(m -> writable.put(m.getMountPath(), m.getName()));
        assertEquals(Set.of("/var/lib/order", "/tmp"), writable.keySet(), "the server's state and scratch files, nothing else");
        assertTrue(nodes.getSpec().getVolumeClaimTemplates().stream()
                .anyMatch(t -> t.getMetadata().getName().equals(writable.get("/var/lib/order"))), "each node's own claim");
        Volume tmp = nodes.getSpec().getTemplate().getSpec().getVolumes().stream()
                .filter(v -> v.getName().equals(writable.get("/tmp"))).findFirst().orElseThrow();
        assertNotNull(tmp.getEmptyDir(), "/tmp lives and dies with the pod");
        assertNotNull(tmp.getEmptyDir().getSizeLimit(), "/tmp is bounded");
        String containerfile = readString(HOME.resolve("deploy/container/Containerfile"));
        assertTrue(containerfile.contains("USER " + IMAGE_USER), "the pods run as the image's user");
    }

    @Test
    void noImageIsLatestAndTheNodesRunThisVersion() throws IOException {
        assertNotNull(VERSION, "order.version (the project's version) is set by the build");
        var wrong = new ArrayList<String>();
        podSpecs().forEach((where, pod) -> containers(pod).forEach(c -> {
            String tag = ImageReference.tagOf(c.getImage());
            if (tag == null || tag.equals("latest")) {
                wrong.add(where + " container " + c.getName() + ": " + c.getImage());
            }
        }));
        assertEquals(List.of(), wrong, "images without a version, or latest");

        JsonNode images = new YAMLMapper().readTree(DIR.resolve("kustomization.yaml").toFile()).path("images");
        assertFalse(images.isEmpty(), "the kustomization sets the image's version");
        StatefulSet nodes = (StatefulSet) object("StatefulSet/order");
        String image = nodes.getSpec().getTemplate().getSpec().getContainers().get(0).getImage();
        for (JsonNode entry : images) {
            assertTrue(image.startsWith(entry.path("name").asText() + ":"), "the kustomization names the nodes' image: " + entry);
            String tag = entry.path("newTag").asText(null);
            assertTrue(tag != null || entry.has("digest"), "a tag or a digest: " + entry);
            assertEquals(VERSION, tag, "the kustomization deploys the project's version");
        }
        assertEquals(VERSION, ImageReference.tagOf(image), "statefulset.yaml names the project's version, as the kustomization does");
    }

    @Test
    void usersReachTheNodesOverHttpsOnlyWithTheCertificatesOfSecrets() {
        Ingress ingress = (Ingress) object("Ingress/order");
        var tls = ingress.getSpec().getTls();
        assertFalse(tls.isEmpty(), "the ingress ends TLS");
        var covered = new TreeSet<String>();
        tls.forEach(t -> {
            assertNotNull(t.getSecretName(), "the ingress's certificate comes from a Secret: " + t);
            covered.addAll(t.getHosts());
        });
        ingress.getSpec().getRules().forEach(r -> assertTrue(covered.contains(r.getHost()), r.getHost() + " is among " + covered));
        assertEquals("HTTPS", ingress.getMetadata().getAnnotations().get("nginx.ingress.kubernetes.io/backend-protocol"),
                "the ingress speaks HTTPS to the nodes");

        // The ingress's backend port is the nodes' HTTPS port, and only that is open to everyone.
        var backend = ingress.getSpec().getRules().get(0).getHttp().getPaths().get(0).getBackend().getService();
        Service service = (Service) object("Service/" + backend.getName());
        var port = service.getSpec().getPorts().stream().filter(p -> p.getName().equals(backend.getPort().getName()))
                .findFirst().orElseThrow();
        StatefulSet nodes = (StatefulSet) object("StatefulSet/order");
        var container = nodes.getSpec().getTemplate().getSpec().getContainers().get(0);
        ContainerPort target = container.getPorts().stream().filter(p -> p.getName().equals(port.getTargetPort().getStrVal()))
                .findFirst().orElseThrow();
        assertEquals(8443, target.getContainerPort(), "the service's port is the server's HTTPS port");
        assertEquals(List.of("https"), service.getSpec().getPorts().stream().map(p -> p.getName()).toList(),
                "no plain HTTP port on the users' service");

        // The server's own certificate: a Secret mounted where ORDER_TLS_KEY_STORE says.
        String keyStore = env(container.getEnv(), "ORDER_TLS_KEY_STORE");
        assertNotNull(keyStore, "the entry point is given the certificate");
        VolumeMount mount = container.getVolumeMounts().stream().filter(m -> m.getMountPath().equals(keyStore))
                .findFirst().orElseThrow(() -> new AssertionError("nothing mounted at " + keyStore));
        assertTrue(mount.getReadOnly(), "the certificate is mounted read-only");
        Volume volume = nodes.getSpec().getTemplate().getSpec().getVolumes().stream()
                .filter(v -> v.getName().equals(mount.getName())).findFirst().orElseThrow();
        assertNotNull(volume.getSecret(), "the certificate comes from a Secret");
        assertEquals(0440, volume.getSecret().getDefaultMode(), "readable by the server's group only");
        assertTrue(readString(HOME.resolve("deploy/container/entrypoint.sh")).contains("pem=(\"$given/tls.key\" \"$given/tls.crt\")"),
                "the entry point takes a mounted TLS Secret (tls.key, tls.crt)");
    }

    /**
     * A node's configuration (order-ha.xml, of which order-kubernetes.xml is a copy) opens no AJP listener: the HA
     * configuration WildFly ships has one on the public interface, which nothing here speaks to, and cluster.cli
     * removes it; kubernetes.cli, applied to the copy, adds none back.
     */
    @Test
    void theNodesOpenNoAjpListener() throws IOException {
        String cluster = readString(HOME.resolve("deploy/server/src/main/cli/cluster.cli"));
        assertTrue(cluster.contains("\n/subsystem=undertow/server=default-server/ajp-listener=ajp:remove\n"), "cluster.cli removes AJP");
        String kubernetes = readString(HOME.resolve("deploy/server/src/main/cli/kubernetes.cli"));
        assertTrue(kubernetes.contains("a copy of order-ha.xml made after\n# cluster.cli"), "the Kubernetes node starts from a cluster node");
        assertFalse(kubernetes.toLowerCase(java.util.Locale.ROOT).contains("ajp-listener"), "kubernetes.cli opens no AJP listener");
    }

    @Test
    void aJvmOutOfMemoryExitsSoThatKubernetesStartsItAgain() throws IOException {
        StatefulSet nodes = (StatefulSet) object("StatefulSet/order");
        var container = nodes.getSpec().getTemplate().getSpec().getContainers().get(0);
        var profile = new Properties();
        try (Reader in = Files.newBufferedReader(HOME.resolve("deploy/server/src/main/profiles/"
                + env(container.getEnv(), "ORDER_PROFILE") + ".properties"))) {
            profile.load(in);
        }
        assertTrue(List.of(profile.getProperty("jvm-options-always", "").split("\\s+")).contains("-XX:+ExitOnOutOfMemoryError"),
                "the pod's profile exits a JVM out of memory: " + profile);
        assertTrue(readString(HOME.resolve("deploy/container/entrypoint.sh")).contains("$(setting jvm-options-always)"),
                "the entry point passes the profile's jvm-options-always on");
        // JAVA_OPTS would replace every JVM option the entry point gives; a later option could turn the flag off.
        assertEquals(null, env(container.getEnv(), "JAVA_OPTS"), "the pod leaves JAVA_OPTS to WildFly");
        String sizing = Objects.requireNonNullElse(env(container.getEnv(), "JBOSS_JAVA_SIZING"), "");
        assertFalse(sizing.contains("-XX:-ExitOnOutOfMemoryError"), "the pod's JVM options keep the flag: " + sizing);
        assertTrue(container.getArgs().stream().noneMatch(a -> a.contains("ExitOnOutOfMemoryError")), "not a server argument");
        assertNotNull(container.getLivenessProbe(), "a JVM that hangs instead is restarted by its liveness probe");
    }

    /** Every pod spec of the manifests (a StatefulSet's template, a Deployment's, a Job's, a Pod's), by where it is. */
    private static Map<String, PodSpec> podSpecs() {
        Map<String, PodSpec> found = new LinkedHashMap<>();
        OBJECTS.forEach((name, object) -> collect(object, name, PodSpec.class, found));
        return found;
    }

    private static List<Container> containers(PodSpec pod) {
        var all = new ArrayList<Container>(pod.getInitContainers());
        all.addAll(pod.getContainers());
        return all;
    }

    private static <T> T either(T own, T pods) {
        return own != null ? own : pods;
    }

    private static void check(List<String> wrong, String where, String field, Object expected, Object actual) {
        if (!Objects.equals(expected, actual)) {
            wrong.add(where + ": " + field + " is " + actual + ", not " + expected);
        }
    }

    private static String env(List<EnvVar> env, String name) {
        return env.stream().filter(e -> e.getName().equals(name)).map(EnvVar::getValue).findFirst().orElse(null);
    }

    private static String readString(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new AssertionError(file + " cannot be read", e);
        }
    }

    private static HasMetadata object(String kindAndName) {
        HasMetadata o = OBJECTS.get(kindAndName);
        assertNotNull(o, kindAndName + " among " + OBJECTS.keySet());
        return o;
    }

    /** Walks a model object and keeps every object of the given type in it, by its path. */
    private static <T> void collect(Object node, String path, Class<T> type, Map<String, T> found) {
        if (type.isInstance(node)) {
            found.put(path, type.cast(node));
            return;
        }
        walk(node, path, (child, childPath) -> collect(child, childPath, type, found));
    }

    private interface Visitor {
        void visit(Object child, String path);
    }

    /** Visits the children of a model object: a collection's items, a map's values, a resource's fields. */
    private static void walk(Object node, String path, Visitor visitor) {
        if (node instanceof Collection<?> items) {
            int i = 0;
            for (Object item : items) {
                visitor.visit(item, path + "[" + i++ + "]");
            }
        } else if (node instanceof Map<?, ?> map) {
            map.forEach((k, v) -> visitor.visit(v, path + "." + k));
        } else if (node instanceof KubernetesResource) {
            for (Method m : node.getClass().getMethods()) {
                if (m.getParameterCount() != 0 || Modifier.isStatic(m.getModifiers()) || !m.getName().startsWith("get")
                        || m.getDeclaringClass() == Object.class || m.getName().equals("getAdditionalProperties")) {
                    continue;
                }
                try {
                    visitor.visit(m.invoke(node), path + "." + Character.toLowerCase(m.getName().charAt(3)) + m.getName().substring(4));
                } catch (IllegalAccessException | InvocationTargetException e) {
                    // not a field
                }
            }
        }
    }

    /** Walks a model object: every object's additionalProperties (what the model did not know) must be empty. */
    private static void unknownFields(Object node, String path, List<String> unknown) {
        if (node instanceof KubernetesResource) {
            try {
                if (node.getClass().getMethod("getAdditionalProperties").invoke(node) instanceof Map<?, ?> extra && !extra.isEmpty()) {
                    unknown.add(path + ": " + extra.keySet());
                }
            } catch (NoSuchMethodException | IllegalAccessException | InvocationTargetException e) {
                // a resource that keeps no unknown fields
            }
        }
        walk(node, path, (child, childPath) -> unknownFields(child, childPath, unknown));
    }
}
