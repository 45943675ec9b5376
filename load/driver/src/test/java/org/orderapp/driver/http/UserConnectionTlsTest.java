package org.orderapp.driver.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orderapp.target.ServerTrust;

/** A user speaks HTTPS to a server whose self-signed certificate it is told to trust, and refuses it otherwise. */
class UserConnectionTlsTest {

    private static final String PASSWORD_VARIABLE = "TEST_STORE_PASSWORD";
    private static final String PASSWORD = "test-store-password";

    @TempDir
    Path dir;

    private HttpsServer server;
    private Path certificate;

    @BeforeEach
    void serveHttps() throws Exception {
        Path store = dir.resolve("server.p12");
        var keytool = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair", "-noprompt", "-alias", "server", "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=localhost",
                "-ext", "SAN=dns:localhost,ip:127.0.0.1", "-storetype", "PKCS12", "-keystore", store.toString(),
                "-storepass:env", PASSWORD_VARIABLE)).redirectErrorStream(true);
        keytool.environment().put(PASSWORD_VARIABLE, PASSWORD);
        Process p = keytool.start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0, new String(p.getInputStream().readAllBytes()));

        var keys = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(store)) {
            keys.load(in, PASSWORD.toCharArray());
        }
        certificate = dir.resolve("server.crt");
        Files.writeString(certificate, "-----BEGIN CERTIFICATE-----\n" + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                .encodeToString(keys.getCertificate("server").getEncoded()) + "\n-----END CERTIFICATE-----\n");
        var factory = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        factory.init(keys, PASSWORD.toCharArray());
        var tls = SSLContext.getInstance("TLS");
        tls.init(factory.getKeyManagers(), null, null);
        server = HttpsServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setHttpsConfigurator(new HttpsConfigurator(tls));
        server.createContext("/", exchange -> {
            byte[] body = "ok".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    @Test
    void trustsExactlyTheCertificateItIsGiven() throws Exception {
        URI uri = URI.create("https://localhost:" + server.getAddress().getPort() + "/Order/api/ping");
        try (var trusting = new UserConnection(Duration.ofSeconds(10), ServerTrust.of(certificate))) {
            Exchange first = trusting.get(uri, "application/json");
            assertEquals(200, first.status(), first.failure().toString());
            assertEquals("ok", new String(first.body(), StandardCharsets.UTF_8));
            assertEquals(200, trusting.get(uri, "application/json").status(), "again on the kept connection");
        }
        try (var doubting = new UserConnection(Duration.ofSeconds(10))) {
            Exchange refused = doubting.get(uri, "application/json");
            assertEquals(Exchange.Failure.IO, refused.failure(), "the JDK's authorities do not vouch for a self-signed certificate");
        }
    }
}
