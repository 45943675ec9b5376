package org.orderapp.application;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * What a client asks for: a customer and the products with quantities, in the order given. The rules of a new
 * order are these constraints, stated once; the interfaces check them where the request comes in (the JSON
 * body, the form) and name a violated one by its property path (customerId, lines, lines[2].quantity).
 */
public record NewOrder(
        @NotNull(message = "is required") @Positive(message = "must be positive") Long customerId,
        @NotNull(message = "is required: a list of lines with productId and quantity")
        @Size(min = 1, message = "must hold at least one line with a productId and a quantity")
        @AtMostSetting(Settings.MAX_LINES)
        @EachProductOnce
        List<@NotNull(message = "must be a line with productId and quantity") @Valid Line> lines) implements Serializable {

    @Schema(name = "NewOrderLine") // OrderDetails has a Line too
    public record Line(
            @NotNull(message = "is required") @Positive(message = "must be positive") Long productId,
            @NotNull(message = "is required") @Positive(message = "must be positive")
            @AtMostSetting(Settings.MAX_QUANTITY) Integer quantity) implements Serializable {
    }

    public NewOrder {
        // Unmodifiable, yet open to null lines so that the constraints, not the constructor, refuse them.
        lines = lines == null ? null : Collections.unmodifiableList(new ArrayList<>(lines));
    }
}
