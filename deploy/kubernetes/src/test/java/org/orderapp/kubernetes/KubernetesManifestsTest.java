package org.orderapp.kubernetes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.KubernetesResource;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.networking.v1.Ingress;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.io.IOException;
import java.io.InputStream;
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
 * as deploy/container starts it, with the configuration kubernetes.cli makes.
 */
class KubernetesManifestsTest {

    private static final Path DIR = Path.of(System.getProperty("order.kubernetes.dir", ".")).toAbsolutePath().normalize();
    private static final Path HOME = Path.of(System.getProperty("order.home", "../..")).toAbsolutePath().normalize();
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

    private static HasMetadata object(String kindAndName) {
        HasMetadata o = OBJECTS.get(kindAndName);
        assertNotNull(o, kindAndName + " among " + OBJECTS.keySet());
        return o;
    }

    /** Walks a model object: every object's additionalProperties (what the model did not know) must be empty. */
    private static void unknownFields(Object node, String path, List<String> unknown) {
        if (node == null) {
            return;
        }
        if (node instanceof Collection<?> items) {
            int i = 0;
            for (Object item : items) {
                unknownFields(item, path + "[" + i++ + "]", unknown);
            }
            return;
        }
        if (node instanceof Map<?, ?> map) {
            map.forEach((k, v) -> unknownFields(v, path + "." + k, unknown));
            return;
        }
        if (!(node instanceof KubernetesResource)) {
            return; // strings, numbers, quantities
        }
        for (Method m : node.getClass().getMethods()) {
            if (m.getParameterCount() != 0 || Modifier.isStatic(m.getModifiers()) || !m.getName().startsWith("get")
                    || m.getDeclaringClass() == Object.class) {
                continue;
            }
            Object value;
            try {
                value = m.invoke(node);
            } catch (IllegalAccessException | InvocationTargetException e) {
                continue;
            }
            if (m.getName().equals("getAdditionalProperties")) {
                if (value instanceof Map<?, ?> extra && !extra.isEmpty()) {
                    unknown.add(path + ": " + extra.keySet());
                }
                continue;
            }
            String field = Character.toLowerCase(m.getName().charAt(3)) + m.getName().substring(4);
            unknownFields(value, path + "." + field, unknown);
        }
    }
}
