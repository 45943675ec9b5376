package org.orderapp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.OperateOnDeployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.as.arquillian.container.ManagementClient;
import org.jboss.as.controller.client.helpers.Operations;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * With order.tls.redirect=true a plain HTTP request is sent to HTTPS, the same path and query on the server's HTTPS
 * port: 301 for a GET, 308 for a POST. The switch is read when the application starts, so the test sets it and
 * redeploys, and puts both back afterwards.
 */
@ExtendWith(ArquillianExtension.class)
class HttpsRedirectIT {

    @Deployment(testable = false, name = OrderDeployment.NAME)
    static EnterpriseArchive deployment() {
        return OrderDeployment.ear();
    }

    @ArquillianResource
    @OperateOnDeployment(OrderDeployment.NAME)
    URL base;

    @ArquillianResource
    ManagementClient management;

    @Test
    void plainHttpIsSentToHttpsWhenSwitchedOn() throws Exception {
        var http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).connectTimeout(Duration.ofSeconds(10)).build();
        URI ping = URI.create(base.toString()).resolve("api/ping?x=1");
        assertEquals(200, http.send(HttpRequest.newBuilder(ping).GET().build(), HttpResponse.BodyHandlers.discarding()).statusCode(),
                "off by default");
        switchRedirect(true);
        try {
            int httpsPort = base.getPort() - 8080 + 8443;
            var get = http.send(HttpRequest.newBuilder(ping).GET().build(), HttpResponse.BodyHandlers.discarding());
            assertEquals(301, get.statusCode());
            assertEquals("https://" + base.getHost() + ":" + httpsPort + base.getPath() + "api/ping?x=1",
                    get.headers().firstValue("Location").orElse(null));
            var post = http.send(HttpRequest.newBuilder(URI.create(base.toString()).resolve("api/orders"))
                    .POST(HttpRequest.BodyPublishers.ofString("{}")).header("Content-Type", "application/json").build(),
                    HttpResponse.BodyHandlers.discarding());
            assertEquals(308, post.statusCode(), "a POST is repeated as a POST");
        } finally {
            switchRedirect(false);
        }
        assertEquals(200, http.send(HttpRequest.newBuilder(ping).GET().build(), HttpResponse.BodyHandlers.discarding()).statusCode());
    }

    private void switchRedirect(boolean on) throws Exception {
        var property = Management.address("system-property", "order.tls.redirect");
        Management.execute(management, Operations.createWriteAttributeOperation(property, "value", String.valueOf(on)));
        Management.execute(management, Operations.createOperation("redeploy", Management.address("deployment", OrderDeployment.NAME)));
    }
}
