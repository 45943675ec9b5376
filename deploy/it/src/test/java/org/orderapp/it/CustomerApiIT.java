package org.orderapp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.SQLException;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.OperateOnDeployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The first vertical slice, end to end: HTTP, JAX-RS, session bean, JPA, the real database. */
@ExtendWith(ArquillianExtension.class)
class CustomerApiIT {

    private static final long CUSTOMER = 7_000_001L;
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @Deployment(testable = false, name = OrderDeployment.NAME)
    static EnterpriseArchive deployment() {
        return OrderDeployment.ear();
    }

    @ArquillianResource
    @OperateOnDeployment(OrderDeployment.NAME)
    URL base; // the web module: http://host:port/Order/

    @BeforeEach
    void customerExists() throws SQLException {
        try (var c = TestDatabase.connect(); var s = c.createStatement()) {
            s.executeUpdate("INSERT IGNORE INTO distribution_center (id, name, address_line1, city, state, zip_code) "
                    + "VALUES (7001, 'Test DC', '1 Dock Road', 'Portland', 'OR', '97201')");
            s.executeUpdate("INSERT IGNORE INTO pricing_method (id, name, markup_rate) VALUES (7001, 'TEST-MARKUP', 0.3250)");
            s.executeUpdate("INSERT IGNORE INTO customer (id, first_name, last_name, address_line1, address_line2, city, "
                    + "state, zip_code, zip_plus_four, pricing_method_id, distribution_center_id) VALUES (" + CUSTOMER
                    + ", 'Grace', 'Hopper', '12 Harbor St', 'Suite 4', 'Portland', 'OR', '97205', '1234', 7001, 7001)");
        }
    }

    @Test
    void knownCustomerIsReturnedWithPricingMethodAndDistributionCenter() throws Exception {
        var response = get("api/customers/" + CUSTOMER);
        assertEquals(200, response.statusCode(), response.body());
        assertEquals("application/json", response.headers().firstValue("Content-Type").orElse(""));
        JsonObject customer = json(response.body());
        assertEquals(CUSTOMER, customer.getJsonNumber("id").longValue());
        assertEquals("Grace", customer.getString("firstName"));
        assertEquals("Hopper", customer.getString("lastName"));
        JsonObject address = customer.getJsonObject("address");
        assertEquals("12 Harbor St", address.getString("line1"));
        assertEquals("Suite 4", address.getString("line2"));
        assertEquals("97205", address.getString("zipCode"));
        assertEquals("1234", address.getString("zipPlusFour"));
        JsonObject pricing = customer.getJsonObject("pricingMethod");
        assertEquals(7001, pricing.getInt("id"));
        assertEquals("TEST-MARKUP", pricing.getString("name"));
        assertEquals("0.3250", pricing.getJsonNumber("markupRate").bigDecimalValue().toPlainString());
        JsonObject center = customer.getJsonObject("distributionCenter");
        assertEquals(7001, center.getInt("id"));
        assertEquals("Test DC", center.getString("name"));
    }

    @Test
    void unknownCustomerIs404() throws Exception {
        var response = get("api/customers/999999999");
        assertEquals(404, response.statusCode());
        JsonObject error = json(response.body());
        assertEquals(404, error.getInt("status"));
        assertEquals("id", error.getString("field"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"abc", "12x", "1.5", "-7", "0", "99999999999999999999999", "%20"})
    void malformedIdIs400NamingTheField(String id) throws Exception {
        var response = get("api/customers/" + id);
        assertEquals(400, response.statusCode(), response.body());
        JsonObject error = json(response.body());
        assertEquals("id", error.getString("field"));
        assertEquals(400, error.getInt("status"));
    }

    private HttpResponse<String> get(String path) throws Exception {
        var request = HttpRequest.newBuilder(URI.create(base.toString()).resolve(path))
                .header("Accept", "application/json").GET().build();
        return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
    }

    private static JsonObject json(String body) {
        try (var reader = Json.createReader(new StringReader(body))) {
            return reader.readObject();
        }
    }
}
