package org.orderapp.driver;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.orderapp.driver.settings.LoadConfig;
import org.orderapp.driver.workload.Catalog;
import org.orderapp.driver.workload.Endpoint;
import org.orderapp.target.Target;

/** Which endpoints a load sends NewOrder and OrderInquiry to: as asked, or, for auto, what the server answers. */
public final class EndpointProbe {

    private EndpointProbe() {
    }

    /** FORM or API as asked; AUTO: the form endpoint if the server answers it with JSON, else the API. */
    public static Endpoint resolve(LoadConfig.Endpoints asked, Target target, Catalog catalog) {
        switch (asked) {
            case FORM:
                return Endpoint.FORM;
            case API:
                return Endpoint.API;
            default:
                try {
                    var http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).sslContext(target.trust().sslContext()).build();
                    URI probe = Endpoint.FORM.inquiry(target.application(), catalog.customerId(0));
                    var response = http.send(HttpRequest.newBuilder(probe).header("Accept", "application/json")
                            .timeout(Duration.ofSeconds(10)).GET().build(), HttpResponse.BodyHandlers.ofByteArray());
                    if (response.statusCode() == 200 && new ObjectMapper().readTree(response.body()).isArray()) {
                        return Endpoint.FORM;
                    }
                } catch (IOException e) {
                    // not there, or not JSON: the API it is
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return Endpoint.API;
        }
    }
}
