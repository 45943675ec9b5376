package org.orderapp.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orderapp.stack.tls.ServerCertificate;
import org.orderapp.stack.tls.TlsSource;

/** Which certificate the stack's server serves, and how its properties and environment reach the server. */
class ServerHttpsTest {

    @TempDir
    Path dir;

    private final List<String> said = new ArrayList<>();

    @Test
    void plainHttpWhenNothingAsksForHttps() throws Exception {
        var https = ServerHttps.prepare(null, List.of("order.x=1"), 8080, 1, dir.resolve("tls"), said::add);

        assertNull(https.certificate());
        assertEquals(List.of("order.x=1"), https.beforeRun(List.of("order.x=1")));
        assertEquals(Map.of(), https.environment());
        assertTrue(said.isEmpty());
    }

    @Test
    void aKeyStoreOfTheCallersOwnIsLeftToTheServer() throws Exception {
        var https = ServerHttps.prepare(null, List.of("order.tls.enabled=true", "order.tls.key-store=/elsewhere.p12"), 8080, 1,
                dir.resolve("tls"), said::add);

        assertNull(https.certificate());
    }

    @Test
    void httpsAmongThePropertiesGetsTheFoldersCertificateAndTheRunsPropertiesStillWin() throws Exception {
        Path home = dir.resolve("tls");
        var https = ServerHttps.prepare(null, List.of("order.tls.enabled=true"), 8080, 1, home, said::add);

        ServerCertificate certificate = https.certificate();
        assertNotNull(certificate);
        assertTrue(certificate.keyStore().startsWith(home));
        var properties = new ArrayList<>(certificate.serverProperties());
        properties.add("order.tls.redirect=false");
        assertEquals(properties, https.beforeRun(List.of("order.tls.redirect=false")), "the run's -D last, so it wins");
        assertEquals(certificate.environment(), https.environment());
        assertTrue(said.get(0).startsWith("Server: HTTPS with the certificate made for " + home), said.toString());
    }

    @Test
    void aClusterIsRefusedHttps() {
        var refused = assertThrows(IllegalArgumentException.class,
                () -> ServerHttps.prepare(TlsSource.generated(), List.of(), 8080, 2, dir.resolve("tls"), said::add));
        assertTrue(refused.getMessage().contains("single server"), refused.getMessage());
    }

    @Test
    void theUsersUnusableFilesAreAMistakeOfTheCommandLine() {
        var source = TlsSource.given(dir.resolve("missing.crt"), dir.resolve("missing.key"));
        assertThrows(IllegalArgumentException.class, () -> ServerHttps.prepare(source, List.of(), 8080, 1, dir.resolve("tls"), said::add));
    }
}
